//! An authenticated read costs one database round trip: the session store reads the session
//! and its user's row in one query (`persistence::sessions::load_with_user`), the extractors ask
//! nothing more, and the pool sends no test query on checkout. Counted through diesel's default
//! instrumentation, which every pooled connection reports to.
#![allow(clippy::unwrap_used, clippy::expect_used)]

// Not `both_backends!`: the two backends run one after the other, as the counter is shared.
#[allow(unused_macros)]
#[path = "it/common/mod.rs"]
mod common;

use common::{PASSWORD, TestApp};
use diesel::connection::{Instrumentation, InstrumentationEvent};
use persistence::Backend;
use std::sync::atomic::{AtomicUsize, Ordering};

static QUERIES: AtomicUsize = AtomicUsize::new(0);

fn counting() -> Option<Box<dyn Instrumentation>> {
    Some(Box::new(|event: InstrumentationEvent<'_>| {
        if matches!(event, InstrumentationEvent::StartQuery { .. }) {
            QUERIES.fetch_add(1, Ordering::SeqCst);
        }
    }))
}

/// The fewest queries seen while `path` was requested, over several tries (a background job's
/// tick may fall into one of them; it cannot lower the count).
async fn fewest_queries(app: &TestApp, path: &str) -> usize {
    let mut fewest = usize::MAX;
    for _ in 0..5 {
        QUERIES.store(0, Ordering::SeqCst);
        let reply = app.get(path).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        fewest = fewest.min(QUERIES.load(Ordering::SeqCst));
    }
    fewest
}

async fn one_round_trip(backend: Backend) {
    diesel::connection::set_default_instrumentation(counting).unwrap();
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
        return;
    };
    app.register("queries@example.com", PASSWORD).await;
    assert_eq!(app.current_user().await["email"], "queries@example.com");
    assert_eq!(fewest_queries(&app, "/api/getuserinfo").await, 1);
}

/// One test for both backends: the counter is global to this binary, so nothing may run beside.
#[actix_web::test]
async fn an_authenticated_read_is_one_query() {
    one_round_trip(Backend::Sqlite).await;
    one_round_trip(Backend::Postgres).await;
}
