//! The check: decides from the setting, the traffic left, the plan and the wallet whether a
//! top-up is due, claims the window and buys in one transaction, or tells a failure once.

use super::settings::{Setting, get};
use crate::connection::{DbConnection, write_transaction};
use crate::error::{DbError, DbResult};
use crate::notifications::{self, Kind};
use crate::plan_purchase::{self, PlanPurchase};
use crate::plans::{self, PlanRow};
use crate::prices::{self, PriceError};
use crate::schema::{auto_topups, users};
use crate::traffic;
use crate::wallet::WalletError;
use diesel::prelude::*;
use domain::auto_topup::{bought_text, failed_text};
use domain::{Cents, PlanId, ProxyKind, UserId};

/// What a check did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Off, enough traffic left, this window's top-up already done, or a failure already told.
    NotDue,
    /// The plan was bought: `bytes` added for `price`.
    Bought {
        plan_id: PlanId,
        bytes: i64,
        price: Cents,
    },
    /// The wallet did not cover the plan, or the plan is no longer on sale: nothing bought;
    /// `notified` when this check wrote the (once) notification.
    Failed { notified: bool },
}

/// What a check reads to decide.
struct Facts {
    setting: Setting,
    /// What the customer can still use (unleased and unexpired).
    remaining: i64,
    plan: Option<PlanRow>,
    /// The plan's price for this customer (their own price of the kind applied).
    price: Cents,
    wallet: Cents,
}

fn remaining(conn: &mut DbConnection, user: UserId, kind: ProxyKind) -> DbResult<i64> {
    Ok(traffic::balance_row(conn, user, kind)?.map_or(0, |b| {
        (b.purchased_bytes - b.used_bytes - b.leased_bytes).max(0)
    }))
}

/// Whether the window that began at `last_run_at` is over at `now`.
fn window_open(last_run_at: Option<i64>, now: i64, window: i64) -> bool {
    last_run_at.is_none_or(|at| at <= now - window)
}

/// The facts of an enabled setting whose window is open (None: off, never saved, or bought
/// this window: one lookup by key, the common case at a lease take).
fn facts(
    conn: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
    now: i64,
    window: i64,
) -> DbResult<Option<Facts>> {
    let Some(setting) =
        get(conn, user, kind)?.filter(|s| s.enabled && window_open(s.last_run_at, now, window))
    else {
        return Ok(None);
    };
    let plan = match setting.plan_id {
        Some(id) => plans::find(conn, id)?,
        None => None,
    };
    let wallet = users::table
        .find(user)
        .select(users::balance_cents)
        .first::<Cents>(conn)?;
    let price = match &plan {
        Some(plan) => prices::plan_price(conn, user, plan)?.price,
        None => Cents::ZERO,
    };
    Ok(Some(Facts {
        remaining: remaining(conn, user, kind)?,
        setting,
        plan,
        price,
        wallet,
    }))
}

/// The plan a top-up of `kind` would buy at `now`, if it may be sold.
fn buyable(plan: Option<&PlanRow>, kind: ProxyKind, now: i64) -> Option<&PlanRow> {
    plan.filter(|p| p.kind == kind && p.on_sale(now))
}

/// Whether the facts call for a top-up at `now`: below the threshold, and no told failure that
/// still stands (a wallet that still does not cover the plan).
fn wants(f: &Facts, now: i64) -> bool {
    let s = &f.setting;
    let failure_stands = s.short_alerted_at.is_some()
        && buyable(f.plan.as_ref(), s.kind, now).is_none_or(|_| f.wallet < f.price);
    f.remaining < s.below_bytes && !failure_stands
}

/// Why an attempt wrote nothing.
enum Abort {
    NotDue,
    /// Not paid: the plan (name, price) the wallet did not cover, or None when not on sale.
    Failed(Option<(String, Cents)>),
    Db(DbError),
}

impl From<diesel::result::Error> for Abort {
    fn from(e: diesel::result::Error) -> Self {
        Abort::Db(e.into())
    }
}

impl From<DbError> for Abort {
    fn from(e: DbError) -> Self {
        Abort::Db(e)
    }
}

fn price_abort(e: PriceError) -> Abort {
    match e {
        PriceError::Db(e) => Abort::Db(e),
        _ => Abort::Failed(None),
    }
}

