//! Automatic top-up of traffic: per customer and traffic kind, "when what is left falls below
//! `below_bytes`, buy `plan_id`" (no row: off). The check runs where traffic is spent (a gateway
//! lease take, a provider's usage read back) and when the setting is saved, on any number of
//! instances at once: the window is claimed by one conditional UPDATE of the row, so exactly one
//! check per window buys, and the purchase commits with the claim or not at all.
//!
//! A top-up the wallet cannot pay (or whose plan is no longer on sale) writes nothing but an
//! alert-once mark (`short_alerted_at`) and its notification; while the mark is set and the
//! wallet still does not cover the plan, checks do nothing. A paid top-up or a saved setting
//! clears the mark.

use crate::connection::{DbConnection, write_transaction};
use crate::error::{DbError, DbResult};
use crate::notifications::{self, Kind};
use crate::plan_purchase::{self, PlanPurchase};
use crate::plans::{self, PlanRow};
use crate::schema::{auto_topups, users};
use crate::traffic;
use crate::upsert::update_or_insert;
use crate::wallet::WalletError;
use diesel::prelude::*;
use domain::auto_topup::{bought_text, failed_text};
use domain::{Cents, PlanId, ProxyKind, UserId};

/// A customer's setting for one traffic kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting {
    pub kind: ProxyKind,
    pub enabled: bool,
    pub below_bytes: i64,
    /// None when the chosen plan was deleted.
    pub plan_id: Option<PlanId>,
    /// When a check last bought (its window started then).
    pub last_run_at: Option<i64>,
    /// Set when a top-up could not be paid and the customer was told; cleared by a paid one.
    pub short_alerted_at: Option<i64>,
}

type Row = (
    ProxyKind,
    bool,
    i64,
    Option<PlanId>,
    Option<i64>,
    Option<i64>,
);

const COLUMNS: (
    auto_topups::kind,
    auto_topups::enabled,
    auto_topups::below_bytes,
    auto_topups::plan_id,
    auto_topups::last_run_at,
    auto_topups::short_alerted_at,
) = (
    auto_topups::kind,
    auto_topups::enabled,
    auto_topups::below_bytes,
    auto_topups::plan_id,
    auto_topups::last_run_at,
    auto_topups::short_alerted_at,
);

fn from_row(r: Row) -> Setting {
    Setting {
        kind: r.0,
        enabled: r.1,
        below_bytes: r.2,
        plan_id: r.3,
        last_run_at: r.4,
        short_alerted_at: r.5,
    }
}

/// The customer's saved settings (kinds without a row are off).
pub fn list(conn: &mut DbConnection, user: UserId) -> DbResult<Vec<Setting>> {
    let rows = auto_topups::table
        .filter(auto_topups::user_id.eq(user))
        .select(COLUMNS)
        .load::<Row>(conn)?;
    Ok(rows.into_iter().map(from_row).collect())
}

/// The setting of one kind, if saved.
pub fn get(conn: &mut DbConnection, user: UserId, kind: ProxyKind) -> DbResult<Option<Setting>> {
    let row = auto_topups::table
        .find((user, kind))
        .select(COLUMNS)
        .first::<Row>(conn)
        .optional()?;
    Ok(row.map(from_row))
}

/// Saves the setting of `kind` (the plan checked by the caller). Re-arms the short-balance
/// alert; the window keeps its start, so saving never buys twice in one window.
pub fn save(
    conn: &mut DbConnection,
    user: UserId,
    kind: ProxyKind,
    enabled: bool,
    below_bytes: i64,
    plan_id: PlanId,
    now: i64,
) -> DbResult<()> {
    update_or_insert(
        conn,
        |c| {
            diesel::update(auto_topups::table.find((user, kind)))
                .set((
                    auto_topups::enabled.eq(enabled),
                    auto_topups::below_bytes.eq(below_bytes),
                    auto_topups::plan_id.eq(Some(plan_id)),
                    auto_topups::short_alerted_at.eq(None::<i64>),
                    auto_topups::updated_at.eq(now),
                ))
                .execute(c)
        },
        |c| {
            diesel::insert_into(auto_topups::table)
                .values((
                    auto_topups::user_id.eq(user),
                    auto_topups::kind.eq(kind),
                    auto_topups::enabled.eq(enabled),
                    auto_topups::below_bytes.eq(below_bytes),
                    auto_topups::plan_id.eq(Some(plan_id)),
                    auto_topups::updated_at.eq(now),
                ))
                .execute(c)
        },
    )?;
    Ok(())
}

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
    wallet: Cents,
}

fn remaining(conn: &mut DbConnection, user: UserId, kind: ProxyKind) -> DbResult<i64> {
    Ok(traffic::balance_row(conn, user, kind)?.map_or(0, |b| {
        (b.purchased_bytes - b.used_bytes - b.leased_bytes).max(0)
    }))
}

/// The facts of an enabled setting (None: off or never saved).
fn facts(conn: &mut DbConnection, user: UserId, kind: ProxyKind) -> DbResult<Option<Facts>> {
    let Some(setting) = get(conn, user, kind)?.filter(|s| s.enabled) else {
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
    Ok(Some(Facts {
        remaining: remaining(conn, user, kind)?,
        setting,
        plan,
        wallet,
    }))
}

/// The plan a top-up of `kind` would buy at `now`, if it may be sold.
fn buyable(plan: Option<&PlanRow>, kind: ProxyKind, now: i64) -> Option<&PlanRow> {
    plan.filter(|p| p.kind == kind && p.on_sale(now))
}

/// Whether the facts call for a top-up at `now`: below the threshold, the window open, and no
/// told failure that still stands (a wallet that still does not cover the plan).
fn wants(f: &Facts, now: i64, window: i64) -> bool {
    let s = &f.setting;
    let window_open = s.last_run_at.is_none_or(|at| at <= now - window);
    let failure_stands = s.short_alerted_at.is_some()
        && buyable(f.plan.as_ref(), s.kind, now).is_none_or(|p| f.wallet < p.price_cents);
    f.remaining < s.below_bytes && window_open && !failure_stands
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
    match facts(conn, user, kind)? {
        Some(f) if wants(&f, now, window) => {}
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
    let Some(f) = facts(c, user, kind)? else {
        return Err(Abort::NotDue);
    };
    if !wants(&f, now, window) {
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
            price: plan.price_cents,
            reference: &reference,
            note: &note,
        },
    );
    let bytes = match bought {
        Ok(bytes) => bytes,
        Err(WalletError::Insufficient) => {
            return Err(Abort::Failed(Some((plan.name.clone(), plan.price_cents))));
        }
        // A repeated reference is a second purchase in the same second: not this window's.
        Err(WalletError::Duplicate(_)) => return Err(Abort::NotDue),
        Err(WalletError::Db(e)) => return Err(Abort::Db(e)),
        Err(WalletError::NotPositive(_)) => return Err(Abort::Failed(None)),
    };
    diesel::update(auto_topups::table.find((user, kind)))
        .set(auto_topups::short_alerted_at.eq(None::<i64>))
        .execute(c)?;
    let (title, body) = bought_text(
        kind,
        f.setting.below_bytes,
        &plan.name,
        plan.amount,
        plan.price_cents,
    );
    notifications::add(c, user, Kind::Renewed, &title, &body, now)?;
    Ok(Outcome::Bought {
        plan_id: plan.id,
        bytes,
        price: plan.price_cents,
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
