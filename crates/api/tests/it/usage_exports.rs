//! Usage exports prepared in the background (`/api/user/requests/exports`): the file is the
//! streamed `requests.csv` of the same window byte for byte, as CSV or as the stored gzip;
//! one in the making and 5 kept per customer; another customer's are 404; one writer per
//! export (a claim taken over after it ran out leaves the first writer nothing to write); a
//! writer stopped midway hands the export back; expired ones go with their files.

use crate::common::TestApp;
use crate::usage_records::{OWNER, insert, record, seeded};
use app::usage_exports::{Parts, TOO_MANY, UNFINISHED, write_waiting};
use persistence::usage_exports as store;
use serde_json::{Value, json};
use std::io::Read;

/// Small parts, so that a few dozen records make several (pages of 4, parts of at least 10).
const SMALL: Parts = Parts {
    page: 4,
    records: 10,
};
const WINDOW: &str = "from=2026-11-20&to=2026-12-10";

/// The window; the other filters null, which the body's schema allows and reads as absent.
fn asked() -> Value {
    json!({"from": "2026-11-20", "to": "2026-12-10",
           "type": null, "host": null, "outcome": null, "credential": null})
}

async fn write_all(app: &TestApp) -> app::usage_exports::Written {
    write_waiting(app.pool(), || false, SMALL).await.unwrap()
}

/// The owner's 5 seeded records and 25 more on 2026-12-03 (30 in the window).
async fn thirty(backend: persistence::Backend) -> TestApp {
    let (app, _) = seeded(backend).await;
    let owner = app.user_id(OWNER);
    let t = 1_796_256_000; // 2026-12-03
    let more: Vec<_> = (0..25)
        .map(|i| record(owner, t + i * 60, &format!("h{i}.example"), i, 2 * i))
        .collect();
    insert(&app, &more);
    app
}