/// Checks the top-up of (`user`, `kind`) at `now` with a window of `window` seconds, and buys
/// when due. Cheap when off or not due (reads only); the purchase is one write transaction.
pub fn check(
    conn: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
    now: i64,
    window: i64,
) -> DbResult<Outcome> {
    if !kind.is_traffic() {
        return Ok(Outcome::NotDue);
    }
    match facts(conn, user, kind, now, window)? {
        Some(f) if wants(&f, now) => {}
        _ => return Ok(Outcome::NotDue),
    }
    match write_transaction(conn, |c| attempt(c, user, kind, now, window)) {
        Ok(outcome) => Ok(outcome),
        Err(Abort::NotDue) => Ok(Outcome::NotDue),
        Err(Abort::Db(e)) => Err(e),
        Err(Abort::Failed(plan)) => {
            let notified = write_transaction(conn, |c| tell_failure(c, user, kind, plan, now))?;
            Ok(Outcome::Failed { notified })
        }
    }
}

/// Decides again under the claim and buys: everything here commits together, or (on any
/// `Abort`) nothing does, the claim included.
fn attempt(
    c: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
    now: i64,
    window: i64,
) -> Result<Outcome, Abort> {
    let Some(f) = facts(c, user, kind, now, window)? else {
        return Err(Abort::NotDue);
    };
    if !wants(&f, now) {
        return Err(Abort::NotDue);
    }
    // The claim: of checks racing on any number of nodes, one moves the window's start. On
    // PostgreSQL the others wait for its row lock, then find the window taken.
    let claimed = diesel::update(
        auto_topups::table.find((user, kind)).filter(
            auto_topups::enabled.eq(true).and(
                auto_topups::last_run_at
                    .is_null()
                    .or(auto_topups::last_run_at.le(now - window)),
            ),
        ),
    )
    .set(auto_topups::last_run_at.eq(now))
    .execute(c)?;
    // Read again under the claim: a purchase committed since the first read counts.
    if claimed != 1 || remaining(c, user, kind)? >= f.setting.below_bytes {
        return Err(Abort::NotDue);
    }
    let Some(plan) = buyable(f.plan.as_ref(), kind, now) else {
        return Err(Abort::Failed(None));
    };
    let quote = prices::plan_price(c, user, plan)?;
    let price = quote.price;
    let reference = format!("auto_topup_{user}_{kind}_{now}");
    let note = format!(
        "Auto top-up: {kind} plan {} ({} GB)",
        plan.name, plan.amount
    );
    let bought = plan_purchase::buy(
        c,
        &PlanPurchase {
            user_id: user,
            plan,
            gb: plan.amount,
            price,
            reference: &reference,
            note: &note,
        },
    );
    let bytes = match bought {
        Ok(bytes) => bytes,
        Err(WalletError::Insufficient) => {
            return Err(Abort::Failed(Some((plan.name.clone(), price))));
        }
        // A repeated reference is a second purchase in the same second: not this window's.
        Err(WalletError::Duplicate(_)) => return Err(Abort::NotDue),
        Err(WalletError::Db(e)) => return Err(Abort::Db(e)),
        Err(WalletError::NotPositive(_)) => return Err(Abort::Failed(None)),
    };
    prices::settle(c, user, &quote, None, &reference).map_err(price_abort)?;
    diesel::update(auto_topups::table.find((user, kind)))
        .set(auto_topups::short_alerted_at.eq(None::<i64>))
        .execute(c)?;
    let (title, body) = bought_text(kind, f.setting.below_bytes, &plan.name, plan.amount, price);
    notifications::add(c, user, Kind::Renewed, &title, &body, now)?;
    Ok(Outcome::Bought {
        plan_id: plan.id,
        bytes,
        price,
    })
}

/// Sets the alert-once mark and, if this check set it, writes the failure notification.
fn tell_failure(
    c: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
    plan: Option<(String, Cents)>,
    now: i64,
) -> DbResult<bool> {
    let below = get(c, user, kind)?.map_or(0, |s| s.below_bytes);
    let marked = diesel::update(
        auto_topups::table
            .find((user, kind))
            .filter(auto_topups::short_alerted_at.is_null()),
    )
    .set(auto_topups::short_alerted_at.eq(now))
    .execute(c)?;
    if marked == 1 {
        let plan = plan.as_ref().map(|(name, price)| (name.as_str(), *price));
        let (title, body) = failed_text(kind, below, plan);
        notifications::add(c, user, Kind::RenewalFailed, &title, &body, now)?;
    }
    Ok(marked == 1)
}
