//! The operator's refusal window, as the refunds read it.

use crate::error::AppError;
use domain::UserId;
use persistence::DbConnection;
use persistence::refunds::refusals;

/// Whether an operator's refusal window holds the customer's refunds now.
pub(super) fn paused(conn: &mut DbConnection, user: UserId) -> Result<bool, AppError> {
    Ok(refusals::refusal_at(conn, user, persistence::now())?.is_some())
}
