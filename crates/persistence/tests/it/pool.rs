//! The pool: a checkout sends no query of its own, a connection whose server went away is
//! dropped when it comes back instead of being handed out again, and a query's prepared
//! statement is reused by the next call on the same connection.

use diesel::connection::{Instrumentation, InstrumentationEvent, SimpleConnection};
use diesel::prelude::*;
use persistence::testing::TestDatabase;
use persistence::{Backend, DbConnection, PoolOptions, both_backends, now, sessions};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts the statements sent, and the statements prepared for the cache.
#[derive(Clone, Default)]
struct Counts {
    queries: Arc<AtomicUsize>,
    prepared: Arc<AtomicUsize>,
}

impl Counts {
    fn watch(&self, conn: &mut DbConnection) {
        let counts = self.clone();
        conn.set_instrumentation(move |event: InstrumentationEvent<'_>| match event {
            InstrumentationEvent::StartQuery { .. } => {
                counts.queries.fetch_add(1, Ordering::SeqCst);
            }
            InstrumentationEvent::CacheQuery { .. } => {
                counts.prepared.fetch_add(1, Ordering::SeqCst);
            }
            _ => {}
        });
    }

    fn take(&self) -> (usize, usize) {
        (
            self.queries.swap(0, Ordering::SeqCst),
            self.prepared.swap(0, Ordering::SeqCst),
        )
    }
}

both_backends! {
    fn a_checkout_sends_no_query(db) {
        let counts = Counts::default();
        // Every connection of the pool (8), watched, then back into the pool.
        let mut held: Vec<_> = (0..8).map(|_| db.pool.get().unwrap()).collect();
        for conn in &mut held {
            counts.watch(conn);
        }
        drop(held);
        counts.take();
        for _ in 0..20 {
            let conn = db.pool.get().unwrap();
            drop(conn);
        }
        assert_eq!(counts.take().0, 0, "no test query on checkout");
    }

    fn a_repeated_query_reuses_its_prepared_statement(db) {
        let mut conn = db.pool.get().unwrap();
        let user = persistence::testing::insert_user(&mut conn, "cache");
        let t = now();
        sessions::insert(&mut conn, "k", Some(user), "{}", t + 60, t).unwrap();
        let counts = Counts::default();
        counts.watch(&mut conn);
        for _ in 0..3 {
            assert!(sessions::load_with_user(&mut conn, "k", t).unwrap().is_some());
        }
        let (queries, prepared) = counts.take();
        assert_eq!(queries, 3);
        assert_eq!(prepared, 1, "prepared once, then reused");
        sessions::load_with_user(&mut conn, "k", t).unwrap();
        assert_eq!(counts.take(), (1, 0), "the fourth call prepares nothing");
    }
}

/// A connection the server closed fails the query that meets it, and is then dropped: the next
/// checkout gets a new, working connection (PostgreSQL: the server ends the backend).
#[test]
fn a_connection_that_lost_its_server_is_not_handed_out_again() {
    let Some(db) = TestDatabase::new(Backend::Postgres) else {
        eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
        return;
    };
    let pool = persistence::connect(
        &db.url,
        &PoolOptions {
            max_size: 1,
            ..PoolOptions::default()
        },
    )
    .unwrap();
    let backend_pid = |conn: &mut DbConnection| {
        diesel::select(diesel::dsl::sql::<diesel::sql_types::Integer>(
            "pg_backend_pid()",
        ))
        .get_result::<i32>(conn)
    };
    let first = backend_pid(&mut pool.get().unwrap()).unwrap();
    let mut admin = db.pool.get().unwrap();
    admin
        .batch_execute(&format!("SELECT pg_terminate_backend({first})"))
        .unwrap();
    let mut conn = pool.get().unwrap();
    assert!(
        backend_pid(&mut conn).is_err(),
        "the closed connection fails its query"
    );
    drop(conn);
    let second = backend_pid(&mut pool.get().unwrap()).expect("a new connection works");
    assert_ne!(first, second);
}

#[test]
fn health_watching_keeps_the_default_instrumentation() {
    // A connection's own instrumentation stays in charge of what diesel reports by default.
    fn counting() -> Option<Box<dyn Instrumentation>> {
        Some(Box::new(|event: InstrumentationEvent<'_>| {
            if matches!(event, InstrumentationEvent::StartQuery { .. }) {
                DEFAULT_SEEN.fetch_add(1, Ordering::SeqCst);
            }
        }))
    }
    static DEFAULT_SEEN: AtomicUsize = AtomicUsize::new(0);
    diesel::connection::set_default_instrumentation(counting).unwrap();
    let db = TestDatabase::new(Backend::Sqlite).unwrap();
    let mut conn = db.pool.get().unwrap();
    let before = DEFAULT_SEEN.load(Ordering::SeqCst);
    conn.batch_execute("SELECT 1").unwrap();
    assert!(DEFAULT_SEEN.load(Ordering::SeqCst) > before);
}
