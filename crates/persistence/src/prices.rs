//! What a customer pays (the rules in `domain::pricing`), read from the tables that hold its
//! parts: a traffic plan's volume tiers (`plan_tiers`), the customer's own prices
//! (`customer_prices`), the coupon (`coupons.rs`); and how a purchase's price was reached
//! (`purchase_prices`, by ledger reference), read by the wallet history and the receipt. Every
//! purchase path prices through [`quote`] and records through [`settle`], in its own transaction:
//! a plan, a custom amount, pieces, an automatic top-up, a renewal.

use crate::connection::DbConnection;
use crate::coupons::{self, CouponRow, UseClaim};
use crate::error::{DbError, DbResult};
use crate::now;
use crate::plans::PlanRow;
use crate::schema::{customer_prices, plan_tiers, purchase_prices, wallet_ledger};
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::pricing::{self, CouponHistory, Item, Quote, Tier};
use domain::{Cents, EntryKind, PlanId, ProxyKind, UserId, messages as msg};
use std::collections::HashMap;

/// What is bought of a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amount {
    /// The plan as listed (its GB, or one piece).
    Plan,
    /// A custom amount of GB of a traffic plan, at its volume tier for the amount.
    CustomGb(i64),
    /// This many pieces of a piece plan.
    Pieces(i32),
}

