//! Coupons (`coupons`): the operator's codes a customer applies at checkout. A purchase counts
//! its use in its own transaction ([`claim_use`]): a conditional update that never takes `uses`
//! past `max_uses`, whichever instance and however many purchases at once.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::{coupons, purchase_prices};
use crate::sums::sum_of;
use diesel::prelude::*;
use domain::pricing::{CouponRules, Discount};
use domain::{Cents, PlanId, ProxyKind};
use std::collections::HashMap;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = coupons)]
pub struct CouponRow {
    pub id: i64,
    pub code: String,
    pub percent_off: Option<i32>,
    pub amount_off_cents: Option<Cents>,
    /// Comma-separated kinds; empty: every kind.
    pub kinds: String,
    /// Comma-separated plan ids; empty: every plan.
    pub plan_ids: String,
    pub min_spend_cents: Option<Cents>,
    pub max_uses: Option<i32>,
    pub max_uses_per_customer: i32,
    pub first_purchase_only: bool,
    pub valid_from: Option<i64>,
    pub valid_until: Option<i64>,
    pub active: bool,
    pub uses: i32,
    pub created_at: i64,
    pub updated_at: i64,
}

impl CouponRow {
    pub fn kinds(&self) -> Vec<ProxyKind> {
        self.kinds
            .split(',')
            .filter_map(|k| ProxyKind::parse(k.trim()))
            .collect()
    }

    pub fn plan_ids(&self) -> Vec<PlanId> {
        self.plan_ids
            .split(',')
            .filter_map(|id| id.trim().parse().ok().map(PlanId::new))
            .collect()
    }

    /// The coupon's rules as a purchase applies them and the operator's form edits them.
    pub fn rules(&self) -> CouponRules {
        let discount = match (self.percent_off, self.amount_off_cents) {
            (Some(p), _) => Discount::Percent(p),
            // The table holds exactly one of the two.
            (None, amount) => Discount::Amount(amount.unwrap_or(Cents::ZERO)),
        };
        CouponRules {
            code: self.code.clone(),
            discount,
            kinds: self.kinds(),
            plan_ids: self.plan_ids(),
            min_spend: self.min_spend_cents,
            max_uses: self.max_uses,
            max_uses_per_customer: self.max_uses_per_customer,
            first_purchase_only: self.first_purchase_only,
            valid_from: self.valid_from,
            valid_until: self.valid_until,
            active: self.active,
        }
    }
}

fn joined<T>(items: &[T], name: impl Fn(&T) -> String) -> String {
    items.iter().map(name).collect::<Vec<_>>().join(",")
}

type Values = (
    diesel::dsl::Eq<coupons::code, String>,
    diesel::dsl::Eq<coupons::percent_off, Option<i32>>,
    diesel::dsl::Eq<coupons::amount_off_cents, Option<Cents>>,
    diesel::dsl::Eq<coupons::kinds, String>,
    diesel::dsl::Eq<coupons::plan_ids, String>,
    diesel::dsl::Eq<coupons::min_spend_cents, Option<Cents>>,
    diesel::dsl::Eq<coupons::max_uses, Option<i32>>,
    diesel::dsl::Eq<coupons::max_uses_per_customer, i32>,
    diesel::dsl::Eq<coupons::first_purchase_only, bool>,
    diesel::dsl::Eq<coupons::valid_from, Option<i64>>,
    diesel::dsl::Eq<coupons::valid_until, Option<i64>>,
    diesel::dsl::Eq<coupons::active, bool>,
    diesel::dsl::Eq<coupons::updated_at, i64>,
);

fn values(s: &CouponRules) -> Values {
    let (percent, amount) = match s.discount {
        Discount::Percent(p) => (Some(p), None),
        Discount::Amount(a) => (None, Some(a)),
    };
    (
        coupons::code.eq(s.code.clone()),
        coupons::percent_off.eq(percent),
        coupons::amount_off_cents.eq(amount),
        coupons::kinds.eq(joined(&s.kinds, |k| k.as_str().to_owned())),
        coupons::plan_ids.eq(joined(&s.plan_ids, |p| p.get().to_string())),
        coupons::min_spend_cents.eq(s.min_spend),
        coupons::max_uses.eq(s.max_uses),
        coupons::max_uses_per_customer.eq(s.max_uses_per_customer),
        coupons::first_purchase_only.eq(s.first_purchase_only),
        coupons::valid_from.eq(s.valid_from),
        coupons::valid_until.eq(s.valid_until),
        coupons::active.eq(s.active),
        coupons::updated_at.eq(now()),
    )
}

