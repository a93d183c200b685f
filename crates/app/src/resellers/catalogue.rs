//! A reseller's catalogue (docs/resellers.md "Catalogue"): the reseller sets its price per GB of
//! each kind and whether its clients may buy; a client buys from it with its own wallet. One
//! sale is one transaction: the client pays the reseller's price, the reseller's balance takes
//! it and pays the shop's price after the reseller's discount, the client's traffic grows by
//! what it bought, and the sale is recorded for the reseller's report. A price below the shop's
//! cost is the reseller's loss to carry: when its balance cannot, nothing is sold.

use crate::blocking::in_transaction;
use crate::error::AppError;
use domain::ledger::EntryKind;
use domain::units::GB;
use domain::{Cents, ProxyKind, UserId, messages as msg, random};
use persistence::prices::{self, Amount};
use persistence::resellers::catalogue::{self, NewSale};
use persistence::wallet::{self, WalletError};
use persistence::{DbConnection, DbPool, plans, traffic, users};

/// The kinds a catalogue sells: those sold by the GB.
pub const KINDS: [ProxyKind; 2] = [ProxyKind::Premium, ProxyKind::Budget];

/// The most GB one purchase buys.
pub const MAX_GB: i64 = 10_000;

/// One kind of the catalogue as the reseller sees it: its price (None: not sold) and what the
/// shop would charge the reseller for one GB now (its discount applied; None: the shop sells no
/// plan of the kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    pub kind: ProxyKind,
    pub price: Option<Cents>,
    pub cost: Option<Cents>,
}

/// The reseller's catalogue: whether clients may buy, and each kind's line.
pub fn lines(conn: &mut DbConnection, reseller: UserId) -> Result<(bool, Vec<Line>), AppError> {
    let open = catalogue::open_to_clients(conn, reseller)?;
    let prices = catalogue::prices(conn, reseller)?;
    let mut out = Vec::new();
    for kind in KINDS {
        let price = prices.iter().find(|(k, _)| *k == kind).map(|(_, c)| *c);
        let cost = match plan_for(conn, kind, 1)? {
            Some(plan) => Some(
                prices::quote(conn, reseller, &plan, Amount::CustomGb(1), None)?
                    .0
                    .price,
            ),
            None => None,
        };
        out.push(Line { kind, price, cost });
    }
    Ok((open, out))
}

/// The shop's plan that prices `gb` GB of `kind` for a reseller: the largest on sale up to that
/// amount (its volume tiers and validity), else the smallest.
fn plan_for(
    conn: &mut DbConnection,
    kind: ProxyKind,
    gb: i64,
) -> Result<Option<plans::PlanRow>, AppError> {
    let mut on_sale = plans::active_for_kind(conn, kind)?;
    on_sale.sort_by_key(|p| p.amount);
    let up_to = on_sale.iter().rev().find(|p| p.amount <= gb).cloned();
    Ok(up_to.or_else(|| on_sale.first().cloned()))
}

/// Replaces the reseller's catalogue.
pub async fn set(
    pool: &DbPool,
    reseller: UserId,
    open: bool,
    prices: Vec<(ProxyKind, Option<Cents>)>,
) -> Result<(bool, Vec<Line>), AppError> {
    in_transaction(pool, move |conn| {
        catalogue::set(conn, reseller, open, &prices)?;
        lines(conn, reseller)
    })
    .await
}

/// The client's reseller, when it lets its clients buy; 403 otherwise.
pub fn open_reseller(conn: &mut DbConnection, client: &users::UserRow) -> Result<UserId, AppError> {
    match client.reseller_id {
        Some(reseller) if catalogue::open_to_clients(conn, reseller)? => Ok(reseller),
        _ => Err(AppError::Forbidden(msg::CATALOGUE_CLOSED)),
    }
}

/// `client` buys `gb` GB of `kind` from its reseller's catalogue; the client's account after.
pub async fn buy(
    pool: &DbPool,
    client: UserId,
    kind: ProxyKind,
    gb: i64,
) -> Result<users::UserRow, AppError> {
    if !KINDS.contains(&kind) {
        return Err(AppError::field("type", msg::MOVE_TYPE));
    }
    if !(1..=MAX_GB).contains(&gb) {
        return Err(AppError::field("gb", msg::CATALOGUE_GB));
    }
    let reference = format!("sale_{}", random::alphanumeric(20));
    in_transaction(pool, move |conn| {
        let row = users::find_by_id(conn, client)?.ok_or(AppError::Unauthorized)?;
        let reseller = open_reseller(conn, &row)?;
        let per_gb = catalogue::price(conn, reseller, kind)?
            .ok_or(AppError::field("type", msg::CATALOGUE_KIND_NOT_SOLD))?;
        let price = per_gb
            .times(gb)
            .ok_or(AppError::field("gb", msg::CATALOGUE_GB))?;
        let plan = plan_for(conn, kind, gb)?.ok_or(AppError::Gone(msg::PLAN_UNAVAILABLE))?;
        let cost = prices::quote(conn, reseller, &plan, Amount::CustomGb(gb), None)?
            .0
            .price;
        let note = format!("{kind} {gb} GB");
        wallet::debit(
            conn,
            client,
            price,
            EntryKind::Purchase,
            &reference,
            Some(&note),
        )?;
        if price > Cents::ZERO {
            wallet::credit(
                conn,
                reseller,
                price,
                EntryKind::ClientSale,
                &reference,
                Some(&note),
            )?;
        }
        let charge = format!("{reference}_cost");
        match wallet::debit(
            conn,
            reseller,
            cost,
            EntryKind::Purchase,
            &charge,
            Some(&note),
        ) {
            Ok(_) | Err(WalletError::NotPositive(_)) => {}
            // The reseller's price is under the shop's and its balance cannot make up the gap.
            Err(WalletError::Insufficient) => {
                return Err(AppError::Conflict(msg::CATALOGUE_UNAVAILABLE));
            }
            Err(e) => return Err(e.into()),
        }
        let bytes = gb.saturating_mul(GB);
        let expires_at = persistence::now() + i64::from(plan.validity_days) * 86_400;
        traffic::add_purchased(conn, client, kind, bytes, Some(expires_at))?;
        catalogue::record_sale(
            conn,
            &NewSale {
                reseller_id: reseller,
                client_id: client,
                kind,
                bytes,
                price,
                cost,
            },
        )?;
        users::find_by_id(conn, client)?.ok_or(AppError::Unauthorized)
    })
    .await
}
