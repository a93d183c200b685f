//! Free trials: which mailboxes have had one (ever, beyond the account's life) and how many each
//! source address got per UTC day. Both are decided here, in the database, so that they hold
//! across any number of server instances.

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::schema::{trial_grants, trial_ip_days};
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
    /// The source address had its trials for the day.
    AddressLimit,
}

/// A claim to record.
#[derive(Debug, Clone, Copy)]
pub struct NewClaim<'a> {
    /// The mailbox (`domain::canonical_email`).
    pub mailbox: &'a str,
    pub user_id: UserId,
    pub ip: &'a str,
    /// The UTC day (`YYYY-MM-DD`) the per-address count runs for.
    pub day: &'a str,
    /// Trials one address may get that day.
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

/// Records a trial for `claim.mailbox` if it never had one and its address is under the day's
/// limit. Runs in a savepoint of the caller's transaction: a refusal writes nothing, and the
/// caller's transaction stays usable. The per-address count is one conditional UPDATE (or the
/// day's first INSERT), and the mailbox is the primary key of `trial_grants`, so concurrent
/// sign-ups cannot pass either limit.
pub fn claim(conn: &mut DbConnection, claim: &NewClaim<'_>) -> DbResult<Claim> {
    if claim.per_ip == 0 {
        return Ok(Claim::AddressLimit);
    }
    let had: bool = diesel::select(diesel::dsl::exists(trial_grants::table.find(claim.mailbox)))
        .get_result(conn)?;
    if had {
        return Ok(Claim::AlreadyHad);
    }
    let result = conn.transaction(|c| -> Result<(), Refusal> {
        if !count_for_address(c, claim)? {
            return Err(Refusal::Claim(Claim::AddressLimit));
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
            // A concurrent sign-up of the same mailbox won: give the address's count back.
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

/// Counts one trial for the address's day; false when it had `per_ip` already.
fn count_for_address(conn: &mut DbConnection, claim: &NewClaim<'_>) -> DbResult<bool> {
    let limit = i32::try_from(claim.per_ip).unwrap_or(i32::MAX);
    let bump = |c: &mut DbConnection| {
        diesel::update(
            trial_ip_days::table
                .find((claim.ip, claim.day))
                .filter(trial_ip_days::grants.lt(limit)),
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

/// Forgets per-address counts of days before `day` (the grants themselves are kept forever).
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
