//! Test databases: each test gets its own fresh SQLite file, or its own fresh PostgreSQL
//! database (created from `TEST_DATABASE_URL`, dropped afterwards). Enabled by the `testing`
//! feature, for this crate's tests and those of the crates above it.
#![allow(clippy::expect_used)]

use crate::connection::{Backend, DbPool, connect, run_migrations};
use databases::{
    admin_connection, create_database, postgres_template, sqlite_file, sqlite_template, suffix,
    with_database,
};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;

pub struct TestDatabase {
    pub url: String,
    pub backend: Backend,
    pub pool: DbPool,
    cleanup: Cleanup,
}

enum Cleanup {
    Sqlite(#[allow(dead_code)] tempfile::TempDir),
    Postgres { admin_url: String, name: String },
}

impl TestDatabase {
    /// A migrated database on `backend`, or None for PostgreSQL when `TEST_DATABASE_URL` is unset.
    /// It is a copy of a template migrated once per set of migrations (see [`template_key`]), so
    /// that a test does not pay for running every migration again.
    pub fn new(backend: Backend) -> Option<Self> {
        let db = match backend {
            Backend::Sqlite => {
                let (dir, url) = sqlite_file();
                std::fs::copy(sqlite_template(), dir.path().join("test.db"))
                    .expect("copy template");
                Self::sqlite(dir, url)
            }
            Backend::Postgres => {
                let admin_url = std::env::var("TEST_DATABASE_URL").ok()?;
                let mut admin = admin_connection(&admin_url);
                let template = postgres_template(&mut admin, &admin_url);
                Self::postgres(admin, admin_url, Some(&template))
            }
        };
        let mut conn = db.pool.get().expect("test pool");
        // Nothing to do unless the template is behind the migrations; checks that it is not.
        run_migrations(&mut conn).expect("migrations");
        drop(conn);
        Some(db)
    }

    /// A database with no tables yet.
    pub fn empty(backend: Backend) -> Option<Self> {
        match backend {
            Backend::Sqlite => {
                let (dir, url) = sqlite_file();
                Some(Self::sqlite(dir, url))
            }
            Backend::Postgres => {
                let admin_url = std::env::var("TEST_DATABASE_URL").ok()?;
                let admin = admin_connection(&admin_url);
                Some(Self::postgres(admin, admin_url, None))
            }
        }
    }

    fn sqlite(dir: tempfile::TempDir, url: String) -> Self {
        let pool = connect(&url, &small_pool()).expect("sqlite pool");
        TestDatabase {
            url,
            backend: Backend::Sqlite,
            pool,
            cleanup: Cleanup::Sqlite(dir),
        }
    }

    /// A new database, empty or copied from `template`.
    fn postgres(
        mut admin: diesel::PgConnection,
        admin_url: String,
        template: Option<&str>,
    ) -> Self {
        let name = format!("proxyshop_test_{}", crate::testing::suffix());
        let create = create_database(&mut admin, &name, template);
        // A commit need not wait for its WAL to reach the disk (each would wait for an
        // fsync): a test never outlives a crash of the PostgreSQL server.
        // (Two statements: CREATE DATABASE may not run inside a transaction block.)
        for sql in [
            create,
            format!("ALTER DATABASE {name} SET synchronous_commit = off"),
        ] {
            admin.batch_execute(&sql).expect("create database");
        }
        let url = with_database(&admin_url, &name);
        let pool = connect(&url, &small_pool()).expect("postgres pool");
        TestDatabase {
            url,
            backend: Backend::Postgres,
            pool,
            cleanup: Cleanup::Postgres { admin_url, name },
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Cleanup::Postgres { admin_url, name } = &self.cleanup
            && let Ok(mut admin) = diesel::PgConnection::establish(admin_url)
        {
            let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
}

mod databases;
mod fixtures;

pub use databases::small_pool;
pub use fixtures::{RawPiece, insert_raw_piece, insert_user, insert_user_with_email};

/// Runs `each` on `threads` threads at once (released together by a barrier), each with its own
/// pooled connection, and waits for all of them: for race tests.
pub fn concurrently(
    db: &TestDatabase,
    threads: usize,
    each: impl Fn(&mut crate::DbConnection, usize) + Send + Sync + 'static,
) {
    use std::sync::{Arc, Barrier};
    let barrier = Arc::new(Barrier::new(threads));
    let each = Arc::new(each);
    let handles: Vec<_> = (0..threads)
        .map(|i| {
            let pool = db.pool.clone();
            let barrier = barrier.clone();
            let each = each.clone();
            std::thread::spawn(move || {
                let mut conn = pool.get().expect("a pooled connection");
                barrier.wait();
                each(&mut conn, i);
            })
        })
        .collect();
    for h in handles {
        h.join().expect("a racing thread panicked");
    }
}

/// Declares each test twice, as `<name>::sqlite` and `<name>::postgres`: the one way a test runs
/// on both backends, in every crate. The PostgreSQL variant returns early, saying so, when
/// `TEST_DATABASE_URL` is unset.
///
/// - `fn name(db) { … }`: a plain test; the body gets a `&TestDatabase`.
/// - `#[runtime::test] async fn name(backend) { … }`: an async test under the given attribute
///   (`#[actix_web::test]`, `#[tokio::test(flavor = "multi_thread")]`); the body gets the
///   `Backend`.
/// - `#[runtime::test] name, other_name`: the same for functions `async fn name(backend: Backend)`
///   declared beside the macro.
#[macro_export]
macro_rules! both_backends {
    (#[$test:meta] $(async fn $name:ident($backend:ident) $body:block)*) => {$(
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run($backend: $crate::Backend) $body

            #[$test]
            async fn sqlite() {
                run($crate::Backend::Sqlite).await
            }

            #[$test]
            async fn postgres() {
                if $crate::testing::postgres_configured() {
                    run($crate::Backend::Postgres).await
                }
            }
        }
    )*};
    (#[$test:meta] $($name:ident),+ $(,)?) => {$(
        mod $name {
            #[$test]
            async fn sqlite() {
                super::$name($crate::Backend::Sqlite).await
            }

            #[$test]
            async fn postgres() {
                if $crate::testing::postgres_configured() {
                    super::$name($crate::Backend::Postgres).await
                }
            }
        }
    )*};
    ($(fn $name:ident($db:ident) $body:block)*) => {$(
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            fn run($db: &$crate::testing::TestDatabase) $body

            #[test]
            fn sqlite() {
                let db = $crate::testing::TestDatabase::new($crate::Backend::Sqlite).expect("sqlite");
                run(&db);
            }

            #[test]
            fn postgres() {
                if let Some(db) = $crate::testing::TestDatabase::new($crate::Backend::Postgres) {
                    run(&db);
                } else {
                    $crate::testing::postgres_configured();
                }
            }
        }
    )*};
}

/// Whether `TEST_DATABASE_URL` names a PostgreSQL server for the tests; says so on stderr when
/// it does not (the PostgreSQL variant of a test then passes without running).
pub fn postgres_configured() -> bool {
    let configured = std::env::var_os("TEST_DATABASE_URL").is_some();
    if !configured {
        eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
    }
    configured
}

#[cfg(test)]
mod tests {
    #[test]
    fn replaces_the_database_name() {
        assert_eq!(
            super::with_database("postgres://p@h:5432/test", "x"),
            "postgres://p@h:5432/x"
        );
        assert_eq!(
            super::with_database("postgres://p@h/test?sslmode=disable", "x"),
            "postgres://p@h/x?sslmode=disable"
        );
        assert_eq!(
            super::with_database("postgres://p@h", "x"),
            "postgres://p@h/x"
        );
    }
}
