//! Moving traffic between a reseller and one of its clients (docs/resellers.md, "Allocation"):
//! the client checked and locked, then the move and its ledger row
//! (`persistence::resellers::moves`), all in one transaction.

use crate::blocking::in_transaction;
use crate::error::AppError;
use crate::resellers::clients::not_found;
use domain::messages as msg;
use persistence::resellers::clients;
use persistence::resellers::moves::{self, Move, MoveError};
use persistence::resellers::transfers::TransferRow;
use persistence::{DbConnection, DbPool};

/// Which way, and for an allocation the end asked (unix seconds; None: the reseller's end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    Allocate { until: Option<i64> },
    Reclaim,
}

/// Moves traffic as `m` says, `way`. 404 "Client not found" for an account that is not the
/// reseller's client; 409 when the giver has less unused traffic of the kind; 422 on
/// `validityDays` for an end past the reseller's own.
pub async fn run(pool: &DbPool, m: Move, way: Way) -> Result<TransferRow, AppError> {
    in_transaction(pool, move |conn| move_in(conn, m, way)).await
}

fn move_in(conn: &mut DbConnection, m: Move, way: Way) -> Result<TransferRow, AppError> {
    clients::lock(conn, m.reseller, m.client)?.ok_or_else(not_found)?;
    let moved = match way {
        Way::Allocate { until } => moves::allocate(conn, m, until),
        Way::Reclaim => moves::reclaim(conn, m),
    };
    moved.map_err(|err| match err {
        MoveError::NotEnough => AppError::Conflict(match way {
            Way::Allocate { .. } => msg::ALLOCATE_NOT_ENOUGH,
            Way::Reclaim => msg::RECLAIM_NOT_ENOUGH,
        }),
        MoveError::PastEnd { reseller_end } => {
            tracing::debug!(reseller_end, "allocation past the reseller's end");
            AppError::field("validityDays", msg::MOVE_PAST_END)
        }
        MoveError::Db(err) => err.into(),
    })
}