persistence::both_backends! {
    #[actix_web::test]
    async fn an_export_is_the_streamed_csv_of_its_window(backend) {
        let app = thirty(backend).await;
        let made = app.post_json("/api/user/requests/exports", asked()).await;
        assert_eq!(made.status, 202, "{}", made.text);
        assert_eq!(made.body["status"], "pending");
        assert_eq!(made.body["format"], "csv", "by default");
        assert_eq!(made.body["downloadUrl"], Value::Null);
        let id = made.body["id"].as_i64().unwrap();
        let file = format!("/api/user/requests/exports/{id}/file");

        let again = app.post_json("/api/user/requests/exports", asked()).await;
        assert_eq!((again.status, again.message()), (409, UNFINISHED));
        let early = app.get(&file).await;
        assert_eq!((early.status, early.message()), (409, "the export is not ready"));

        let written = write_all(&app).await;
        assert_eq!((written.ready, written.failed, written.lost), (1, 0, 0));
        let read = app.get(&format!("/api/user/requests/exports/{id}")).await;
        assert_eq!(read.body["status"], "ready", "{}", read.text);
        assert_eq!(read.body["records"], 30);
        assert_eq!(read.body["downloadUrl"], json!(file));
        let parts = app.with_conn(|c| store::find(c, app.user_id(OWNER), id).unwrap().unwrap().parts);
        assert!(parts >= 3, "{parts} parts");

        let streamed = app.get(&format!("/api/user/requests.csv?{WINDOW}")).await;
        assert_eq!(streamed.text.split_terminator("\r\n").count(), 31, "a header and 30 lines");
        let plain = app.get(&file).await;
        assert_eq!(plain.status, 200);
        assert_eq!(plain.header("content-encoding"), None);
        assert_eq!(plain.header("content-disposition"), Some("attachment; filename=\"requests-2026-11-20-2026-12-10.csv\""));
        assert_eq!(plain.text, streamed.text, "the file is the streamed CSV of its window");
        assert_eq!(read.body["csvBytes"], streamed.text.len());

        // A client that takes gzip gets the stored parts as they are: one gzip stream.
        let zipped = app.client.get(app.url(&file)).header("accept-encoding", "gzip").send().await.unwrap();
        assert_eq!(zipped.headers()["content-encoding"], "gzip");
        let bytes = zipped.bytes().await.unwrap();
        let mut text = String::new();
        flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut text).unwrap();
        assert_eq!(text, streamed.text);

        let listed = app.get("/api/user/requests/exports").await;
        assert_eq!(listed.body["items"].as_array().unwrap().len(), 1);
        assert_eq!(app.send(app.client.delete(app.url(&format!("/api/user/requests/exports/{id}")))).await.status, 204);
        assert_eq!(app.get(&file).await.status, 404);
        assert_eq!(app.get("/api/user/requests/exports").await.body, json!({"items": []}));
    }

    async fn another_customers_export_is_not_found_and_five_are_kept(backend) {
        let app = thirty(backend).await;
        let id = app.post_json("/api/user/requests/exports", asked()).await.body["id"].as_i64().unwrap();
        write_all(&app).await;
        let stranger = app.new_client();
        app.register_with(&stranger, "other@example.com", crate::common::PASSWORD).await;
        for path in [format!("/api/user/requests/exports/{id}"), format!("/api/user/requests/exports/{id}/file")] {
            assert_eq!(app.get_with(&stranger, &path).await.status, 404, "{path}");
        }
        let gone = app.send(stranger.delete(app.url(&format!("/api/user/requests/exports/{id}")))).await;
        assert_eq!(gone.status, 404);
        assert_eq!(app.get_with(&stranger, "/api/user/requests/exports").await.body, json!({"items": []}));

        for _ in 1..5 {
            assert_eq!(app.post_json("/api/user/requests/exports", asked()).await.status, 202);
            write_all(&app).await;
        }
        let sixth = app.post_json("/api/user/requests/exports", asked()).await;
        assert_eq!((sixth.status, sixth.message()), (409, TOO_MANY));
        // Expired ones go, with their files, and make room.
        let later = persistence::now() + store::KEEP_SECS + 1;
        let purged = app.with_conn(|c| store::purge_expired(c, later, 100).unwrap());
        assert_eq!(purged, 5);
        let parts: i64 = app.with_conn(|c| {
            use diesel::prelude::*;
            persistence::schema::usage_export_parts::table.count().get_result(c).unwrap()
        });
        assert_eq!(parts, 0);
        assert_eq!(app.post_json("/api/user/requests/exports", asked()).await.status, 202);
    }

    async fn an_export_has_one_writer_and_a_stopped_one_hands_it_back(backend) {
        let app = thirty(backend).await;
        let id = app.post_json("/api/user/requests/exports", asked()).await.body["id"].as_i64().unwrap();
        let now = persistence::now();
        let (_, mut first) = app.with_conn(|c| store::claim_next(c, now, now + 120).unwrap()).unwrap();
        assert_eq!(first.export_id, id);
        assert!(app.with_conn(|c| store::claim_next(c, now, now + 120).unwrap()).is_none(), "held");
        assert!(app.with_conn(|c| store::add_part(c, &mut first, b"x", 1, 1, now + 130).unwrap()));
        // The first writer stops renewing: after its claim ran out, another takes the export over
        // from its start, and the first can write nothing more.
        let (row, second) = app.with_conn(|c| store::claim_next(c, now + 131, now + 251).unwrap()).unwrap();
        assert_eq!((row.id, row.parts, row.records), (id, 0, 0));
        assert!(!app.with_conn(|c| store::add_part(c, &mut first, b"y", 1, 1, now + 140).unwrap()));
        assert!(!app.with_conn(|c| store::finish(c, &first, now).unwrap()));
        // The second writer's shutdown hands it back, pending for any writer at once.
        assert!(app.with_conn(|c| store::release(c, &second).unwrap()));
        assert_eq!(app.get(&format!("/api/user/requests/exports/{id}")).await.body["status"], "pending");

        // `stop` between two parts: the export is handed back, then written whole by the next run.
        let calls = std::cell::Cell::new(0);
        let stopped = write_waiting(app.pool(), || { calls.set(calls.get() + 1); calls.get() > 1 }, SMALL).await.unwrap();
        assert_eq!((stopped.ready, stopped.lost), (0, 0));
        let row = app.with_conn(|c| store::find(c, app.user_id(OWNER), id).unwrap().unwrap());
        assert_eq!((row.status.as_str(), row.claimed_until), ("pending", None));
        assert_eq!(write_all(&app).await.ready, 1);
        let file = app.get(&format!("/api/user/requests/exports/{id}/file")).await;
        assert_eq!(file.text.split_terminator("\r\n").count(), 31, "{} {}", file.status, file.text);
    }

    async fn an_export_window_is_checked_as_the_streamed_ones(backend) {
        let (app, _) = seeded(backend).await;
        let wide = app.post_json("/api/user/requests/exports", json!({"from": "2026-10-01", "to": "2026-12-10"})).await;
        assert_eq!(wide.status, 422, "{}", wide.text);
        assert!(wide.body["fields"]["from"].as_str().unwrap().starts_with("an export covers at most 30 days"));
        let host = app.post_json("/api/user/requests/exports", json!({"host": "x", "from": "2026-11-20", "to": "2026-12-10"})).await;
        assert_eq!(host.status, 422);
        assert!(host.body["fields"]["host"].is_string());
        let kind = app.post_json("/api/user/requests/exports", json!({"type": "nope"})).await;
        assert_eq!(kind.status, 400, "{}", kind.text);
        // Without dates: the last 24 hours, as the streamed export.
        let day = app.post_json("/api/user/requests/exports", json!({})).await;
        assert_eq!(day.status, 202, "{}", day.text);
        assert_eq!(day.body["to"].as_i64().unwrap() - day.body["from"].as_i64().unwrap(), 86_400);
        let guest = app.new_client();
        assert_eq!(app.post_json_with(&guest, "/api/user/requests/exports", json!({})).await.status, 401);
    }
}
