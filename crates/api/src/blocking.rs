//! Database work runs on the blocking pool, never on the async workers (the one exception is the
//! session read on SQLite, `session::DbSessionStore::read`).

use crate::error::ApiError;
use persistence::{DbConnection, DbPool};

/// Runs `f` with a pooled connection on actix's blocking pool, inside the caller's span: a line
/// `f` logs names the request it works for (`request_id::assign`).
pub async fn with_conn<F, T>(pool: &DbPool, f: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut DbConnection) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    let pool = pool.clone();
    let span = tracing::Span::current();
    actix_web::web::block(move || {
        span.in_scope(|| {
            let mut conn = pool.get().map_err(persistence::DbError::from)?;
            f(&mut conn)
        })
    })
    .await?
}

/// Runs `f` inside one write transaction: everything it writes commits together or not at all.
pub async fn in_transaction<F, T>(pool: &DbPool, f: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut DbConnection) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    with_conn(pool, move |conn| persistence::write_transaction(conn, f)).await
}
