//! The connection type over both backends, an r2d2 pool that keeps PostgreSQL's real connection
//! errors (the stock MultiConnection `establish` hides them), and the embedded migrations.

use crate::error::{DbError, DbResult};
use diesel::connection::{Instrumentation, InstrumentationEvent, SimpleConnection};
use diesel::prelude::*;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use std::time::Duration;

pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgres(diesel::PgConnection),
    Sqlite(diesel::SqliteConnection),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Postgres,
    Sqlite,
}

impl Backend {
    /// The backend a `PROXYSHOP_DATABASE_URL` names, by its scheme.
    pub fn from_url(url: &str) -> DbResult<Backend> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else if url.starts_with("sqlite://") || url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else {
            Err(DbError::BadUrl(
                "expected a sqlite:// or postgres:// URL".into(),
            ))
        }
    }
}

/// The database file of a SQLite URL (`sqlite://./var/x.db` or `sqlite:x.db`); `None` for
/// PostgreSQL and in-memory databases.
pub fn sqlite_file(url: &str) -> Option<&str> {
    (Backend::from_url(url).ok() == Some(Backend::Sqlite))
        .then(|| sqlite_path(url))
        .filter(|path| !path.is_empty() && !path.starts_with(":memory:"))
}

/// `sqlite://./var/x.db` or `sqlite:x.db` to the path SQLite opens; `:memory:` stays as is.
fn sqlite_path(url: &str) -> &str {
    url.strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url)
}

pub type DbPool = r2d2::Pool<Manager>;

#[derive(Debug)]
pub struct Manager {
    url: String,
    backend: Backend,
}

/// Watches a pooled connection's queries for a lost server, so the pool can drop it on return
/// instead of testing every connection with a query before handing it out
/// (`test_on_check_out(false)` in `connect`; `Manager::has_broken`). Whatever instrumentation
/// diesel would have installed by default (`set_default_instrumentation`) still sees every event.
struct Health {
    lost: bool,
    inner: Option<Box<dyn Instrumentation>>,
}

impl Instrumentation for Health {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        if let InstrumentationEvent::FinishQuery {
            error: Some(error), ..
        } = &event
        {
            self.lost |= lost_connection(error);
        }
        if let Some(inner) = &mut self.inner {
            inner.on_connection_event(event);
        }
    }
}

/// Whether `error` says the connection itself is gone (the server closed it or cannot be
/// written to), as opposed to a query that failed on a live connection.
fn lost_connection(error: &diesel::result::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    matches!(
        error,
        Error::DatabaseError(
            DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
            _
        )
    )
}

fn establish(url: &str, backend: Backend) -> DbResult<DbConnection> {
    let mut conn = establish_bare(url, backend)?;
    conn.set_instrumentation(Health {
        lost: false,
        inner: diesel::connection::get_default_instrumentation(),
    });
    Ok(conn)
}

fn establish_bare(url: &str, backend: Backend) -> DbResult<DbConnection> {
    match backend {
        Backend::Postgres => diesel::PgConnection::establish(url)
            .map(DbConnection::Postgres)
            .map_err(|e| DbError::Connect(e.to_string())),
        Backend::Sqlite => {
            crate::sqlite_plans::install();
            let mut conn = diesel::SqliteConnection::establish(sqlite_path(url))
                .map_err(|e| DbError::Connect(e.to_string()))?;
            // Per connection: wait for the writer instead of failing, and enforce foreign keys.
            conn.batch_execute(
                "PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;",
            )?;
            Ok(DbConnection::Sqlite(conn))
        }
    }
}

impl r2d2::ManageConnection for Manager {
    type Connection = DbConnection;
    type Error = DbError;

    fn connect(&self) -> DbResult<DbConnection> {
        establish(&self.url, self.backend)
    }

    fn is_valid(&self, conn: &mut DbConnection) -> DbResult<()> {
        conn.batch_execute("SELECT 1").map_err(DbError::from)
    }

    /// Runs when a connection goes back to the pool: one that lost its server, or that a
    /// panic or an unfinished transaction left in an unknown state, is closed instead.
    fn has_broken(&self, conn: &mut DbConnection) -> bool {
        use diesel::connection::TransactionManager;
        type Manager = <DbConnection as Connection>::TransactionManager;
        std::thread::panicking()
            || Manager::is_broken_transaction_manager(conn)
            || conn
                .instrumentation()
                .downcast_ref::<Health>()
                .is_some_and(|health| health.lost)
    }
}

