//! A flood of photo uploads must not starve anybody else. One signed-in customer sending 120
//! parallel uploads of a small PNG declaring 4096×4096 once decoded them all at once on the
//! blocking pool that every database read waits on: other customers' reads took seconds, a
//! sign-in over 20 s, `/readyz` failed. Now decodes run on the photo pool
//! (`app::accounts::photos`): one photo per customer at a time, a bounded queue, 429 at once
//! beyond it. Proved structurally, not by timing: the decoding threads are held busy (as by
//! long decodes) while one customer floods and others fill the queue; the refusals come at
//! once (while nothing could have been decoded), another customer reads and signs in meanwhile, and once the threads are free the
//! queued photos are decoded, never more at once than the pool has threads.

use crate::account_support::*;
use crate::common::{PASSWORD, Reply, TestApp};
use app::accounts::photos;
use domain::UserId;
use image::ImageFormat;
use serde_json::json;
use std::future::Future;
use std::sync::mpsc;
use std::time::Duration;

/// The longest the test waits for any one thing: only against a hang, never a measure.
const PATIENCE: Duration = Duration::from_secs(30);

const FLOOD: usize = 20;
const IN_PROGRESS: &str = "Your previous photo is still being processed: one photo at a time. Please try again in a moment";
const BUSY: &str =
    "Too many photos are being processed right now. Please try again in a few seconds";

async fn patiently<T>(what: &str, future: impl Future<Output = T>) -> T {
    tokio::time::timeout(PATIENCE, future)
        .await
        .unwrap_or_else(|_| panic!("{what}: nothing after {PATIENCE:?}"))
}

/// Waits until `ready` holds, looking every few milliseconds.
async fn until(what: &str, ready: impl Fn() -> bool) {
    patiently(what, async {
        while !ready() {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
}

/// Takes every decoding thread with a job that waits for the test's word, as long decodes
/// would; dropping (or sending on) the returned senders lets them go.
async fn hold_the_decoding_threads() -> Vec<mpsc::Sender<()>> {
    let mut releases = Vec::new();
    for n in 0..photos::threads() {
        let (release, gate) = mpsc::channel::<()>();
        let turn = photos::claim(UserId::new(-1 - n as i64)).unwrap();
        actix_web::rt::spawn(async move { turn.decode(move || gate.recv()).await });
        releases.push(release);
    }
    until("the threads held", || {
        photos::running() == photos::threads()
    })
    .await;
    releases
}

/// Starts an upload of `png` from `client`; its reply arrives on the returned handle.
fn upload(
    app: &TestApp,
    client: &reqwest::Client,
    png: &[u8],
) -> actix_web::rt::task::JoinHandle<Reply> {
    let request = client
        .post(app.url("/api/user/avatar"))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(multipart("file", "me.png", "image/png", png));
    actix_web::rt::spawn(async move { Reply::read(request.send().await.unwrap()).await })
}

fn assert_refused(reply: &Reply, message: &str) {
    assert_eq!(reply.status, 429, "{}", reply.text);
    assert_eq!(reply.body, json!({ "message": message }));
    assert_eq!(reply.header("retry-after"), Some("2"));
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_flood_of_uploads_is_refused_at_once_and_others_are_served(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let flooder = app.customer("flood@example.com").await;
        let other = app.customer("other@example.com").await;
        let late = app.customer("late@example.com").await;
        // Small, so the test is quick, but a real decode: a PNG of 64×64 pixels.
        let png = encode(&picture(64, 64), ImageFormat::Png);
        let releases = hold_the_decoding_threads().await;

        // One customer's flood: one upload queues, every other is refused at once.
        let mut flood: Vec<_> = (0..FLOOD).map(|_| upload(&app, &flooder, &png)).collect();
        let answered = || flood.iter().filter(|h| h.is_finished()).count();
        until("the flood's refusals", || answered() >= FLOOD - 1).await;
        let pending = flood
            .iter()
            .position(|h| !h.is_finished())
            .expect("one upload of the flood waits for its decode");
        let queued = flood.swap_remove(pending);
        for handle in flood {
            assert_refused(&handle.await.unwrap(), IN_PROGRESS);
        }
        until("the flood's one decode queued", || photos::waiting() == 1).await;

        // Another customer's photo still gets its place in the queue.
        let others = upload(&app, &other, &png);
        until("the other photo queued", || photos::waiting() == 2).await;
        // Photos of further customers fill the queue (as the test's own jobs, sparing their
        // sign-ups); the next customer is told it is busy.
        let fillers: Vec<_> = (2..photos::QUEUE)
            .map(|n| {
                let turn = photos::claim(UserId::new(-100 - n as i64)).unwrap();
                actix_web::rt::spawn(async move { turn.decode(|| ()).await })
            })
            .collect();
        until("the queue full", || photos::waiting() == photos::QUEUE).await;
        let refused = patiently("the busy refusal", upload(&app, &late, &png)).await.unwrap();
        assert_refused(&refused, BUSY);

        // Meanwhile that customer reads, signs in afresh, and the server is ready.
        let me = patiently("a read", app.get_with(&late, "/api/getuserinfo")).await;
        assert_eq!(me.status, 200, "{}", me.text);
        assert_eq!(me.body["user"]["email"], "late@example.com");
        let fresh = app.new_client();
        let body = json!({ "email": "late@example.com", "password": PASSWORD });
        let signed_in = patiently("a sign-in", app.post_json_with(&fresh, "/api/login", body)).await;
        assert_eq!(signed_in.status, 200, "{}", signed_in.text);
        let ready = patiently("readiness", app.get("/readyz")).await;
        assert_eq!(ready.status, 200, "{}", ready.text);

        // The threads free: every queued photo is decoded, never more at once than threads.
        drop(releases);
        for handle in [queued, others] {
            let reply = patiently("a queued photo", handle).await.unwrap();
            assert_eq!(reply.status, 200, "{}", reply.text);
            assert_eq!(reply.message(), "Photo updated");
        }
        for filler in fillers {
            patiently("a filler", filler).await.unwrap().unwrap();
        }
        let most = app::accounts::avatar_image::most_decoding_at_once();
        assert!((1..=photos::threads()).contains(&most), "{most} decodes at once");
        assert_eq!(app.avatar_rows(), 2);
    }
}
