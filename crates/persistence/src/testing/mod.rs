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
        let create = create_database(&name, template);
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

/// `CREATE DATABASE name`, copied from `template` when there is one, in the tablespace that
/// `TEST_DATABASE_TABLESPACE` names when it is set. `.ci/run` makes one in memory: a test's
/// database is created and dropped again within seconds, and on ext4 most of that was the file
/// system's work (a database is a few hundred files).
fn create_database(name: &str, template: Option<&str>) -> String {
    let mut sql = format!("CREATE DATABASE {name}");
    if let Some(template) = template {
        sql.push_str(&format!(" TEMPLATE {template}"));
    }
    if let Some(space) = std::env::var("TEST_DATABASE_TABLESPACE")
        .ok()
        .filter(|space| !space.is_empty())
    {
        assert!(
            space
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
            "TEST_DATABASE_TABLESPACE must be a tablespace's plain name (a-z, 0-9, _)"
        );
        sql.push_str(&format!(" TABLESPACE {space}"));
    }
    sql
}

fn admin_connection(admin_url: &str) -> diesel::PgConnection {
    diesel::PgConnection::establish(admin_url).expect("TEST_DATABASE_URL must reach PostgreSQL")
}

/// A fresh temporary directory and the URL of `test.db` inside it.
fn sqlite_file() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("test.db").display());
    (dir, url)
}

/// What names a template: a hash of every migration of both backends (name and SQL), so that a
/// changed migration gets a new template. Read from the repository's `migrations/` folder, which
/// the tests always run beside.
fn template_key() -> u64 {
    use std::hash::{Hash, Hasher};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations");
    let mut files = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("migrations folder") {
            let path = entry.expect("migrations entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    // The standard hasher with its fixed keys: the same files give the same key in every process.
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for file in files {
        file.strip_prefix(&root).expect("inside").hash(&mut hasher);
        std::fs::read(&file)
            .expect("migration file")
            .hash(&mut hasher);
    }
    hasher.finish()
}

/// The migrated SQLite file the tests copy, made by the first test that needs it (written under
/// another name and renamed, so that no test copies half a file).
fn sqlite_template() -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!(
        "proxyshop-test-template-{:016x}.db",
        template_key()
    ));
    if !path.exists() {
        let (dir, url) = sqlite_file();
        let pool = connect(&url, &small_pool()).expect("sqlite pool");
        let mut conn = pool.get().expect("test pool");
        run_migrations(&mut conn).expect("migrations");
        let partial = dir.path().join("template.db");
        conn.batch_execute(&format!("VACUUM INTO '{}'", partial.display()))
            .expect("vacuum into");
        std::fs::rename(&partial, &path)
            .or_else(|_| std::fs::copy(&partial, &path).map(drop))
            .expect("template in place");
    }
    path
}

/// The migrated PostgreSQL database the tests copy (`CREATE DATABASE … TEMPLATE`), made by the
/// first test that needs it under an advisory lock, so that concurrent test processes build it
/// once; older templates are dropped then.
fn postgres_template(admin: &mut diesel::PgConnection, admin_url: &str) -> String {
    use diesel::sql_types::{BigInt, Text};
    #[derive(QueryableByName)]
    struct Name {
        #[diesel(sql_type = Text)]
        datname: String,
    }
    const LOCK: i64 = 0x7072_6f78_7973;
    let name = format!("proxyshop_template_{:016x}", template_key());
    diesel::sql_query("SELECT pg_advisory_lock($1)")
        .bind::<BigInt, _>(LOCK)
        .execute(admin)
        .expect("template lock");
    let templates: Vec<Name> = diesel::sql_query(
        "SELECT datname FROM pg_database WHERE datname LIKE 'proxyshop_template_%'",
    )
    .load(admin)
    .expect("list templates");
    if !templates.iter().any(|t| t.datname == name) {
        let building = format!("{name}_building");
        for sql in [
            format!("DROP DATABASE IF EXISTS {building} WITH (FORCE)"),
            create_database(&building, None),
        ] {
            admin.batch_execute(&sql).expect("create template");
        }
        let pool =
            connect(&with_database(admin_url, &building), &small_pool()).expect("template pool");
        run_migrations(&mut pool.get().expect("template connection")).expect("migrations");
        drop(pool);
        admin
            .batch_execute(&format!("ALTER DATABASE {building} RENAME TO {name}"))
            .expect("template in place");
        for old in templates {
            let _ = admin.batch_execute(&format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                old.datname
            ));
        }
    }
    diesel::sql_query("SELECT pg_advisory_unlock($1)")
        .bind::<BigInt, _>(LOCK)
        .execute(admin)
        .expect("template unlock");
    name
}

/// Up to eight connections, one opened at start and the others when a test needs them: most
/// tests use one or two at a time, and each PostgreSQL connection is a server process that loads
/// the new database's catalogue (opening all eight for every test was most of PostgreSQL's CPU
/// time in the test run).
pub fn small_pool() -> PoolOptions {
    PoolOptions {
        max_size: 8,
        min_idle: Some(1),
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

mod fixtures;

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
