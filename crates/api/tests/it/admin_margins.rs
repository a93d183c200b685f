//! The operator's margins (`GET /api/admin/margins`, docs/admin-api/margins.md) and the pool on
//! each connection record: revenue at the customer's price per GB, cost exactly the bytes a pool
//! carried times its cost per GB at the time (a price change applies from then on), the window
//! and who may ask; the operator's records name the pool, and no customer answer does.

use crate::common::{PASSWORD, TestApp};
use domain::calendar::utc_day;
use domain::usage::{CredentialKind, Outcome};
use domain::{Cents, ProxyKind, UserId};
use persistence::connection_records::{self, NewRecord};
use persistence::traffic_purchases::{self, NewTrafficPurchase, Source};
use serde_json::{Value, json};

const ADMIN: &str = "margins-boss@example.com";
const CUSTOMER: &str = "margins-buyer@example.com";
const POOL_NAME: &str = "Zeta Pool 7";

/// An app signed in as an operator, with a customer who bought 10 GB of Premium for $30 and a
/// pool at $1.75/GB; the customer's id, their own client and the pool's id.
async fn shop(backend: persistence::Backend) -> (TestApp, UserId, reqwest::Client, i64) {
    let app = TestApp::start(backend, |_| {}).await;
    app.register(ADMIN, PASSWORD).await;
    app.make_admin(ADMIN);
    let client = app.new_client();
    app.register_with(&client, CUSTOMER, PASSWORD).await;
    let user = app.user_id(CUSTOMER);
    app.with_conn(|conn| {
        let row = NewTrafficPurchase {
            user_id: user,
            kind: ProxyKind::Premium,
            plan_id: None,
            bytes: 10_000_000_000,
            price: Cents::new(3_000),
            source: Source::Purchase,
        };
        traffic_purchases::record(conn, &row).unwrap()
    });
    let pool = json!({ "name": POOL_NAME, "kinds": ["premium"], "protocol": "http",
                       "host": "pool.invalid", "port": 7000, "username": "u", "password": "p",
                       "costPerGb": 1.75, "preset": "decodo" });
    let created = app.post_json("/api/admin/upstreams", pool).await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["upstream"]["id"].as_i64().unwrap();
    (app, user, client, id)
}

/// What a gateway flush writes for one connection of `bytes` through `pool`: the record, the
/// metered usage and the pool's day, in one transaction.
fn flush(app: &TestApp, user: UserId, pool: Option<i64>, bytes: i64) {
    let day = utc_day(persistence::now());
    let record = NewRecord {
        user_id: user,
        started_at: persistence::now(),
        duration_ms: 5,
        credential_kind: CredentialKind::Main,
        credential_id: None,
        credential_label: "main".into(),
        kind: ProxyKind::Premium,
        host: "example.com".into(),
        port: 443,
        bytes_up: 0,
        bytes_down: bytes,
        outcome: Outcome::Ok,
        reason: None,
        upstream_id: pool,
        source: None,
        connect_ms: None,
        country: None,
    };
    app.with_conn(|conn| {
        persistence::write_transaction(conn, |c| {
            persistence::traffic::record_usage(c, user, ProxyKind::Premium, &day, bytes)?;
            let records = std::slice::from_ref(&record);
            connection_records::insert_many(c, records)?;
            persistence::upstream_daily::add(c, records, &day)
        })
        .unwrap()
    });
}

