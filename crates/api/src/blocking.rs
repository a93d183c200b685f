//! Database work runs on the blocking pool, never on the async workers (the one exception is the
//! session read on SQLite, `session::DbSessionStore::read`). The application's helpers
//! (`app::blocking`), answering `ApiError`.

use crate::error::ApiError;
use persistence::{DbConnection, DbPool};

/// Runs `f` with a pooled connection on the blocking pool of the worker that asks, inside the
/// caller's span: a line `f` logs names the request it works for (`request_id::assign`).
pub async fn with_conn<F, T>(pool: &DbPool, f: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut DbConnection) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    app::blocking::with_conn_as(pool, f).await
}

/// Runs `f` inside one write transaction: everything it writes commits together or not at all.
pub async fn in_transaction<F, T>(pool: &DbPool, f: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut DbConnection) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    app::blocking::in_transaction_as(pool, f).await
}
