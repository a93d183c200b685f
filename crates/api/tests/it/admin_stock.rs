//! The operator's piece stock (`/api/admin/stock`, docs/admin-api/stock.md): entries added and
//! changed with their audit rows, capacity never below what is sold, a closed entry gone from the
//! customers' location lists while the pieces sold from it keep working, and refusals that write
//! nothing.

use crate::common::{PASSWORD, TestApp};
use persistence::audit::AuditFilter;
use serde_json::{Value, json};

const ADMIN: &str = "admin@example.com";
const BUYER: &str = "buyer@example.com";

async fn admin_app(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, |s| s.limits.payments_per_user = 100).await;
    app.register(ADMIN, PASSWORD).await;
    app.make_admin(ADMIN);
    app
}

fn audit_count(app: &TestApp) -> i64 {
    let all = AuditFilter::default();
    app.with_conn(|conn| persistence::audit::list(conn, &all, 1, 0).unwrap().1)
}

fn stock_count(app: &TestApp) -> i64 {
    app.with_conn(|conn| persistence::pieces::count_stock(conn).unwrap())
}

async fn entry(app: &TestApp, kind: &str, code: &str) -> Value {
    let list = app.get(&format!("/api/admin/stock?type={kind}")).await;
    assert_eq!(list.status, 200, "{}", list.text);
    list.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["code"] == code)
        .cloned()
        .expect(code)
}

async fn patch(app: &TestApp, id: i64, body: Value) -> crate::common::Reply {
    app.send(
        app.client
            .patch(app.url(&format!("/api/admin/stock/{id}")))
            .json(&body),
    )
    .await
}

/// The LTE endpoints customers are offered in the Netherlands.
async fn lte_nl(app: &TestApp) -> Vec<String> {
    let reply = app.get("/api/user/lte_credentials?country=nl").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect()
}

