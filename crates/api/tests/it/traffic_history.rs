//! The proxy history of generations (docs/api.md#proxy-history): a rotating generation of N
//! identical lines is one row with quantity N, sticky lines one row per session, and rows from
//! before (pieces, older generations) count one line each.

use crate::traffic_generate::{premium, with_traffic};
use serde_json::json;

persistence::both_backends! {

    #[actix_web::test]
    async fn a_thousand_rotating_lines_are_one_row_with_their_quantity(backend) {
        let app = with_traffic(backend).await;
        let mut body = premium("random", "http|https");
        body["quantity"] = json!(1000);
        let reply = app.post_json("/api/user/generate", body).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let lines = reply.body["proxies"].as_array().unwrap();
        assert_eq!(lines.len(), 1000, "the answer still has every line");
        assert!(lines.iter().all(|line| line == &lines[0]), "rotating lines are identical");

        let history = app.get("/api/user/proxy_history?type=premium").await;
        let rows = history.body["history"].as_array().unwrap();
        assert_eq!(rows.len(), 1, "{rows:?}");
        assert_eq!((&rows[0]["proxy"], &rows[0]["quantity"]), (&lines[0], &json!(1000)));
        let page = app.get("/api/user/proxies?type=premium").await;
        assert_eq!(page.body["total"], 1, "{}", page.text);
        assert_eq!(page.body["items"][0]["quantity"], 1000);
        assert_eq!(page.body["items"][0]["proxy"], lines[0]);
    }

    async fn sticky_lines_are_one_row_each(backend) {
        let app = with_traffic(backend).await;
        let mut body = premium("sticky", "http|https");
        body["quantity"] = json!(5);
        let reply = app.post_json("/api/user/generate", body).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let mut lines: Vec<String> = reply.body["proxies"].as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_owned()).collect();

        let history = app.get("/api/user/proxy_history?type=premium").await;
        let rows = history.body["history"].as_array().unwrap();
        assert_eq!(rows.len(), 5, "{rows:?}");
        assert!(rows.iter().all(|row| row["quantity"] == 1), "{rows:?}");
        let mut recorded: Vec<String> = rows.iter().map(|row| row["proxy"].as_str().unwrap().to_owned()).collect();
        lines.sort();
        recorded.sort();
        assert_eq!(recorded, lines);
        assert_eq!(app.get("/api/user/proxies").await.body["total"], 5);

        // Budget's rotating lines keep a session each for the rotation time: they differ too.
        let budget = json!({ "country": "us", "quantity": 3, "lifetime": 15, "rotation": "random" });
        assert_eq!(app.post_json("/api/user/generate_budget", budget).await.status, 200);
        let rows = app.get("/api/user/proxy_history?type=budget").await.body["history"].clone();
        assert_eq!(rows.as_array().unwrap().len(), 3, "{rows}");
    }

    async fn a_row_recorded_one_line_at_a_time_counts_one(backend) {
        let app = with_traffic(backend).await;
        let id = app.user_id(crate::traffic_generate::USER);
        app.with_conn(|conn| persistence::proxy_history::insert(conn, id, domain::ProxyKind::Static, "h:8000:pcstatic:pw", Some(99), 1).unwrap());
        let history = app.get("/api/user/proxy_history?type=static").await;
        assert_eq!(history.body["history"][0]["quantity"], 1, "{}", history.text);
        assert_eq!(app.get("/api/user/proxies?type=static").await.body["items"][0]["quantity"], 1);
    }
}
