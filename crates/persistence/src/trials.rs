//! Free trials: which mailboxes have had one (ever, beyond the account's life), how many each
//! network (`domain::network::trial_network_of`: an IPv4 /24, an IPv6 /64) got per UTC day and
//! how many more the operator allowed it, and which accounts got none and why. All of it is
//! decided here, in the database, so that it holds across any number of server instances.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::schema::{trial_grants, trial_ip_days, trial_refusals};
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::UserId;

/// What asking for a trial came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// Recorded: the caller adds the traffic in the same transaction.
    Granted,
    /// This mailbox had a trial before.
    AlreadyHad,
    /// The sign-up's network had its trials for the day.
    NetworkLimit,
}

impl Claim {
    /// The reason `trial_refusals` records for a refusal; None for a grant.
    pub fn refusal(self) -> Option<&'static str> {
        match self {
            Claim::Granted => None,
            Claim::AlreadyHad => Some("mailbox"),
            Claim::NetworkLimit => Some("network"),
        }
    }
}

/// A claim to record.
#[derive(Debug, Clone, Copy)]
pub struct NewClaim<'a> {
    /// The mailbox (`domain::canonical_email`).
    pub mailbox: &'a str,
    pub user_id: UserId,
    /// The sign-up's network (`domain::network::trial_network_of`).
    pub ip: &'a str,
    /// The UTC day (`YYYY-MM-DD`) the per-network count runs for.
    pub day: &'a str,
    /// Trials one network may get that day, before the operator's allowance (`extra`).
    pub per_ip: u32,
    pub bytes: i64,
    pub at: i64,
}

/// Why the savepoint rolls back: a refusal (nothing must stay written) or a database error.
enum Refusal {
    Claim(Claim),
    Db(DbError),
}

impl From<diesel::result::Error> for Refusal {
    fn from(err: diesel::result::Error) -> Self {
        Refusal::Db(err.into())
    }
}

impl From<DbError> for Refusal {
    fn from(err: DbError) -> Self {
        Refusal::Db(err)
    }
}

/// Records a trial for `claim.mailbox` if it never had one and its network is under the day's
/// limit (the configured one plus what the operator allowed). Runs in a savepoint of the
/// caller's transaction: a refusal writes nothing but the refusal itself (the account's
/// `trial_refusals` row and, at the network limit, the day's refused count), and the caller's
/// transaction stays usable. The per-network count is one conditional UPDATE (or the day's
/// first INSERT), and the mailbox is the primary key of `trial_grants`, so concurrent sign-ups
/// cannot pass either limit.
pub fn claim(conn: &mut DbConnection, claim: &NewClaim<'_>) -> DbResult<Claim> {
    let outcome = try_claim(conn, claim)?;
    if let Some(reason) = outcome.refusal() {
        if outcome == Claim::NetworkLimit {
            diesel::update(trial_ip_days::table.find((claim.ip, claim.day)))
                .set(trial_ip_days::refused.eq(trial_ip_days::refused + 1))
                .execute(conn)?;
        }
        // One row per account: a later refusal of the same account (not in practice: an account
        // claims once) replaces it.
        let replace = |c: &mut DbConnection| {
            diesel::update(trial_refusals::table.find(claim.user_id))
                .set((
                    trial_refusals::reason.eq(reason),
                    trial_refusals::refused_at.eq(claim.at),
                ))
                .execute(c)
        };
        let insert = |c: &mut DbConnection| {
            diesel::insert_into(trial_refusals::table)
                .values((
                    trial_refusals::user_id.eq(claim.user_id),
                    trial_refusals::reason.eq(reason),
                    trial_refusals::refused_at.eq(claim.at),
                ))
                .execute(c)
        };
        update_or_insert(conn, replace, insert)?;
    }
    Ok(outcome)
}