fn today(kind_or_pool: &Value) -> &Value {
    let days = kind_or_pool["perDay"].as_array().unwrap();
    days.last().unwrap()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn margins_are_revenue_at_the_price_paid_less_bytes_times_the_pool_price(backend) {
        let (app, user, _, pool) = shop(backend).await;
        // 1.234 GB through the pool at $1.75/GB: $2.1595, shown $2.16. The customer paid $3/GB.
        flush(&app, user, Some(pool), 1_234_000_000);
        let reply = app.get("/api/admin/margins?days=7").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let body = &reply.body;
        assert_eq!((body["days"].as_i64(), body["to"].as_str()), (Some(7), Some(utc_day(persistence::now()).as_str())));
        let premium = &body["kinds"][0];
        assert_eq!(premium["type"], "premium");
        assert_eq!(premium["perDay"].as_array().unwrap().len(), 7);
        let expected = json!({ "gbSold": 1.234, "revenue": 3.7, "gbCarried": 1.234, "cost": 2.16,
                               "margin": 1.54, "marginPercent": 41.62 });
        assert_eq!(premium["total"], expected);
        let day = today(premium);
        assert_eq!(day["day"], utc_day(persistence::now()));
        assert_eq!((day["cost"].clone(), day["revenue"].clone()), (json!(2.16), json!(3.7)));
        assert_eq!(body["kinds"][1]["type"], "budget");
        assert_eq!(body["kinds"][1]["total"]["marginPercent"], Value::Null);
        let listed = &body["pools"][0];
        assert_eq!((listed["id"].as_i64(), listed["name"].as_str()), (Some(pool), Some(POOL_NAME)));
        assert_eq!(listed["total"], expected, "the pool carried every byte sold");

        // The price rises to $3/GB: what was carried keeps its cost, 0.766 GB more cost $2.298.
        let change = app.client.patch(app.url(&format!("/api/admin/upstreams/{pool}"))).json(&json!({ "costPerGb": 3 }));
        assert_eq!(app.send(change).await.status, 200);
        flush(&app, user, Some(pool), 766_000_000);
        // Direct traffic is sold but costs nothing.
        flush(&app, user, None, 1_000_000_000);
        let body = app.get("/api/admin/margins").await.body;
        assert_eq!(body["days"], 30);
        // 1.234 × 175 + 0.766 × 300 = 445.75 cents.
        assert_eq!(body["kinds"][0]["total"], json!({ "gbSold": 3.0, "revenue": 9.0, "gbCarried": 2.0,
            "cost": 4.46, "margin": 4.54, "marginPercent": 50.44 }));
        assert_eq!(body["total"]["cost"], 4.46);
        assert_eq!(body["pools"][0]["total"]["cost"], 4.46);
        assert_eq!(body["pools"][0]["total"]["revenue"], 6.0);
    }

    async fn the_window_is_checked_and_only_operators_may_ask(backend) {
        let (app, _, client, _) = shop(backend).await;
        for bad in ["0", "366", "x", "", "1.5"] {
            let reply = app.get(&format!("/api/admin/margins?days={bad}")).await;
            assert_eq!(reply.status, 422, "{bad}: {}", reply.text);
            assert_eq!(reply.body["fields"], json!({ "days": "Days must be between 1 and 365" }), "{bad}");
        }
        assert_eq!(app.get("/api/admin/margins?days=365").await.body["kinds"][0]["perDay"].as_array().unwrap().len(), 365);
        assert_eq!(app.get_with(&client, "/api/admin/margins").await.status, 403);
        assert_eq!(app.get_with(&app.new_client(), "/api/admin/margins").await.status, 401);
    }

    async fn the_operator_sees_the_pool_of_each_record_and_the_customer_never_does(backend) {
        let (app, user, client, pool) = shop(backend).await;
        flush(&app, user, Some(pool), 4_096);
        flush(&app, user, None, 512);
        let reply = app.get(&format!("/api/admin/users/{}/requests", user.get())).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let rows = reply.body["requests"].as_array().unwrap();
        assert_eq!(rows.len(), 2);
        let through: Vec<&Value> = rows.iter().map(|r| &r["upstream"]).collect();
        assert!(through.contains(&&json!({ "id": pool, "name": POOL_NAME })), "{through:?}");
        assert!(through.contains(&&Value::Null), "{through:?}");
        assert!(rows.iter().all(|r| r["host"] == "example.com" && r["credential"]["kind"] == "main"));
        assert_eq!(app.get("/api/admin/users/999999/requests").await.status, 404);
        assert_eq!(app.get_with(&client, &format!("/api/admin/users/{}/requests", user.get())).await.status, 403);

        // Every answer the customer can read without a path parameter (signing out aside).
        let doc = app.get("/api/openapi.json").await.body;
        let paths: Vec<String> = doc["paths"].as_object().unwrap().iter()
            .filter(|(path, ops)| ops.get("get").is_some() && !path.starts_with("/api/admin") && !path.contains('{') && !path.ends_with("/logout"))
            .map(|(path, _)| path.clone())
            .collect();
        assert!(paths.iter().any(|p| p == "/api/user/requests.csv"), "{paths:?}");
        for path in paths {
            let reply = app.get_with(&client, &path).await;
            for leak in [POOL_NAME, "\"upstream\"", "upstreamId", "upstream_id", "pool.invalid"] {
                assert!(!reply.text.contains(leak), "{path} shows {leak}: {}", reply.text);
            }
        }
        let own = app.get_with(&client, "/api/user/requests").await;
        assert_eq!(own.body["requests"].as_array().unwrap().len(), 2, "{}", own.text);
        assert_eq!(app.get_with(&client, "/api/user/usage/breakdown?by=host").await.status, 200);
        let csv = app.get_with(&client, "/api/user/requests.csv").await;
        assert_eq!(csv.text.split_terminator("\r\n").count(), 3);
    }
}
