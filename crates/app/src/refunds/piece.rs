//! The refund of a piece whose proxy failed the checker in its first hours
//! (`PROXYSHOP_PIECE_REFUND_HOURS`): the piece is released (its credential stops on every
//! gateway node, the stock slot goes back) and its share of the order's price is credited,
//! once. A provider's piece is refused: Proxy-Seller cancels no order once delivered, and the
//! checker cannot test it from here.

use super::paused::paused;
use crate::blocking::in_transaction;
use crate::error::AppError;
use domain::refund::{PieceFacts, RefundPolicy};
use domain::{Cents, EntryKind, UserId, messages as msg};
use persistence::refunds::{self, NewRefund, pieces};
use persistence::{DbPool, wallet};

/// What a piece's refund gave back, and the wallet after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceRefunded {
    pub amount: Cents,
    pub balance: Cents,
}

/// Refunds piece `id` of `user`, or `Conflict` with the reason and nothing written; "Proxy not
/// found" when it is not theirs.
pub async fn refund_piece(
    pool: &DbPool,
    user: UserId,
    id: i64,
    policy: RefundPolicy,
) -> Result<PieceRefunded, AppError> {
    in_transaction(pool, move |conn| {
        let piece =
            pieces::find(conn, id, user)?.ok_or(AppError::NotFoundWith(msg::PIECE_NOT_FOUND))?;
        if paused(conn, user)? {
            return Err(AppError::Conflict(msg::REFUND_PAUSED));
        }
        let refunded = refunds::piece_refunded(conn, id)?;
        if piece.released_at.is_some() && !refunded {
            return Err(AppError::NotFoundWith(msg::PIECE_NOT_FOUND));
        }
        let facts = PieceFacts {
            delivered_at: piece.delivered_at,
            last_check: piece.last_check,
            cancellable: piece.stock_id.is_some(),
            refunded,
        };
        policy
            .assess_piece(&facts, persistence::now())
            .map_err(AppError::Conflict)?;
        let claim = NewRefund {
            user_id: user,
            kind: piece.kind,
            purchase_id: None,
            piece_id: Some(id),
            bytes: 0,
            amount: piece.price,
        };
        if refunds::claim(conn, &claim)?.is_none() || !pieces::release(conn, &piece, user)? {
            return Err(AppError::Conflict(msg::PIECE_REFUND_ALREADY));
        }
        let balance = if piece.price > Cents::ZERO {
            let note = format!(
                "Refund of {} proxy #{id}: failed its check",
                piece.kind.label()
            );
            wallet::credit(
                conn,
                user,
                piece.price,
                EntryKind::Refund,
                &format!("refund_piece_{id}"),
                Some(&note),
            )?
        } else {
            persistence::users::find_by_id(conn, user)?
                .ok_or(AppError::NotFound)?
                .balance_cents
        };
        Ok(PieceRefunded {
            amount: piece.price,
            balance,
        })
    })
    .await
}
