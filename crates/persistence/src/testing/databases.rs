//! Making the test databases: a PostgreSQL database created (from a migrated template, in the
//! tablespace `TEST_DATABASE_TABLESPACE` names) or a SQLite file copied from its template, the
//! templates named by a hash of the migrations, and the small pool a test opens on one.

use crate::connection::{PoolOptions, connect, run_migrations};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;

/// `CREATE DATABASE name`, copied from `template` when there is one, in the tablespace that
/// `TEST_DATABASE_TABLESPACE` names when it is set. `.ci/run` makes one in memory: a test's
/// database is created and dropped again within seconds, and on ext4 most of that was the file
/// system's work (a database is a few hundred files).
///
/// A copy of a template is made file by file (`STRATEGY FILE_COPY`) where the server has the
/// choice (PostgreSQL 15 and later, whose default writes every block of the copy to the WAL;
/// earlier servers copy files anyway): 48 copies of the migrated template, eight at a time on two
/// cores, took 1.85 s against 2.53 s.
pub(super) fn create_database(
    admin: &mut diesel::PgConnection,
    name: &str,
    template: Option<&str>,
) -> String {
    let mut sql = format!("CREATE DATABASE {name}");
    if let Some(template) = template {
        sql.push_str(&format!(" TEMPLATE {template}"));
        if has_create_strategy(admin) {
            sql.push_str(" STRATEGY FILE_COPY");
        }
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

/// Whether `CREATE DATABASE` takes a `STRATEGY` (PostgreSQL 15 and later), asked once per
/// process.
fn has_create_strategy(admin: &mut diesel::PgConnection) -> bool {
    #[derive(QueryableByName)]
    struct Version {
        #[diesel(sql_type = diesel::sql_types::Integer)]
        version: i32,
    }
    static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAS.get_or_init(|| {
        diesel::sql_query("SELECT current_setting('server_version_num')::integer AS version")
            .get_result::<Version>(admin)
            .is_ok_and(|v| v.version >= 150_000)
    })
}

pub(super) fn admin_connection(admin_url: &str) -> diesel::PgConnection {
    diesel::PgConnection::establish(admin_url).expect("TEST_DATABASE_URL must reach PostgreSQL")
}

/// A fresh temporary directory and the URL of `test.db` inside it.
pub(super) fn sqlite_file() -> (tempfile::TempDir, String) {
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
pub(super) fn sqlite_template() -> std::path::PathBuf {
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
pub(super) fn postgres_template(admin: &mut diesel::PgConnection, admin_url: &str) -> String {
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
            create_database(admin, &building, None),
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

pub(super) fn suffix() -> String {
    use rand::Rng;
    let n: u64 = rand::thread_rng().r#gen();
    format!("{}_{n:x}", std::process::id())
}

/// `postgres://u@h:5432/test?x=y` with the database name replaced.
pub(super) fn with_database(url: &str, name: &str) -> String {
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
