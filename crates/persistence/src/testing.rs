//! Test databases: each test gets its own fresh SQLite file, or its own fresh PostgreSQL
//! database (created from `TEST_DATABASE_URL`, dropped afterwards). Enabled by the `testing`
//! feature, for this crate's tests and those of the crates above it.
#![allow(clippy::expect_used)]

use crate::connection::{Backend, DbPool, PoolOptions, connect, run_migrations};
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
    pub fn new(backend: Backend) -> Option<Self> {
        let db = Self::empty(backend)?;
        let mut conn = db.pool.get().expect("test pool");
        run_migrations(&mut conn).expect("migrations");
        drop(conn);
        Some(db)
    }

    /// A database with no tables yet.
    pub fn empty(backend: Backend) -> Option<Self> {
        match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().expect("temp dir");
                let url = format!("sqlite://{}", dir.path().join("test.db").display());
                let pool = connect(&url, &small_pool()).expect("sqlite pool");
                Some(TestDatabase {
                    url,
                    backend,
                    pool,
                    cleanup: Cleanup::Sqlite(dir),
                })
            }
            Backend::Postgres => {
                let admin_url = std::env::var("TEST_DATABASE_URL").ok()?;
                let name = format!("proxyshop_test_{}", crate::testing::suffix());
                let mut admin = diesel::PgConnection::establish(&admin_url)
                    .expect("TEST_DATABASE_URL must reach PostgreSQL");
                // A commit need not wait for its WAL to reach the disk (each would wait for an
                // fsync): a test never outlives a crash of the PostgreSQL server.
                // (Two statements: CREATE DATABASE may not run inside a transaction block.)
                for sql in [
                    format!("CREATE DATABASE {name}"),
                    format!("ALTER DATABASE {name} SET synchronous_commit = off"),
                ] {
                    admin.batch_execute(&sql).expect("create database");
                }
                let url = with_database(&admin_url, &name);
                let pool = connect(&url, &small_pool()).expect("postgres pool");
                Some(TestDatabase {
                    url,
                    backend,
                    pool,
                    cleanup: Cleanup::Postgres { admin_url, name },
                })
            }
        }
    }
}

fn small_pool() -> PoolOptions {
    PoolOptions {
        max_size: 8,
        ..PoolOptions::default()
    }
}

fn suffix() -> String {
    use rand::Rng;
    let n: u64 = rand::thread_rng().r#gen();
    format!("{}_{n:x}", std::process::id())
}

/// `postgres://u@h:5432/test?x=y` with the database name replaced.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let root = match base[scheme_end..].find('/') {
        Some(i) => &base[..scheme_end + i],
        None => base,
    };
    match query {
        Some(q) => format!("{root}/{name}?{q}"),
        None => format!("{root}/{name}"),
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

/// Inserts a plain user for tests: email `<tag>@example.com`, proxy username `u<tag>`, proxy
/// password `secretpw`, referral code `R<tag>`; returns its id.
pub fn insert_user(conn: &mut crate::DbConnection, tag: &str) -> domain::UserId {
    insert_user_with_email(conn, &format!("{tag}@example.com"), tag).expect("insert test user")
}

/// [`insert_user`] with its own email; the insert's error (a taken email or mailbox) is the
/// caller's to check.
pub fn insert_user_with_email(
    conn: &mut crate::DbConnection,
    email: &str,
    tag: &str,
) -> crate::DbResult<domain::UserId> {
    let t = crate::now();
    let user = crate::users::insert(
        conn,
        &crate::users::NewUser {
            email,
            password_hash: None,
            google_sub: None,
            name: tag,
            avatar_url: None,
            role: "user",
            ref_code: &format!("R{tag}"),
            referred_by: None,
            proxy_username: &format!("u{tag}"),
            proxy_password: "secretpw",
            created_at: t,
            updated_at: t,
        },
    )?;
    Ok(user.id)
}

/// A one-piece order and its piece as raw rows: kind and status are text, so a test can also
/// store values the typed code never writes.
pub struct RawPiece<'a> {
    pub kind: &'a str,
    pub status: &'a str,
    pub source: &'a str,
    pub username: &'a str,
    pub expires_at: i64,
}

/// Inserts `piece` for `user_id` (password `pw-<username>`); returns the piece's id.
pub fn insert_raw_piece(
    conn: &mut crate::DbConnection,
    user_id: domain::UserId,
    piece: &RawPiece,
) -> i64 {
    use crate::schema::{piece_orders, piece_proxies};
    let t = crate::now();
    let order_id: i64 = diesel::insert_into(piece_orders::table)
        .values((
            piece_orders::user_id.eq(user_id),
            piece_orders::kind.eq(piece.kind),
            piece_orders::quantity.eq(1),
            piece_orders::price_cents.eq(300),
            piece_orders::status.eq(piece.status),
            piece_orders::source.eq(piece.source),
            piece_orders::created_at.eq(t),
            piece_orders::updated_at.eq(t),
        ))
        .returning(piece_orders::id)
        .get_result(conn)
        .expect("insert test order");
    diesel::insert_into(piece_proxies::table)
        .values((
            piece_proxies::order_id.eq(order_id),
            piece_proxies::user_id.eq(user_id),
            piece_proxies::kind.eq(piece.kind),
            piece_proxies::host.eq("127.0.0.1"),
            piece_proxies::port.eq(8000),
            piece_proxies::username.eq(piece.username),
            piece_proxies::password.eq(format!("pw-{}", piece.username)),
            piece_proxies::expires_at.eq(piece.expires_at),
            piece_proxies::created_at.eq(t),
        ))
        .returning(piece_proxies::id)
        .get_result(conn)
        .expect("insert test piece")
}

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

/// Declares each test twice, as `<name>::sqlite` and `<name>::postgres`; the body gets a
/// `&TestDatabase`. The PostgreSQL variant returns early when `TEST_DATABASE_URL` is unset.
#[macro_export]
macro_rules! db_test {
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
                let Some(db) = $crate::testing::TestDatabase::new($crate::Backend::Postgres) else {
                    eprintln!("TEST_DATABASE_URL unset: PostgreSQL variant not run");
                    return;
                };
                run(&db);
            }
        }
    )*};
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
