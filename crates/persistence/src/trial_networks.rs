//! What the operator and the customer see of the free-trial limits: each network's count for a
//! UTC day with the operator's allowance (`trial_ip_days`), the allowance itself, and one
//! account's trial (granted, refused and why, or none).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{payments, trial_grants, trial_ip_days, trial_refusals};
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::UserId;
use serde::Serialize;

/// One network's trials on one UTC day.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Serialize)]
#[diesel(table_name = trial_ip_days)]
pub struct NetworkDay {
    #[diesel(column_name = ip)]
    pub network: String,
    pub day: String,
    /// Trials granted.
    pub grants: i32,
    /// Trials the operator allowed on top of the configured limit.
    pub extra: i32,
    /// Sign-ups refused a trial because the network had its trials.
    pub refused: i32,
}

/// The networks of `day` that reached their limit (`per_network` plus their allowance), were
/// refused a trial or were given an allowance: most refusals first, then most trials. At most
/// `max` rows.
pub fn limited_on(
    conn: &mut DbConnection,
    day: &str,
    per_network: u32,
    max: i64,
) -> DbResult<Vec<NetworkDay>> {
    let limit = i32::try_from(per_network).unwrap_or(i32::MAX);
    Ok(trial_ip_days::table
        .filter(trial_ip_days::day.eq(day))
        .filter(
            trial_ip_days::grants
                .ge(trial_ip_days::extra + limit)
                .or(trial_ip_days::refused.gt(0))
                .or(trial_ip_days::extra.gt(0)),
        )
        .order((
            trial_ip_days::refused.desc(),
            trial_ip_days::grants.desc(),
            trial_ip_days::ip.asc(),
        ))
        .limit(max)
        .select(NetworkDay::as_select())
        .load(conn)?)
}

/// One network's day, if it had a trial, a refusal or an allowance.
pub fn network_day(
    conn: &mut DbConnection,
    network: &str,
    day: &str,
) -> DbResult<Option<NetworkDay>> {
    Ok(trial_ip_days::table
        .find((network, day))
        .select(NetworkDay::as_select())
        .first(conn)
        .optional()?)
}

/// Allows `network` `more` trials on `day` beyond the configured limit (added to what was
/// allowed already). Call in the transaction that audits it.
pub fn allow(conn: &mut DbConnection, network: &str, day: &str, more: i32) -> DbResult<()> {
    let bump = |c: &mut DbConnection| {
        diesel::update(trial_ip_days::table.find((network, day)))
            .set(trial_ip_days::extra.eq(trial_ip_days::extra + more))
            .execute(c)
    };
    let insert = |c: &mut DbConnection| {
        diesel::insert_into(trial_ip_days::table)
            .values((
                trial_ip_days::ip.eq(network),
                trial_ip_days::day.eq(day),
                trial_ip_days::grants.eq(0),
                trial_ip_days::extra.eq(more),
            ))
            .execute(c)
    };
    update_or_insert(conn, bump, insert)?;
    Ok(())
}

/// One account's free trial as the dashboard tells it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountTrial {
    /// When the trial was granted, if it was.
    pub granted_at: Option<i64>,
    /// Why the account got none: `mailbox` or `network` (see `trials::Claim::refusal`).
    pub refused: Option<String>,
    /// Whether a payment of theirs was ever credited (a paying customer is past the trial).
    pub paid: bool,
}

pub fn account_trial(conn: &mut DbConnection, user: UserId) -> DbResult<AccountTrial> {
    let granted_at: Option<i64> = trial_grants::table
        .filter(trial_grants::user_id.eq(user))
        .select(trial_grants::granted_at)
        .first(conn)
        .optional()?;
    let refused: Option<String> = trial_refusals::table
        .find(user)
        .select(trial_refusals::reason)
        .first(conn)
        .optional()?;
    let paid: bool = diesel::select(diesel::dsl::exists(
        payments::table
            .filter(payments::user_id.eq(user))
            .filter(payments::credited_at.is_not_null()),
    ))
    .get_result(conn)?;
    Ok(AccountTrial {
        granted_at,
        refused,
        paid,
    })
}