/// The static ISP codes customers are offered in `country`.
async fn offered(app: &TestApp, client: &reqwest::Client, country: &str) -> Vec<String> {
    let reply = app
        .get_with(client, "/api/user/server_credentials?type=static")
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.body["data"]["supportedISPs"][country]
        .as_array()
        .map(|isps| {
            isps.iter()
                .map(|i| i["code"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn add_list_and_change_entries(backend) {
        let app = admin_app(backend).await;
        let created = app.post_json("/api/admin/stock", json!({
            "type": "lte", "country": "NL", "city": "Amsterdam", "isp": "kpn", "ispName": "KPN",
            "connType": "HTTPS", "capacity": 4 })).await;
        assert_eq!(created.status, 201, "{}", created.text);
        let item = created.body.clone();
        assert_eq!(item["code"], "lte-nl-amsterdam-kpn-https");
        assert_eq!((item["type"].as_str(), item["country"].as_str()), (Some("lte"), Some("nl")));
        assert_eq!((item["capacity"].as_i64(), item["sold"].as_i64(), item["available"].as_i64()), (Some(4), Some(0), Some(4)));
        assert_eq!((item["active"].as_bool(), item["ip"].clone()), (Some(true), Value::Null));
        let id = item["id"].as_i64().unwrap();
        let rows = app.audit_rows_of("stock.create");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].target.as_deref(), Some(format!("stock:{id}").as_str()));
        assert_eq!((rows[0].before(), rows[0].after()), (None, Some(item.clone())));

        let coded = app.post_json("/api/admin/stock", json!({ "type": "ipv4", "code": "ipv4-nl-2", "country": "nl", "capacity": 0 })).await;
        assert_eq!(coded.status, 201, "{}", coded.text);
        assert_eq!(coded.body["code"], "ipv4-nl-2");
        let generated = app.post_json("/api/admin/stock", json!({ "type": "ipv6", "country": "PT", "capacity": 10 })).await;
        assert_eq!(generated.body["code"], "ipv6-pt");

        let nl = app.get("/api/admin/stock?country=NL").await;
        let items = nl.body["items"].as_array().unwrap();
        assert!(items.iter().all(|i| i["country"] == "nl"));
        assert!(items.len() >= 2);
        let admin_lte = app.get("/api/admin/stock?type=lte&country=nl").await;
        assert_eq!(admin_lte.body["items"].as_array().unwrap().len(), 1);

        let changed = patch(&app, id, json!({ "capacity": 9 })).await;
        assert_eq!(changed.status, 200, "{}", changed.text);
        assert_eq!((changed.body["capacity"].as_i64(), changed.body["available"].as_i64()), (Some(9), Some(9)));
        let rows = app.audit_rows_of("stock.update");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].before(), Some(item));
        assert_eq!(rows[0].after(), Some(changed.body.clone()));

        // The new LTE endpoint is on sale at once, and gone at once when closed.
        assert!(lte_nl(&app).await.contains(&"lte-nl-amsterdam-kpn-https".to_owned()));
        let closed = patch(&app, id, json!({ "active": false })).await;
        assert_eq!((closed.status, closed.body["active"].as_bool()), (200, Some(false)));
        assert!(!lte_nl(&app).await.contains(&"lte-nl-amsterdam-kpn-https".to_owned()));
    }

    async fn capacity_never_below_sold_and_a_closed_entry_keeps_its_pieces_working(backend) {
        let app = admin_app(backend).await;
        let buyer = app.new_client();
        app.register_with(&buyer, BUYER, PASSWORD).await;
        let payment = app.top_up_with(&buyer, 20.0, "LTC").await;
        app.pay(&payment).await;
        let plans = app.get_with(&buyer, "/api/user/plan?type=static").await;
        let plan = plans.body["plan"]["plans"][0]["id"].as_i64().unwrap();
        let bought = app.post_json_with(&buyer, "/api/user/get_proxy",
            json!({ "type": "static", "plan": plan, "country": "us", "location": "us-comcast", "quantity": 2 })).await;
        assert_eq!(bought.status, 200, "{}", bought.text);
        let username = bought.body["proxies"][0].as_str().unwrap().split(':').nth(2).unwrap().to_owned();

        let comcast = entry(&app, "static", "us-comcast").await;
        let id = comcast["id"].as_i64().unwrap();
        assert_eq!(comcast["sold"], 2);
        let audits = audit_count(&app);
        let below = patch(&app, id, json!({ "capacity": 1, "active": false })).await;
        assert_eq!((below.status, below.message()), (409, "Capacity cannot be lower than the number already sold"));
        assert_eq!(entry(&app, "static", "us-comcast").await, comcast, "nothing written");
        assert_eq!(audit_count(&app), audits);
        let exact = patch(&app, id, json!({ "capacity": 2 })).await;
        assert_eq!((exact.status, exact.body["available"].as_i64()), (200, Some(0)));

        assert!(offered(&app, &buyer, "us").await.contains(&"us-comcast".to_owned()));
        let closed = patch(&app, id, json!({ "active": false })).await;
        assert_eq!((closed.status, closed.body["active"].as_bool()), (200, Some(false)));
        // Gone from what customers can buy...
        assert!(!offered(&app, &buyer, "us").await.contains(&"us-comcast".to_owned()));
        let refused = app.post_json_with(&buyer, "/api/user/get_proxy",
            json!({ "type": "static", "plan": plan, "country": "us", "location": "us-comcast", "quantity": 1 })).await;
        assert_eq!(refused.status, 422, "{}", refused.text);
        // ...while the pieces sold from it still list and still open the gateway.
        let listed = app.get_with(&buyer, "/api/user/proxies?type=static").await;
        assert_eq!(listed.body["total"], 2);
        let credential = app.with_conn(|conn| persistence::piece_credentials::find(conn, &username).unwrap());
        assert!(credential.is_some(), "a sold piece keeps working");
        assert_eq!(entry(&app, "static", "us-comcast").await["active"], false, "listed for the operator");
        assert_eq!(app.audit_rows_of("stock.update").len(), 2);
    }

    async fn refusals_name_the_field_and_write_nothing(backend) {
        let app = admin_app(backend).await;
        let (stock_before, audit_before) = (stock_count(&app), audit_count(&app));
        let base = json!({ "type": "ipv4", "country": "fr", "capacity": 5 });
        let cases = [
            ("type", json!("premium"), "Stock is kept for static, lte, ipv4 and ipv6 only"),
            ("type", json!("gold"), "Stock is kept for static, lte, ipv4 and ipv6 only"),
            ("country", json!(" "), "Please enter a country"),
            ("capacity", json!(-1), "Please enter a valid capacity"),
            ("capacity", json!(1.5), "Please enter a valid capacity"),
        ];
        for (field, value, message) in cases {
            let mut body = base.clone();
            body[field] = value.clone();
            let reply = app.post_json("/api/admin/stock", body).await;
            assert_eq!(reply.status, 422, "{field} = {value}: {}", reply.text);
            assert_eq!((reply.message(), reply.body["fields"][field].as_str()), (message, Some(message)));
        }
        let duplicate = app.post_json("/api/admin/stock", json!({ "type": "ipv4", "country": "us", "capacity": 5 })).await;
        assert_eq!((duplicate.status, duplicate.message()), (409, "This stock entry already exists"));
        let missing = patch(&app, 999_999, json!({ "capacity": 5 })).await;
        assert_eq!((missing.status, missing.message()), (404, "Stock entry not found"));
        let id = entry(&app, "ipv4", "ipv4-us").await["id"].as_i64().unwrap();
        let bad = patch(&app, id, json!({ "capacity": -3 })).await;
        assert_eq!((bad.status, bad.message()), (422, "Please enter a valid capacity"));
        let kind = app.get("/api/admin/stock?type=budget").await;
        assert_eq!((kind.status, kind.message()), (422, "Stock is kept for static, lte, ipv4 and ipv6 only"));

        let customer = app.new_client();
        app.register_with(&customer, BUYER, PASSWORD).await;
        assert_eq!(app.get_with(&customer, "/api/admin/stock").await.status, 403);
        assert_eq!(app.post_json_with(&customer, "/api/admin/stock", base.clone()).await.status, 403);
        assert_eq!(app.get_with(&reqwest::Client::new(), "/api/admin/stock").await.status, 401);
        assert_eq!((stock_count(&app), audit_count(&app)), (stock_before, audit_before));
    }
}