#[derive(Debug, Clone)]
pub struct PoolOptions {
    pub max_size: u32,
    pub connect_timeout: Duration,
    /// Connections kept open while idle; `None`: `max_size`, all opened at start (a server takes
    /// its first requests without waiting for a connection). The tests' pools keep one and open
    /// the rest on demand (`testing::small_pool`).
    pub min_idle: Option<u32>,
}

impl Default for PoolOptions {
    fn default() -> Self {
        PoolOptions {
            max_size: 10,
            connect_timeout: Duration::from_secs(10),
            min_idle: None,
        }
    }
}

/// Opens the pool for `url`. SQLite is switched to WAL once here (doing it in a per-connection
/// hook stalls), and its parent folder must exist.
pub fn connect(url: &str, options: &PoolOptions) -> DbResult<DbPool> {
    let backend = Backend::from_url(url)?;
    if backend == Backend::Sqlite && sqlite_path(url) != ":memory:" {
        let mut conn = establish(url, backend)?;
        conn.batch_execute("PRAGMA journal_mode = WAL;")?;
    }
    r2d2::Pool::builder()
        .max_size(options.max_size)
        .min_idle(options.min_idle)
        // No `SELECT 1` before each checkout (a round trip per request): a connection that lost
        // its server is noticed by the query that meets it and dropped on return (`has_broken`).
        .test_on_check_out(false)
        .connection_timeout(options.connect_timeout)
        .build(Manager {
            url: url.to_owned(),
            backend,
        })
        .map_err(DbError::from)
}

impl DbConnection {
    pub fn backend(&self) -> Backend {
        match self {
            DbConnection::Postgres(_) => Backend::Postgres,
            DbConnection::Sqlite(_) => Backend::Sqlite,
        }
    }
}

/// Runs `f` in one transaction that is going to write: everything commits together or not at
/// all. On SQLite it begins with `BEGIN IMMEDIATE`, taking the write lock up front: a deferred
/// transaction that reads first and writes later fails at once with "database is locked" when
/// another writer got in between, while an immediate one waits out `busy_timeout`.
pub fn write_transaction<T, E, F>(conn: &mut DbConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    type Manager = <DbConnection as Connection>::TransactionManager;
    match conn {
        DbConnection::Sqlite(c) => {
            AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE")?
        }
        DbConnection::Postgres(_) => Manager::begin_transaction(conn)?,
    }
    // As diesel's own `transaction`: commit on Ok, roll back on Err and keep the caller's error.
    match f(conn) {
        Ok(value) => {
            Manager::commit_transaction(conn)?;
            Ok(value)
        }
        Err(err) => match Manager::rollback_transaction(conn) {
            Ok(()) | Err(diesel::result::Error::BrokenTransactionManager) => Err(err),
            Err(rollback) => Err(rollback.into()),
        },
    }
}

/// Applies every pending migration; returns how many ran.
pub fn run_migrations(conn: &mut DbConnection) -> DbResult<usize> {
    let result = match conn {
        DbConnection::Postgres(c) => c
            .run_pending_migrations(POSTGRES_MIGRATIONS)
            .map(|v| v.len()),
        DbConnection::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(|v| v.len()),
    };
    result.map_err(|e| DbError::Migration(e.to_string()))
}

/// Reverts every applied migration (used by the reversibility test: up, down, up on both backends).
pub fn revert_all_migrations(conn: &mut DbConnection) -> DbResult<usize> {
    let result = match conn {
        DbConnection::Postgres(c) => c
            .revert_all_migrations(POSTGRES_MIGRATIONS)
            .map(|v| v.len()),
        DbConnection::Sqlite(c) => c.revert_all_migrations(SQLITE_MIGRATIONS).map(|v| v.len()),
    };
    result.map_err(|e| DbError::Migration(e.to_string()))
}

/// Whether the database answers (for `/readyz`).
pub fn ping(conn: &mut DbConnection) -> DbResult<()> {
    conn.batch_execute("SELECT 1").map_err(DbError::from)
}