fn try_claim(conn: &mut DbConnection, claim: &NewClaim<'_>) -> DbResult<Claim> {
    if claim.per_ip == 0 {
        return Ok(Claim::NetworkLimit);
    }
    let had: bool = diesel::select(diesel::dsl::exists(trial_grants::table.find(claim.mailbox)))
        .get_result(conn)?;
    if had {
        return Ok(Claim::AlreadyHad);
    }
    let result = conn.transaction(|c| -> Result<(), Refusal> {
        if !count_for_network(c, claim)? {
            return Err(Refusal::Claim(Claim::NetworkLimit));
        }
        let inserted = c.transaction(|c| {
            diesel::insert_into(trial_grants::table)
                .values((
                    trial_grants::email_normalized.eq(claim.mailbox),
                    trial_grants::user_id.eq(claim.user_id),
                    trial_grants::ip.eq(claim.ip),
                    trial_grants::bytes.eq(claim.bytes),
                    trial_grants::granted_at.eq(claim.at),
                ))
                .execute(c)
        });
        match inserted.map_err(DbError::from) {
            Ok(_) => Ok(()),
            // A concurrent sign-up of the same mailbox won: give the network's count back.
            Err(DbError::UniqueViolation(_)) => Err(Refusal::Claim(Claim::AlreadyHad)),
            Err(e) => Err(Refusal::Db(e)),
        }
    });
    match result {
        Ok(()) => Ok(Claim::Granted),
        Err(Refusal::Claim(refused)) => Ok(refused),
        Err(Refusal::Db(e)) => Err(e),
    }
}

/// Counts one trial for the network's day; false when it had `per_ip` plus the operator's
/// allowance already.
fn count_for_network(conn: &mut DbConnection, claim: &NewClaim<'_>) -> DbResult<bool> {
    let limit = i32::try_from(claim.per_ip).unwrap_or(i32::MAX);
    let bump = |c: &mut DbConnection| {
        diesel::update(
            trial_ip_days::table
                .find((claim.ip, claim.day))
                .filter(trial_ip_days::grants.lt(trial_ip_days::extra + limit)),
        )
        .set(trial_ip_days::grants.eq(trial_ip_days::grants + 1))
        .execute(c)
    };
    let insert = |c: &mut DbConnection| {
        diesel::insert_into(trial_ip_days::table)
            .values((
                trial_ip_days::ip.eq(claim.ip),
                trial_ip_days::day.eq(claim.day),
                trial_ip_days::grants.eq(1),
            ))
            .execute(c)
    };
    // When the day's row exists (at the limit, or another sign-up just made it) the bump decides.
    Ok(update_or_insert(conn, bump, insert)? > 0)
}

/// Whether this mailbox ever had a trial.
pub fn had_trial(conn: &mut DbConnection, mailbox: &str) -> DbResult<bool> {
    Ok(diesel::select(diesel::dsl::exists(trial_grants::table.find(mailbox))).get_result(conn)?)
}

/// Forgets per-network counts of days before `day` (the grants themselves are kept forever).
pub fn purge_days_before(conn: &mut DbConnection, day: &str) -> DbResult<usize> {
    Ok(diesel::delete(trial_ip_days::table.filter(trial_ip_days::day.lt(day))).execute(conn)?)
}

/// Whether the customer `user_id` (its id written in decimal, as the gateway's credential
/// cache keys it) is on a free trial: it got one (`trial_grants`) and no payment of theirs was
/// ever credited. None when `user_id` is not a number.
pub fn on_trial(conn: &mut DbConnection, user_id: &str) -> DbResult<Option<bool>> {
    use crate::schema::payments;
    let Ok(id) = user_id.parse::<i64>() else {
        return Ok(None);
    };
    let user = UserId::new(id);
    let (trial, paid): (bool, bool) = diesel::select((
        diesel::dsl::exists(trial_grants::table.filter(trial_grants::user_id.eq(user))),
        diesel::dsl::exists(
            payments::table
                .filter(payments::user_id.eq(user))
                .filter(payments::credited_at.is_not_null()),
        ),
    ))
    .get_result(conn)?;
    Ok(Some(trial && !paid))
}
