//! Referral bonuses: one per credited top-up of a referred customer (unique per payment), and
//! no more than a cap in total per referred customer.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::{referral_bonuses, users};
use diesel::prelude::*;
use domain::{Cents, UserId};

/// Records the bonus; false when this payment already earned one. The insert runs in a
/// savepoint, so a refused duplicate leaves the caller's transaction usable on PostgreSQL.
pub fn insert(
    conn: &mut DbConnection,
    referrer_id: UserId,
    referred_id: UserId,
    payment_id: &str,
    amount_cents: Cents,
) -> DbResult<bool> {
    let result = conn.transaction(|c| {
        diesel::insert_into(referral_bonuses::table)
            .values((
                referral_bonuses::referrer_id.eq(referrer_id),
                referral_bonuses::referred_id.eq(referred_id),
                referral_bonuses::payment_id.eq(payment_id),
                referral_bonuses::amount_cents.eq(amount_cents),
                referral_bonuses::created_at.eq(now()),
            ))
            .execute(c)
    });
    match result.map_err(crate::DbError::from) {
        Ok(_) => Ok(true),
        Err(crate::DbError::UniqueViolation(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Records the bonus `payment_id` earns, cut to what is left of `cap_cents` for this referred
/// customer (all their bonuses together); returns the cents recorded, 0 when nothing is left or
/// the payment already earned one. Run it in the transaction that credits the bonus: it first
/// takes the referred customer's row lock, so concurrent callbacks for the same customer decide
/// one after the other, each seeing the bonuses the other committed (SQLite's write transaction
/// is exclusive already).
pub fn insert_capped(
    conn: &mut DbConnection,
    referrer_id: UserId,
    referred_id: UserId,
    payment_id: &str,
    wanted_cents: Cents,
    cap_cents: Cents,
) -> DbResult<Cents> {
    diesel::update(users::table.find(referred_id))
        .set(users::updated_at.eq(users::updated_at))
        .execute(conn)?;
    let paid: Cents = referral_bonuses::table
        .filter(referral_bonuses::referred_id.eq(referred_id))
        .select(referral_bonuses::amount_cents)
        .load::<Cents>(conn)?
        .into_iter()
        .sum();
    let left = Cents::new(cap_cents.get().saturating_sub(paid.get()));
    let granted = wanted_cents.min(left);
    if granted <= Cents::ZERO {
        return Ok(Cents::ZERO);
    }
    Ok(
        if insert(conn, referrer_id, referred_id, payment_id, granted)? {
            granted
        } else {
            Cents::ZERO
        },
    )
}

/// A referrer's bonuses, newest first, with the referred customer's email.
pub fn for_referrer(
    conn: &mut DbConnection,
    referrer_id: UserId,
    limit: i64,
) -> DbResult<Vec<(String, i64, Cents)>> {
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
pub fn summary(conn: &mut DbConnection, referrer_id: UserId) -> DbResult<(i64, Cents)> {
    let referred = users::table
        .filter(users::referred_by.eq(referrer_id))
        .count()
        .get_result(conn)?;
    let amounts: Vec<Cents> = referral_bonuses::table
        .filter(referral_bonuses::referrer_id.eq(referrer_id))
        .select(referral_bonuses::amount_cents)
        .load(conn)?;
    Ok((referred, amounts.into_iter().sum()))
}
