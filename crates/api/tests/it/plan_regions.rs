//! A plan card's regions are where its kind can be bought now (issue 10): the residential
//! locations for Premium and Budget, the piece stock with something left for the other kinds,
//! so that the cards agree with the buy forms.

use crate::common::TestApp;
use diesel::prelude::*;
use persistence::schema::piece_stock;
use serde_json::Value;
use std::collections::BTreeSet;

async fn regions(app: &TestApp, kind: &str) -> Vec<Vec<String>> {
    let reply = app.get(&format!("/api/user/plan?type={kind}")).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body["plan"]["plans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|plan| {
            plan["regions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap().to_owned())
                .collect()
        })
        .collect()
}

/// The upper-case countries the IPv4/IPv6 buy form offers with stock left.
async fn form_countries(app: &TestApp, kind: &str) -> BTreeSet<String> {
    let reply = app
        .get(&format!("/api/user/server_credentials?type={kind}"))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["amount"].as_i64().unwrap() > 0)
        .map(|c: &Value| c["code"].as_str().unwrap().to_uppercase())
        .collect()
}

fn sell_out(app: &TestApp, kind: &str, country: &str) {
    app.with_conn(|conn| {
        diesel::update(
            piece_stock::table
                .filter(piece_stock::kind.eq(kind))
                .filter(piece_stock::country.eq(country)),
        )
        .set(piece_stock::sold.eq(piece_stock::capacity))
        .execute(conn)
        .unwrap();
    });
}

persistence::both_backends! {

    #[actix_web::test]
    async fn residential_plans_list_every_location_country(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let countries: BTreeSet<String> = domain::locations::countries()
            .iter()
            .map(|c| c.code.to_uppercase())
            .collect();
        for kind in ["premium", "budget"] {
            for plan in regions(&app, kind).await {
                // the plan's own flagships first ("UK" is no country code and drops out)
                assert_eq!(plan[..3], ["US", "JP", "CA"], "{kind}");
                assert!(!plan.contains(&"UK".to_owned()), "{kind}");
                assert_eq!(plan.iter().cloned().collect::<BTreeSet<_>>(), countries, "{kind}");
                assert_eq!(plan.len(), countries.len(), "{kind}: no duplicates");
            }
        }
    }

    async fn piece_plans_list_the_countries_with_stock_as_the_form_does(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register("buyer@example.com", crate::common::PASSWORD).await;
        for kind in ["ipv4", "ipv6"] {
            let form = form_countries(&app, kind).await;
            for plan in regions(&app, kind).await {
                assert_eq!(plan.iter().cloned().collect::<BTreeSet<_>>(), form, "{kind}");
            }
        }
        // IPv6 is stocked in GB although the stored plan text never named it
        assert!(regions(&app, "ipv6").await[0].contains(&"GB".to_owned()));

        sell_out(&app, "ipv6", "gb");
        sell_out(&app, "static", "jp");
        let ipv6 = regions(&app, "ipv6").await;
        assert!(!ipv6[0].contains(&"GB".to_owned()), "{ipv6:?}");
        assert_eq!(ipv6[0].iter().cloned().collect::<BTreeSet<_>>(), form_countries(&app, "ipv6").await);
        let static_plans = regions(&app, "static").await;
        assert!(static_plans.iter().all(|plan| !plan.contains(&"JP".to_owned()) && plan.contains(&"US".to_owned())));
        let lte = regions(&app, "lte").await;
        assert_eq!(lte[0], ["US", "GB", "DE", "FR"]);
    }
}
