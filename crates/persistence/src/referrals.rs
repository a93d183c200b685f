//! Referral bonuses: one per credited top-up of a referred customer (unique per payment).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::{referral_bonuses, users};
use diesel::prelude::*;

/// Records the bonus; false when this payment already earned one.
pub fn insert(
    conn: &mut DbConnection,
    referrer_id: i64,
    referred_id: i64,
    payment_id: &str,
    amount_cents: i64,
) -> DbResult<bool> {
    let result = diesel::insert_into(referral_bonuses::table)
        .values((
            referral_bonuses::referrer_id.eq(referrer_id),
            referral_bonuses::referred_id.eq(referred_id),
            referral_bonuses::payment_id.eq(payment_id),
            referral_bonuses::amount_cents.eq(amount_cents),
            referral_bonuses::created_at.eq(now()),
        ))
        .execute(conn);
    match result.map_err(crate::DbError::from) {
        Ok(_) => Ok(true),
        Err(crate::DbError::UniqueViolation(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// A referrer's bonuses, newest first, with the referred customer's email.
pub fn for_referrer(
    conn: &mut DbConnection,
    referrer_id: i64,
    limit: i64,
) -> DbResult<Vec<(String, i64, i64)>> {
    Ok(referral_bonuses::table
        .inner_join(users::table.on(users::id.eq(referral_bonuses::referred_id)))
        .filter(referral_bonuses::referrer_id.eq(referrer_id))
        .order(referral_bonuses::id.desc())
        .limit(limit)
        .select((
            users::email,
            referral_bonuses::created_at,
            referral_bonuses::amount_cents,
        ))
        .load(conn)?)
}

/// How many customers signed up with this referrer's code, and the bonus total.
pub fn summary(conn: &mut DbConnection, referrer_id: i64) -> DbResult<(i64, i64)> {
    let referred = users::table
        .filter(users::referred_by.eq(referrer_id))
        .count()
        .get_result(conn)?;
    let amounts: Vec<i64> = referral_bonuses::table
        .filter(referral_bonuses::referrer_id.eq(referrer_id))
        .select(referral_bonuses::amount_cents)
        .load(conn)?;
    Ok((referred, amounts.iter().sum()))
}
