//! What is sold by the piece (static, IPv4/IPv6 and LTE credentials): the shapes,
//! the stock left, and the Generated Proxies list with its filter, search and pages.

use crate::common::{PASSWORD, TestApp};
use serde_json::json;

const USER: &str = "pieces@example.com";

async fn signed_in(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, |_| {}).await;
    app.register(USER, PASSWORD).await;
    app
}

persistence::both_backends! {

    #[actix_web::test]
    async fn static_credentials_list_countries_and_isps_with_stock(backend) {
        let app = signed_in(backend).await;
        let reply = app.get("/api/user/server_credentials?type=static").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let data = &reply.body["data"];
        let countries = data["supportedCountries"].as_array().unwrap();
        let us = countries.iter().find(|c| c["code"] == "us").expect("US is sold");
        assert_eq!(us["name"], "United States");
        let isps = data["supportedISPs"]["us"].as_array().unwrap();
        let comcast = isps.iter().find(|i| i["code"] == "us-comcast").expect("Comcast");
        assert_eq!(comcast["name"], "Comcast");
        let total: i64 = isps.iter().map(|i| i["amount"].as_i64().unwrap()).sum();
        assert_eq!(us["amount"].as_i64().unwrap(), total, "a country's stock is its ISPs' stock");
        assert_eq!(comcast["amount"], 40);
    }

    async fn datacenter_credentials_list_countries_with_ids(backend) {
        let app = signed_in(backend).await;
        for kind in ["ipv4", "ipv6"] {
            let reply = app.get(&format!("/api/user/server_credentials?type={kind}")).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            let list = reply.body["data"].as_array().unwrap();
            let us = list.iter().find(|c| c["code"] == "us").expect("US");
            assert_eq!(us["id"], format!("{kind}-us"));
            assert_eq!(us["name"], "United States");
            assert!(us["amount"].as_i64().unwrap() > 0);
        }
        for bad in ["premium", "lte", "gold", ""] {
            let reply = app.get(&format!("/api/user/server_credentials?type={bad}")).await;
            assert_eq!((reply.status, reply.message()), (422, "Unknown proxy type"), "{bad}");
        }
        let guest = app.get_with(&app.new_client(), "/api/user/server_credentials?type=static").await;
        assert_eq!(guest.status, 401);
    }

    async fn lte_credentials_list_countries_then_endpoints(backend) {
        let app = signed_in(backend).await;
        let reply = app.get("/api/user/lte_credentials").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let codes: Vec<&str> = reply.body["data"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        assert!(codes.contains(&"us") && codes.contains(&"gb"), "{codes:?}");
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(codes, sorted, "sorted, each once");

        let reply = app.get("/api/user/lte_credentials?country=US").await;
        let records = reply.body["data"].as_array().unwrap();
        assert!(!records.is_empty());
        for r in records {
            for field in ["id", "ip", "type", "isp", "city", "amount"] {
                assert!(r.get(field).is_some(), "{field} in {r}");
            }
            assert!(["HTTPS", "WIFI", "SOCKS5", "SOCKS5-WIFI"].contains(&r["type"].as_str().unwrap()));
        }
        let ny = records.iter().find(|r| r["id"] == "lte-us-newyork-tmobile-https").expect("record");
        assert_eq!((ny["city"].as_str(), ny["isp"].as_str(), ny["type"].as_str()), (Some("New York"), Some("T-Mobile"), Some("HTTPS")));
        assert_eq!(ny["ip"], "127.0.0.1", "the gateway's public host");
        let none = app.get("/api/user/lte_credentials?country=zz").await;
        assert_eq!(none.body["data"], json!([]));
        // Sold-out countries are not offered.
        app.with_conn(|conn| {
            use diesel::prelude::*;
            use persistence::schema::piece_stock::dsl as s;
            diesel::update(s::piece_stock.filter(s::kind.eq("lte")).filter(s::country.eq("gb")))
                .set(s::sold.eq(s::capacity))
                .execute(conn)
                .unwrap();
        });
        let reply = app.get("/api/user/lte_credentials").await;
        assert!(!reply.body["data"].as_array().unwrap().contains(&json!("gb")));
    }

    async fn generated_proxies_are_listed_filtered_searched_and_paged(backend) {
        let app = signed_in(backend).await;
        let id = app.user_id(USER);
        let other = {
            app.with_conn(|conn| persistence::testing::insert_user(conn, "other"))
        };
        app.with_conn(|conn| {
            for i in 0..25 {
                persistence::proxy_history::insert(conn, id, domain::ProxyKind::Static, &format!("h:8000:pcstatic{i:02}:pw"), Some(1_000 + i), i).unwrap();
            }
            persistence::proxy_history::insert(conn, id, domain::ProxyKind::Premium, "h:8000:u1-type-premium:pw", None, 99).unwrap();
            persistence::proxy_history::insert(conn, other, domain::ProxyKind::Static, "h:8000:pcsecret:pw", Some(5), 99).unwrap();
        });
        let all = app.get("/api/user/proxies").await;
        assert_eq!(all.status, 200, "{}", all.text);
        assert_eq!((all.body["total"].as_i64(), all.body["page"].as_i64(), all.body["perPage"].as_i64()), (Some(26), Some(1), Some(20)));
        let items = all.body["items"].as_array().unwrap();
        assert_eq!(items.len(), 20);
        assert_eq!(items[0]["type"], "premium", "newest first");
        assert_eq!(items[0]["expiresAt"], json!(null));
        assert!(!all.text.contains("pcsecret"), "another customer's proxies never show");

        let page2 = app.get("/api/user/proxies?type=static&page=2&perPage=20").await;
        let items = page2.body["items"].as_array().unwrap();
        assert_eq!((page2.body["total"].as_i64(), items.len()), (Some(25), 5));
        assert_eq!(items[4]["proxy"], "h:8000:pcstatic00:pw");
        assert_eq!(items[4]["expiresAt"], 1_000);

        let found = app.get("/api/user/proxies?q=STATIC07").await;
        assert_eq!(found.body["total"], 1);
        assert_eq!(found.body["items"][0]["proxy"], "h:8000:pcstatic07:pw");
        let bad = app.get("/api/user/proxies?type=gold").await;
        assert_eq!(bad.status, 422);
        let control = app.get("/api/user/proxies?q=%00").await;
        assert_eq!(control.status, 422, "{}", control.text);
        assert_eq!(control.body["fields"], json!({ "q": "q must not contain control characters" }));
        let guest = app.get_with(&app.new_client(), "/api/user/proxies").await;
        assert_eq!(guest.status, 401);
    }
}
