//! Usage records as JSON: `GET /api/user/requests.json` streams one array (past one page) of
//! the objects the list shows, under the filters and window of the CSV; a background export
//! asked with `format: "json"` is that same file, served as JSON (plain or as the stored gzip);
//! a `format` other than csv or json is a 422 naming it.

use crate::common::TestApp;
use crate::usage_records::{OWNER, insert, record, seeded};
use app::usage_exports::{Parts, write_waiting};
use serde_json::{Value, json};
use std::io::Read;

/// 2026-12-01T00:00:00Z.
const T0: i64 = 1_796_083_200;
const WINDOW: &str = "from=2026-11-30&to=2026-12-03";

/// The owner's 5 seeded records and, older, one more than the streamed export's page (1,000).
async fn over_a_page(backend: persistence::Backend) -> TestApp {
    let (app, _) = seeded(backend).await;
    let owner = app.user_id(OWNER);
    let bulk: Vec<_> = (0..1_001)
        .map(|i| record(owner, T0 - 5_000 + i, "bulk.example", i, 1))
        .collect();
    insert(&app, &bulk);
    app
}

persistence::both_backends! {
    #[actix_web::test]
    async fn the_json_streams_the_lists_records(backend) {
        let app = over_a_page(backend).await;
        let reply = app.get(&format!("/api/user/requests.json?{WINDOW}")).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("content-type"), Some("application/json"));
        assert_eq!(reply.header("content-disposition"), Some("attachment; filename=\"requests.json\""));
        assert_eq!(reply.header("content-length"), None, "streamed");
        let records = reply.body.as_array().unwrap_or_else(|| panic!("an array: {}", reply.text));
        assert_eq!(records.len(), 5 + 1_001, "every record once, none of the stranger's");
        // Each object is the list's, field for field, newest first.
        let listed = app.get(&format!("/api/user/requests?{WINDOW}&perPage=200")).await;
        assert_eq!(&records[..200], listed.body["requests"].as_array().unwrap().as_slice());
        assert_eq!(records[1]["source"], "9.9.9.9");
        let bulk_up: Vec<i64> = records[5..].iter().map(|r| r["bytesUp"].as_i64().unwrap()).collect();
        assert_eq!(bulk_up, (0..1_001).rev().collect::<Vec<_>>());

        let none = app.get("/api/user/requests.json?from=2026-11-01&to=2026-11-02").await;
        assert_eq!((none.status, none.body.clone()), (200, json!([])), "{}", none.text);
        let filtered = app.get("/api/user/requests.json?host=other&from=2026-12-01&to=2026-12-03").await;
        assert_eq!(filtered.body.as_array().unwrap().len(), 1);
        let bad = app.get("/api/user/requests.json?outcome=maybe").await;
        assert_eq!(bad.status, 400);
        let wide = app.get("/api/user/requests.json?from=2026-10-01&to=2026-12-10").await;
        assert_eq!(wide.status, 422);
        let guest = app.new_client();
        assert_eq!(app.get_with(&guest, "/api/user/requests.json").await.status, 401);
    }

    async fn a_json_export_is_the_streamed_json_of_its_window(backend) {
        let (app, _) = seeded(backend).await;
        let asked = json!({"from": "2026-11-30", "to": "2026-12-03", "format": "json"});
        let made = app.post_json("/api/user/requests/exports", asked).await;
        assert_eq!(made.status, 202, "{}", made.text);
        assert_eq!(made.body["format"], "json");
        let id = made.body["id"].as_i64().unwrap();
        let small = Parts { page: 2, records: 2 };
        assert_eq!(write_waiting(app.pool(), || false, small).await.unwrap().ready, 1);

        let streamed = app.get(&format!("/api/user/requests.json?{WINDOW}")).await;
        let file = format!("/api/user/requests/exports/{id}/file");
        let plain = app.get(&file).await;
        assert_eq!(plain.status, 200);
        assert_eq!(plain.header("content-type"), Some("application/json"));
        assert_eq!(plain.header("content-disposition"), Some("attachment; filename=\"requests-2026-11-30-2026-12-03.json\""));
        assert_eq!(plain.text, streamed.text, "the file is the streamed JSON of its window");
        assert_eq!(plain.body.as_array().unwrap().len(), 5);
        let read = app.get(&format!("/api/user/requests/exports/{id}")).await;
        assert_eq!(read.body["csvBytes"], streamed.text.len());
        let zipped = app.client.get(app.url(&file)).header("accept-encoding", "gzip").send().await.unwrap();
        assert_eq!(zipped.headers()["content-encoding"], "gzip");
        let mut text = String::new();
        flate2::read::GzDecoder::new(&zipped.bytes().await.unwrap()[..]).read_to_string(&mut text).unwrap();
        assert_eq!(text, streamed.text);
    }

    async fn an_export_format_is_csv_or_json(backend) {
        let (app, _) = seeded(backend).await;
        for format in ["xml", "JSON ", "ndjson"] {
            let reply = app.post_json("/api/user/requests/exports", json!({"format": format})).await;
            assert_eq!(reply.status, 422, "{format}: {}", reply.text);
            assert_eq!(reply.body["fields"]["format"], "format must be csv or json", "{format}");
        }
        let typed = app.post_json("/api/user/requests/exports", json!({"format": 1})).await;
        assert_eq!(typed.status, 422, "{}", typed.text);
        assert!(typed.body["fields"]["format"].is_string(), "{}", typed.text);
        let from = app.post_json("/api/user/requests/exports", json!({"from": {}})).await;
        assert_eq!(from.status, 422, "{}", from.text);
        assert!(from.body["fields"]["from"].is_string(), "{}", from.text);
        assert_eq!(app.get("/api/user/requests/exports").await.body, json!({"items": []}), "nothing asked");
        let default = app.post_json("/api/user/requests/exports", json!({"format": null})).await;
        assert_eq!((default.status, default.body["format"].clone()), (202, Value::from("csv")));
    }
}
