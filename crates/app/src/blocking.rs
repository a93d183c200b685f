//! Database work runs on tokio's blocking pool, never on the async workers. Under actix-web each
//! worker is a tokio runtime of its own, so this is the blocking pool of the worker that asks
//! (sized by the API's `worker_max_blocking_threads`).

use crate::error::AppError;
use persistence::{DbConnection, DbPool};

/// Runs `f` with a pooled connection on the blocking pool, inside the caller's span: a line `f`
/// logs names the request or job it works for.
pub async fn with_conn<F, T>(pool: &DbPool, f: F) -> Result<T, AppError>
where
    F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
    T: Send + 'static,
{
    with_conn_as(pool, f).await
}

/// Runs `f` inside one write transaction: everything it writes commits together or not at all.
pub async fn in_transaction<F, T>(pool: &DbPool, f: F) -> Result<T, AppError>
where
    F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
    T: Send + 'static,
{
    in_transaction_as(pool, f).await
}

/// `with_conn` answering the caller's error type (the API's, for one). The connection is
/// checked out on the blocking thread too: waiting for one blocks.
pub async fn with_conn_as<F, T, E>(pool: &DbPool, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
    T: Send + 'static,
    E: From<AppError> + Send + 'static,
{
    let pool = pool.clone();
    let span = tracing::Span::current();
    tokio::task::spawn_blocking(move || {
        span.in_scope(|| {
            let mut conn = pool
                .get()
                .map_err(|e| E::from(AppError::from(persistence::DbError::from(e))))?;
            f(&mut conn)
        })
    })
    .await
    .map_err(|e| E::from(AppError::internal("blocking pool", e)))?
}

/// `in_transaction` answering the caller's error type.
pub async fn in_transaction_as<F, T, E>(pool: &DbPool, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
    T: Send + 'static,
    E: From<AppError> + From<diesel::result::Error> + Send + 'static,
{
    with_conn_as(pool, move |conn| persistence::write_transaction(conn, f)).await
}
