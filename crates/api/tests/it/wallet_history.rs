//! `GET /api/user/wallet`: the ledger newest first with signed amounts and running balances,
//! pagination, and the recent payments with a pay link only while they can still be paid.

use crate::common::{PASSWORD, TestApp};
use persistence::wallet::{self, EntryKind};
use serde_json::json;

const PAYER: &str = "payer@example.com";

persistence::both_backends! {

    #[actix_web::test]
    async fn a_guest_has_no_wallet(backend) {
        let app = TestApp::start(backend, |_| {}).await;

        let reply = app.get("/api/user/wallet").await;

        assert_eq!(reply.status, 401, "{}", reply.text);
    }

    async fn a_new_customer_has_an_empty_wallet(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(PAYER, PASSWORD).await;

        let reply = app.get("/api/user/wallet").await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("cache-control"), Some("no-store"));
        assert_eq!(
            reply.body,
            json!({
                "balance": 0.0, "entries": [], "total": 0, "page": 1, "perPage": 20,
                "payments": [],
            })
        );
    }

    async fn the_ledger_reads_newest_first_with_running_balances(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(PAYER, PASSWORD).await;
        let first = app.top_up(25.0).await;
        app.pay(&first).await;
        let second = app.top_up(10.5).await;
        app.pay(&second).await;
        // A purchase, written as the shop would (a debit with its own reference).
        let user_id = app.user_id(PAYER);
        app.with_conn(|conn| {
            persistence::write_transaction(conn, |conn| {
                wallet::debit(conn, user_id, domain::Cents::new(750), EntryKind::Purchase, "order-1", Some("Plan"))
            })
            .unwrap()
        });

        let reply = app.get("/api/user/wallet").await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("cache-control"), Some("no-store"));
        assert_eq!(reply.body["balance"], json!(28.0));
        assert_eq!(reply.body["total"], 3);
        let entries = reply.body["entries"].as_array().unwrap();
        let seen: Vec<_> = entries
            .iter()
            .map(|e| (e["kind"].clone(), e["amount"].clone(), e["balanceAfter"].clone(), e["reference"].clone()))
            .collect();
        assert_eq!(
            seen,
            vec![
                (json!("purchase"), json!(-7.5), json!(28.0), json!("order-1")),
                (json!("topup"), json!(10.5), json!(35.5), json!(second)),
                (json!("topup"), json!(25.0), json!(25.0), json!(first)),
            ]
        );
        assert_eq!(entries[0]["note"], "Plan");
        assert_eq!(entries[2]["note"], "Top-up in LTC");
        assert!(entries.iter().all(|e| e["id"].is_i64() && e["createdAt"].is_i64()));
        app.assert_books_balance(&[PAYER]);

        // One entry per page: page 2 is the middle one; past the end is empty.
        let reply = app.get("/api/user/wallet?perPage=1&page=2").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!((reply.body["page"].clone(), reply.body["perPage"].clone()), (json!(2), json!(1)));
        assert_eq!(reply.body["total"], 3);
        let entries = reply.body["entries"].as_array().unwrap();
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0]["reference"], second.as_str());
        let reply = app.get("/api/user/wallet?perPage=1&page=4").await;
        assert_eq!(reply.body["entries"], json!([]));
        assert_eq!(reply.body["total"], 3);

        // Out-of-range paging is refused with the allowed range, never silently changed.
        let reply = app.get("/api/user/wallet?perPage=1000&page=0").await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body["fields"], json!({ "page": "page must be a whole number of at least 1",
                                                 "perPage": "perPage must be a whole number from 1 to 200" }));
        let reply = app.get("/api/user/wallet?perPage=-3").await;
        assert_eq!((reply.status, reply.message()), (422, "perPage must be a whole number from 1 to 200"));
        let reply = app.get("/api/user/wallet?perPage=1&page=9223372036854775807").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["entries"], json!([]));
        assert_eq!(app.get("/api/user/wallet?page=abc").await.status, 400);
    }

    async fn payments_show_their_status_and_a_link_only_while_payable(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(PAYER, PASSWORD).await;
        let paid = app.top_up(25.0).await;
        app.pay(&paid).await;
        let expired = app.top_up(5.0).await;
        app.expire(&expired, 60);
        let open = app.top_up_with(&app.client, 7.25, "TRX").await;

        let reply = app.get("/api/user/wallet").await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        let payments = reply.body["payments"].as_array().unwrap();
        assert_eq!(payments.len(), 3, "{}", reply.text);
        let find = |id: &str| payments.iter().find(|p| p["id"] == id).unwrap().clone();
        let open_row = find(&open);
        assert_eq!(open_row["status"], "pending");
        assert_eq!(open_row["amount"], json!(7.25));
        assert_eq!(open_row["currency"], "TRX");
        assert_eq!(open_row["url"], format!("{}/checkout/{open}", app.address));
        assert!(open_row["createdAt"].is_i64());
        let paid_row = find(&paid);
        assert_eq!((paid_row["status"].clone(), paid_row["url"].clone()), (json!("paid"), json!(null)));
        // Pending in the books until reconciled, but shown as what it is: expired, not payable.
        let expired_row = find(&expired);
        assert_eq!(expired_row["status"], "expired");
        assert_eq!(expired_row["url"], json!(null));

        // Another customer sees none of them.
        let other = app.new_client();
        app.register_with(&other, "other@example.com", PASSWORD).await;
        let reply = app.get_with(&other, "/api/user/wallet").await;
        assert_eq!(reply.body["payments"], json!([]));
        assert_eq!(reply.body["entries"], json!([]));
    }
}