/// Why a purchase cannot be priced.
#[derive(Debug, thiserror::Error)]
pub enum PriceError {
    /// The coupon does not apply; the message says why.
    #[error("coupon refused: {0}")]
    Coupon(String),
    /// The amount is too large to price.
    #[error("price out of range")]
    Overflow,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for PriceError {
    fn from(err: diesel::result::Error) -> Self {
        PriceError::Db(err.into())
    }
}

/// The price of one GB of `plan` for a custom amount without a tier: its price over its GB,
/// rounded up to the cent.
pub fn base_price_per_gb(plan: &PlanRow) -> Option<Cents> {
    plan.price_cents.per_unit_rounded_up(plan.amount)
}

/// The list price of `amount` of `plan` and the tier that priced it.
pub fn list_price(
    conn: &mut DbConnection,
    plan: &PlanRow,
    amount: Amount,
) -> Result<Item, PriceError> {
    let (list, tier) = match amount {
        Amount::Plan => (Some(plan.price_cents), None),
        Amount::Pieces(quantity) => (plan.price_cents.times(i64::from(quantity)), None),
        Amount::CustomGb(gb) => {
            let tier = pricing::tier_for(&tiers(conn, plan.id)?, gb);
            let per_gb = tier
                .map(|t| t.price_per_gb)
                .or_else(|| base_price_per_gb(plan));
            (per_gb.and_then(|p| p.times(gb)), tier)
        }
    };
    Ok(Item {
        kind: plan.kind,
        plan: plan.id,
        list: list.ok_or(PriceError::Overflow)?,
        tier,
    })
}

/// `plan` as listed, at `user`'s own price of its kind (no coupon): what an automatic top-up and a
/// renewal pay, and what the customer's screens show.
pub fn plan_price(conn: &mut DbConnection, user: UserId, plan: &PlanRow) -> DbResult<Quote> {
    let item = Item {
        kind: plan.kind,
        plan: plan.id,
        list: plan.price_cents,
        tier: None,
    };
    Ok(pricing::quote(
        item,
        customer_percent(conn, user, plan.kind)?,
    ))
}

/// The price `user` pays for `amount` of `plan` with `coupon` (a code as typed), or why not.
/// With a coupon, it takes the customer's row lock first, so their own uses of it are counted
/// one purchase at a time; run it in the purchase's transaction and [`settle`] in the same one.
pub fn quote(
    conn: &mut DbConnection,
    user: UserId,
    plan: &PlanRow,
    amount: Amount,
    coupon: Option<&str>,
) -> Result<(Quote, Option<CouponRow>), PriceError> {
    let item = list_price(conn, plan, amount)?;
    let quote = pricing::quote(item, customer_percent(conn, user, plan.kind)?);
    let Some(code) = coupon else {
        return Ok((quote, None));
    };
    let unknown = || PriceError::Coupon(msg::COUPON_UNKNOWN.to_owned());
    let code = pricing::coupon_code(code).ok_or_else(unknown)?;
    let row = coupons::find_by_code(conn, &code)?.ok_or_else(unknown)?;
    crate::users::lock_row(conn, user)?;
    let history = CouponHistory {
        uses: row.uses,
        uses_by_customer: purchase_prices::table
            .filter(purchase_prices::coupon_id.eq(row.id))
            .filter(purchase_prices::user_id.eq(user))
            .filter(purchase_prices::coupon_released.eq(false))
            .count()
            .get_result(conn)?,
        bought_before: diesel::select(diesel::dsl::exists(
            wallet_ledger::table
                .filter(wallet_ledger::user_id.eq(user))
                .filter(wallet_ledger::kind.eq(EntryKind::Purchase)),
        ))
        .get_result(conn)?,
    };
    let quote =
        pricing::apply_coupon(quote, &row.rules(), history, now()).map_err(PriceError::Coupon)?;
    Ok((quote, Some(row)))
}

/// Records how the price of the purchase debited under `reference` was reached (nothing for a
/// list price without a coupon) and counts the coupon's use; `PriceError::Coupon` when another
/// purchase took its last use first ("used up") or the operator turned it off since the quote
/// ("no longer available"). Run it in the purchase's transaction, after the debit.
pub fn settle(
    conn: &mut DbConnection,
    user: UserId,
    quote: &Quote,
    coupon: Option<&CouponRow>,
    reference: &str,
) -> Result<(), PriceError> {
    if let Some(coupon) = coupon {
        let refused = match coupons::claim_use(conn, coupon.id)? {
            UseClaim::Counted => None,
            UseClaim::UsedUp => Some(msg::COUPON_USED_UP),
            UseClaim::Inactive => Some(msg::COUPON_INACTIVE),
        };
        if let Some(message) = refused {
            return Err(PriceError::Coupon(message.to_owned()));
        }
    }
    if quote.is_list_price() && coupon.is_none() {
        return Ok(());
    }
    diesel::insert_into(purchase_prices::table)
        .values((
            purchase_prices::reference.eq(reference),
            purchase_prices::user_id.eq(user),
            purchase_prices::kind.eq(quote.item.kind),
            purchase_prices::list_cents.eq(quote.item.list),
            purchase_prices::tier_min_gb.eq(quote.item.tier.map(|t| t.min_gb)),
            purchase_prices::tier_price_cents.eq(quote.item.tier.map(|t| t.price_per_gb)),
            purchase_prices::customer_percent.eq(quote.customer_percent),
            purchase_prices::customer_discount_cents.eq(quote.customer_discount),
            purchase_prices::coupon_id.eq(coupon.map(|c| c.id)),
            purchase_prices::coupon_code.eq(coupon.map(|c| c.code.clone())),
            purchase_prices::coupon_discount_cents.eq(quote.coupon_discount),
            purchase_prices::paid_cents.eq(quote.price),
            purchase_prices::created_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Gives back the coupon use of the purchase debited under `reference` (an order that failed and
/// was refunded whole): the coupon's `uses` goes down by one and the customer's use no longer
/// counts. Once per purchase; nothing for a purchase without a coupon. Run it in the refund's
/// transaction.
pub fn release_coupon(conn: &mut DbConnection, reference: &str) -> DbResult<()> {
    let released: Option<Option<i64>> = diesel::update(
        purchase_prices::table
            .find(reference)
            .filter(purchase_prices::coupon_id.is_not_null())
            .filter(purchase_prices::coupon_released.eq(false)),
    )
    .set(purchase_prices::coupon_released.eq(true))
    .returning(purchase_prices::coupon_id)
    .get_result(conn)
    .optional()?;
    if let Some(Some(id)) = released {
        coupons::release_use(conn, id)?;
    }
    Ok(())
}

/// How a purchase's price was reached.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = purchase_prices)]
pub struct PriceRecord {
    pub reference: String,
    pub list_cents: Cents,
    pub tier_min_gb: Option<i64>,
    pub tier_price_cents: Option<Cents>,
    pub customer_percent: Option<i32>,
    pub customer_discount_cents: Cents,
    pub coupon_code: Option<String>,
    pub coupon_discount_cents: Cents,
    pub paid_cents: Cents,
}

/// The price records of these ledger references of `user` (references without one are absent).
pub fn records(
    conn: &mut DbConnection,
    user: UserId,
    references: &[String],
) -> DbResult<HashMap<String, PriceRecord>> {
    if references.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(purchase_prices::table
        .filter(purchase_prices::user_id.eq(user))
        .filter(purchase_prices::reference.eq_any(references))
        .select(PriceRecord::as_select())
        .load::<PriceRecord>(conn)?
        .into_iter()
        .map(|r| (r.reference.clone(), r))
        .collect())
}

/// A plan's volume tiers, smallest amount first.
pub fn tiers(conn: &mut DbConnection, plan: PlanId) -> DbResult<Vec<Tier>> {
    Ok(plan_tiers::table
        .filter(plan_tiers::plan_id.eq(plan))
        .order(plan_tiers::min_gb.asc())
        .select((plan_tiers::min_gb, plan_tiers::price_per_gb_cents))
        .load::<(i64, Cents)>(conn)?
        .into_iter()
        .map(|(min_gb, price_per_gb)| Tier {
            min_gb,
            price_per_gb,
        })
        .collect())
}

/// Every plan's tiers, for the catalogue's lists (plans without any are absent).
pub fn all_tiers(conn: &mut DbConnection) -> DbResult<HashMap<PlanId, Vec<Tier>>> {
    let mut all: HashMap<PlanId, Vec<Tier>> = HashMap::new();
    let rows = plan_tiers::table
        .order((plan_tiers::plan_id, plan_tiers::min_gb.asc()))
        .select((
            plan_tiers::plan_id,
            plan_tiers::min_gb,
            plan_tiers::price_per_gb_cents,
        ))
        .load::<(PlanId, i64, Cents)>(conn)?;
    for (plan, min_gb, price_per_gb) in rows {
        all.entry(plan).or_default().push(Tier {
            min_gb,
            price_per_gb,
        });
    }
    Ok(all)
}

/// Replaces a plan's tiers; run it in the edit's transaction.
pub fn set_tiers(conn: &mut DbConnection, plan: PlanId, tiers: &[Tier]) -> DbResult<()> {
    diesel::delete(plan_tiers::table.filter(plan_tiers::plan_id.eq(plan))).execute(conn)?;
    for tier in tiers {
        diesel::insert_into(plan_tiers::table)
            .values((
                plan_tiers::plan_id.eq(plan),
                plan_tiers::min_gb.eq(tier.min_gb),
                plan_tiers::price_per_gb_cents.eq(tier.price_per_gb),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The customer's own per-cent discount of `kind`: the operator's price of the kind for this
/// customer, or, for an enabled reseller, the reseller's discount (every kind;
/// docs/resellers.md), whichever is larger. None when neither applies.
pub fn customer_percent(
    conn: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
) -> DbResult<Option<i32>> {
    let own = customer_prices::table
        .find((user, kind))
        .select(customer_prices::percent_off)
        .first(conn)
        .optional()?;
    Ok(own.max(crate::resellers::accounts::discount(conn, user)?))
}

/// [`customer_percent`] of every kind that has one (kinds without one are absent): what the
/// customer's own screens price with.
pub fn effective_percents(
    conn: &mut DbConnection,
    user: UserId,
) -> DbResult<HashMap<ProxyKind, i32>> {
    let mut percents = customer_percents(conn, user)?;
    if let Some(discount) = crate::resellers::accounts::discount(conn, user)? {
        for kind in ProxyKind::ALL {
            let percent = percents.entry(kind).or_insert(discount);
            *percent = (*percent).max(discount);
        }
    }
    Ok(percents)
}

/// The operator's own prices for the customer, per kind (kinds without one are absent).
pub fn customer_percents(
    conn: &mut DbConnection,
    user: UserId,
) -> DbResult<HashMap<ProxyKind, i32>> {
    Ok(customer_prices::table
        .filter(customer_prices::user_id.eq(user))
        .select((customer_prices::kind, customer_prices::percent_off))
        .load::<(ProxyKind, i32)>(conn)?
        .into_iter()
        .collect())
}

/// Sets the customer's discount of `kind` (0 removes it); run it in the audited transaction.
pub fn set_customer_percent(
    conn: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
    percent: i32,
) -> DbResult<()> {
    if percent == 0 {
        diesel::delete(customer_prices::table.find((user, kind))).execute(conn)?;
        return Ok(());
    }
    let at = now();
    update_or_insert(
        conn,
        |c| {
            diesel::update(customer_prices::table.find((user, kind)))
                .set((
                    customer_prices::percent_off.eq(percent),
                    customer_prices::updated_at.eq(at),
                ))
                .execute(c)
        },
        |c| {
            diesel::insert_into(customer_prices::table)
                .values((
                    customer_prices::user_id.eq(user),
                    customer_prices::kind.eq(kind),
                    customer_prices::percent_off.eq(percent),
                    customer_prices::updated_at.eq(at),
                ))
                .execute(c)
        },
    )?;
    Ok(())
}