/// Creates a coupon; a taken code is `DbError::UniqueViolation`. Run it in a savepoint when the
/// caller's transaction must survive that (PostgreSQL).
pub fn insert(conn: &mut DbConnection, settings: &CouponRules) -> DbResult<CouponRow> {
    let id: i64 = diesel::insert_into(coupons::table)
        .values((values(settings), coupons::created_at.eq(now())))
        .returning(coupons::id)
        .get_result(conn)?;
    Ok(coupons::table
        .find(id)
        .select(CouponRow::as_select())
        .first(conn)?)
}

/// Replaces a coupon's settings; false, with nothing written, when there is no such coupon or
/// its uses (counted at the moment of the write: a purchase may have taken one since the caller
/// read them) are above the new `max_uses`.
pub fn update(conn: &mut DbConnection, id: i64, settings: &CouponRules) -> DbResult<bool> {
    let target = coupons::table.find(id);
    let updated = match settings.max_uses {
        Some(max) => diesel::update(target.filter(coupons::uses.le(max)))
            .set(values(settings))
            .execute(conn)?,
        None => diesel::update(target).set(values(settings)).execute(conn)?,
    };
    Ok(updated > 0)
}

pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<Option<CouponRow>> {
    Ok(coupons::table
        .find(id)
        .select(CouponRow::as_select())
        .first(conn)
        .optional()?)
}

/// The coupon of an upper-case code.
pub fn find_by_code(conn: &mut DbConnection, code: &str) -> DbResult<Option<CouponRow>> {
    Ok(coupons::table
        .filter(coupons::code.eq(code))
        .select(CouponRow::as_select())
        .first(conn)
        .optional()?)
}

/// Every coupon, newest first.
pub fn list(conn: &mut DbConnection) -> DbResult<Vec<CouponRow>> {
    Ok(coupons::table
        .order(coupons::id.desc())
        .select(CouponRow::as_select())
        .load(conn)?)
}

/// What counting a use of a coupon came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UseClaim {
    Counted,
    /// Its uses reached `max_uses` (another purchase took the last use first).
    UsedUp,
    /// The operator turned it off (or it is gone) since the price was quoted.
    Inactive,
}

/// Counts one use of the coupon, unless it is inactive or its uses reached `max_uses`: then
/// nothing is written and the answer says which. Run it in the purchase's transaction.
pub fn claim_use(conn: &mut DbConnection, id: i64) -> DbResult<UseClaim> {
    let claimed = diesel::update(
        coupons::table
            .find(id)
            .filter(coupons::active.eq(true))
            .filter(
                coupons::max_uses
                    .is_null()
                    .or(coupons::uses.lt(coupons::max_uses.assume_not_null())),
            ),
    )
    .set(coupons::uses.eq(coupons::uses + 1))
    .execute(conn)?;
    if claimed == 1 {
        return Ok(UseClaim::Counted);
    }
    let active: Option<bool> = coupons::table
        .find(id)
        .select(coupons::active)
        .first(conn)
        .optional()?;
    Ok(if active == Some(true) {
        UseClaim::UsedUp
    } else {
        UseClaim::Inactive
    })
}

/// Takes back one use of the coupon (`prices::release_coupon`).
pub(crate) fn release_use(conn: &mut DbConnection, id: i64) -> DbResult<()> {
    diesel::update(coupons::table.find(id).filter(coupons::uses.gt(0)))
        .set(coupons::uses.eq(coupons::uses - 1))
        .execute(conn)?;
    Ok(())
}

/// What the purchases with each coupon paid and what it took off them, by coupon id.
pub fn takings(conn: &mut DbConnection) -> DbResult<HashMap<i64, (Cents, Cents)>> {
    let rows: Vec<(Option<i64>, i64, i64)> = purchase_prices::table
        .filter(purchase_prices::coupon_id.is_not_null())
        .filter(purchase_prices::coupon_released.eq(false))
        .group_by(purchase_prices::coupon_id)
        .select((
            purchase_prices::coupon_id,
            sum_of("paid_cents"),
            sum_of("coupon_discount_cents"),
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, paid, discount)| Some((id?, (Cents::new(paid), Cents::new(discount)))))
        .collect())
}
