//! The status history of each referral payout: one row per status (or provider status word) a
//! payout moved to, written by `referral_payouts` in the transaction that moves it, with what
//! moved it, so the operator sees how a payout got where it is.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::payout_events;
use diesel::prelude::*;
use domain::payout::PayoutStatus;

/// What moved a payout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayoutSource {
    /// The customer asked for it.
    Request,
    /// An operator's approval, and the provider's answer to it.
    Approval,
    /// An operator's refusal.
    Refusal,
    /// The provider's signed callback.
    Callback,
    /// The background status check (`/v1/payout/info`).
    Check,
}

impl PayoutSource {
    pub fn as_str(self) -> &'static str {
        match self {
            PayoutSource::Request => "request",
            PayoutSource::Approval => "approval",
            PayoutSource::Refusal => "refusal",
            PayoutSource::Callback => "callback",
            PayoutSource::Check => "check",
        }
    }
}

/// One status a payout went through.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct PayoutEvent {
    pub status: String,
    pub provider_status: Option<String>,
    pub source: String,
    pub created_at: i64,
}

/// Records that payout `id` moved to `status` (call in the transaction that moves it).
pub fn record(
    conn: &mut DbConnection,
    id: i64,
    status: PayoutStatus,
    provider_status: Option<&str>,
    source: PayoutSource,
) -> DbResult<()> {
    diesel::insert_into(payout_events::table)
        .values((
            payout_events::payout_id.eq(id),
            payout_events::status.eq(status.as_str()),
            payout_events::provider_status.eq(provider_status),
            payout_events::source.eq(source.as_str()),
            payout_events::created_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}

/// The statuses of payout `id` in the order it went through them.
pub fn history(conn: &mut DbConnection, id: i64) -> DbResult<Vec<PayoutEvent>> {
    Ok(payout_events::table
        .filter(payout_events::payout_id.eq(id))
        .order(payout_events::id.asc())
        .select((
            payout_events::status,
            payout_events::provider_status,
            payout_events::source,
            payout_events::created_at,
        ))
        .load(conn)?)
}
