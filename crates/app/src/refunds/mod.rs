//! Self-serve refunds (docs/refunds.md): the unused part of the latest traffic purchase of a
//! kind (`traffic.rs`) and a piece that failed its check in its first hours (`piece.rs`), each
//! decided by `domain::refund`'s rules, refunded once (the claim in `persistence::refunds`), the
//! money and what it bought moving in one transaction with one ledger row of kind `refund`.

mod paused;
mod piece;
mod traffic;

pub use piece::{PieceRefunded, refund_piece};
pub use traffic::{Refunded, eligibility, refund};
