//! Why the registry does not open a connection (`Registry::open`, `open_piece`), which the
//! credential check turns into the refusal the client sees.

use crate::meter::Meter;
use persistence::DbError;

#[derive(Debug, thiserror::Error)]
pub(crate) enum OpenError {
    #[error("no traffic left")]
    NoTraffic,
    /// A sub-user's own traffic cap is spent; the customer's balance may have traffic.
    #[error("sub-user traffic cap reached")]
    SubuserCapSpent,
    #[error("too many connections")]
    TooMany,
    /// The customer holds their plan's connection limit of the kind across the fleet.
    #[error("the plan's connection limit is reached")]
    PlanCap,
    /// The customer's requests of the kind this second reached their plan's limit across the
    /// fleet.
    #[error("the plan's request rate limit is reached")]
    PlanRate,
    #[error("the piece has ended")]
    Ended,
    #[error("account disabled")]
    Disabled,
    /// Every slot of the node's block of these slots is in use: lease more
    /// (`Registry::with_slot`); never seen outside the registry.
    #[error("no free connection slot here")]
    NoSlot(persistence::gateway_slots::SlotKey),
    #[error(transparent)]
    Db(#[from] DbError),
}

/// Why a dry meter refuses: its sub-user's own cap, or the customer's balance.
pub(crate) fn dry(meter: &Meter) -> OpenError {
    if meter.is_capped() {
        OpenError::SubuserCapSpent
    } else {
        OpenError::NoTraffic
    }
}
