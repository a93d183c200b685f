//! Two-factor sign-in: the TOTP secret of an account (`user_totp`) and its recovery codes
//! (`recovery_codes`, stored as hashes). Every "use once" rule is one conditional UPDATE, so two
//! instances can never both accept one code.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{recovery_codes, user_totp};
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::UserId;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = user_totp)]
pub struct TotpRow {
    pub user_id: i64,
    /// As the API stored it (the API encrypts it).
    pub secret: String,
    /// None while enrolment waits for a first valid code.
    pub enabled_at: Option<i64>,
    /// The last time step accepted; a code of this step or an earlier one is refused.
    pub last_step: i64,
    pub created_at: i64,
}

impl TotpRow {
    pub fn enabled(&self) -> bool {
        self.enabled_at.is_some()
    }
}

pub fn find(conn: &mut DbConnection, user: UserId) -> DbResult<Option<TotpRow>> {
    Ok(user_totp::table
        .find(user.get())
        .select(TotpRow::as_select())
        .first(conn)
        .optional()?)
}

/// Whether the account has two-factor sign-in on.
pub fn is_enabled(conn: &mut DbConnection, user: UserId) -> DbResult<bool> {
    Ok(find(conn, user)?.is_some_and(|row| row.enabled()))
}

/// Stores a new secret awaiting its first code, replacing an earlier pending one. Returns false
/// (nothing written) when two-factor sign-in is already on.
pub fn put_pending(
    conn: &mut DbConnection,
    user: UserId,
    secret: &str,
    now: i64,
) -> DbResult<bool> {
    let written = update_or_insert(
        conn,
        |c| {
            diesel::update(
                user_totp::table
                    .find(user.get())
                    .filter(user_totp::enabled_at.is_null()),
            )
            .set((
                user_totp::secret.eq(secret),
                user_totp::last_step.eq(0),
                user_totp::created_at.eq(now),
            ))
            .execute(c)
        },
        |c| {
            diesel::insert_into(user_totp::table)
                .values((
                    user_totp::user_id.eq(user.get()),
                    user_totp::secret.eq(secret),
                    user_totp::last_step.eq(0),
                    user_totp::created_at.eq(now),
                ))
                .execute(c)
        },
    )?;
    Ok(written == 1)
}

/// Turns a pending secret on with the step of its first code. False when it is not pending.
pub fn enable(conn: &mut DbConnection, user: UserId, step: i64, now: i64) -> DbResult<bool> {
    let n = diesel::update(
        user_totp::table
            .find(user.get())
            .filter(user_totp::enabled_at.is_null())
            .filter(user_totp::last_step.lt(step)),
    )
    .set((user_totp::enabled_at.eq(now), user_totp::last_step.eq(step)))
    .execute(conn)?;
    Ok(n == 1)
}

/// Records `step` as used: true only for the one caller that moves `last_step` forward to it.
pub fn accept_step(conn: &mut DbConnection, user: UserId, step: i64) -> DbResult<bool> {
    let n = diesel::update(
        user_totp::table
            .find(user.get())
            .filter(user_totp::enabled_at.is_not_null())
            .filter(user_totp::last_step.lt(step)),
    )
    .set(user_totp::last_step.eq(step))
    .execute(conn)?;
    Ok(n == 1)
}

/// Turns two-factor sign-in off: the secret and every recovery code go.
pub fn remove(conn: &mut DbConnection, user: UserId) -> DbResult<()> {
    diesel::delete(recovery_codes::table.filter(recovery_codes::user_id.eq(user.get())))
        .execute(conn)?;
    diesel::delete(user_totp::table.find(user.get())).execute(conn)?;
    Ok(())
}

/// Replaces the account's recovery codes with these hashes.
pub fn replace_recovery_codes(
    conn: &mut DbConnection,
    user: UserId,
    hashes: &[String],
) -> DbResult<()> {
    diesel::delete(recovery_codes::table.filter(recovery_codes::user_id.eq(user.get())))
        .execute(conn)?;
    // One row at a time: batch inserts do not run through the MultiConnection on SQLite.
    for hash in hashes {
        diesel::insert_into(recovery_codes::table)
            .values((
                recovery_codes::user_id.eq(user.get()),
                recovery_codes::code_hash.eq(hash),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Uses the unused recovery code with this hash: true for the one caller that marks it used.
pub fn use_recovery_code(
    conn: &mut DbConnection,
    user: UserId,
    hash: &str,
    now: i64,
) -> DbResult<bool> {
    let n = diesel::update(
        recovery_codes::table
            .filter(recovery_codes::user_id.eq(user.get()))
            .filter(recovery_codes::code_hash.eq(hash))
            .filter(recovery_codes::used_at.is_null()),
    )
    .set(recovery_codes::used_at.eq(now))
    .execute(conn)?;
    Ok(n >= 1)
}

pub fn recovery_codes_left(conn: &mut DbConnection, user: UserId) -> DbResult<i64> {
    Ok(recovery_codes::table
        .filter(recovery_codes::user_id.eq(user.get()))
        .filter(recovery_codes::used_at.is_null())
        .count()
        .get_result(conn)?)
}
