//! Self-serve refunds (docs/refunds.md): the unused part of the latest traffic purchase of a
//! kind (`traffic.rs`) and a piece that failed its check in its first hours (`piece.rs`), each
//! decided by `domain::refund`'s rules, refunded once (the claim in `persistence::refunds`), the
//! money and what it bought moving in one transaction with one ledger row of kind `refund`.

mod piece;
mod traffic;

pub use piece::{PieceRefunded, refund_piece};
pub use traffic::{Refunded, eligibility, refund};

use crate::error::AppError;
use domain::UserId;
use persistence::DbConnection;
use persistence::refunds::refusals;

/// Whether an operator's refusal window holds the customer's refunds now.
fn paused(conn: &mut DbConnection, user: UserId) -> Result<bool, AppError> {
    Ok(refusals::refusal_at(conn, user, persistence::now())?.is_some())
}
