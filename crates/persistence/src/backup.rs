//! SQLite backups: a consistent copy of the live database taken while it serves (`VACUUM INTO`
//! reads one snapshot, whatever is written meanwhile), and the checks a file must pass before it
//! may replace the database. PostgreSQL has its own tools (docs/operations.md#backups).

use crate::connection::{DbConnection, SQLITE_MIGRATIONS};
use crate::error::DbError;
use diesel::connection::SimpleConnection;
use diesel::migration::MigrationSource;
use diesel::prelude::*;
use diesel::sql_types::Text;
use std::collections::BTreeSet;
use std::path::Path;

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("backups by this command are for SQLite; on PostgreSQL use pg_dump and pg_restore")]
    NotSqlite,
    #[error("{0} is not a readable SQLite database: {1}")]
    Unreadable(String, String),
    #[error("{0} is damaged: {1}")]
    Damaged(String, String),
    #[error("{0} is not a ProxyShop database (no migrations recorded)")]
    NotProxyShop(String),
    #[error(
        "{0} was written by a newer ProxyShop (unknown migrations: {1}); restore it with that version"
    )]
    Newer(String, String),
    #[error(transparent)]
    Db(#[from] DbError),
}

/// Writes a consistent copy of the database `conn` is on to `target`, which must not exist.
pub fn vacuum_into(conn: &mut DbConnection, target: &Path) -> Result<(), BackupError> {
    let DbConnection::Sqlite(c) = conn else {
        return Err(BackupError::NotSqlite);
    };
    diesel::sql_query("VACUUM INTO ?")
        .bind::<Text, _>(target.to_string_lossy().as_ref())
        .execute(c)
        .map_err(DbError::from)?;
    Ok(())
}

/// What a database file holds, once it passed `check_restorable`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// Migrations it has.
    pub applied: usize,
    /// Migrations this binary would still apply at the next start.
    pub pending: usize,
}

#[derive(QueryableByName)]
struct Line {
    #[diesel(sql_type = Text)]
    line: String,
}

/// Whether the SQLite file at `path` may replace the database: SQLite opens it, its quick
/// integrity check passes, it records ProxyShop migrations, and none of them is unknown to this
/// binary (a newer version's file could be read wrongly).
pub fn check_restorable(path: &Path) -> Result<Checked, BackupError> {
    let shown = path.display().to_string();
    let unreadable =
        |e: &dyn std::fmt::Display| BackupError::Unreadable(shown.clone(), e.to_string());
    if !path.is_file() {
        return Err(unreadable(&"no such file"));
    }
    let mut conn =
        diesel::SqliteConnection::establish(&path.to_string_lossy()).map_err(|e| unreadable(&e))?;
    conn.batch_execute("PRAGMA busy_timeout = 10000;")
        .map_err(|e| unreadable(&e))?;
    let check: Vec<Line> = diesel::sql_query("SELECT quick_check AS line FROM pragma_quick_check")
        .load(&mut conn)
        .map_err(|e| unreadable(&e))?;
    let problems: Vec<String> = check
        .into_iter()
        .map(|l| l.line)
        .filter(|l| l != "ok")
        .collect();
    if !problems.is_empty() {
        return Err(BackupError::Damaged(shown, problems.join("; ")));
    }
    let applied: BTreeSet<String> =
        diesel::sql_query("SELECT version AS line FROM __diesel_schema_migrations")
            .load::<Line>(&mut conn)
            .map_err(|_| BackupError::NotProxyShop(shown.clone()))?
            .into_iter()
            .map(|l| l.line)
            .collect();
    if applied.is_empty() {
        return Err(BackupError::NotProxyShop(shown));
    }
    let known: BTreeSet<String> =
        MigrationSource::<diesel::sqlite::Sqlite>::migrations(&SQLITE_MIGRATIONS)
            .map_err(|e| DbError::Migration(e.to_string()))?
            .iter()
            .map(|m| m.name().version().to_string())
            .collect();
    let unknown: Vec<&str> = applied.difference(&known).map(String::as_str).collect();
    if !unknown.is_empty() {
        return Err(BackupError::Newer(shown, unknown.join(", ")));
    }
    Ok(Checked {
        applied: applied.len(),
        pending: known.difference(&applied).count(),
    })
}

/// Writes everything in the write-ahead log of the SQLite file at `path` into the file itself
/// and empties the log, so that the file alone holds the database.
pub fn checkpoint(path: &Path) -> Result<(), BackupError> {
    let mut conn = diesel::SqliteConnection::establish(&path.to_string_lossy())
        .map_err(|e| BackupError::Unreadable(path.display().to_string(), e.to_string()))?;
    conn.batch_execute("PRAGMA busy_timeout = 10000; PRAGMA wal_checkpoint(TRUNCATE);")
        .map_err(DbError::from)?;
    Ok(())
}
