//! A reseller's catalogue (docs/resellers.md "Catalogue"): whether its clients may top up and
//! buy (`resellers.client_purchases`), its price per GB of each kind (`reseller_prices`), and
//! each sale to a client (`reseller_sales`, written in the sale's transaction).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::{reseller_prices, reseller_sales, resellers};
use diesel::prelude::*;
use domain::{Cents, ProxyKind, UserId};
use std::collections::HashMap;

/// The reseller's price per GB of each kind it sells its clients.
pub fn prices(conn: &mut DbConnection, reseller: UserId) -> DbResult<Vec<(ProxyKind, Cents)>> {
    Ok(reseller_prices::table
        .filter(reseller_prices::reseller_id.eq(reseller))
        .order(reseller_prices::kind.asc())
        .select((reseller_prices::kind, reseller_prices::cents_per_gb))
        .load(conn)?)
}

/// The reseller's price per GB of `kind`; None: not sold.
pub fn price(
    conn: &mut DbConnection,
    reseller: UserId,
    kind: ProxyKind,
) -> DbResult<Option<Cents>> {
    Ok(reseller_prices::table
        .find((reseller, kind))
        .select(reseller_prices::cents_per_gb)
        .first(conn)
        .optional()?)
}

/// Whether the reseller lets its clients buy (false for an account that is no reseller).
pub fn open_to_clients(conn: &mut DbConnection, reseller: UserId) -> DbResult<bool> {
    Ok(resellers::table
        .find(reseller)
        .filter(resellers::enabled.eq(true))
        .select(resellers::client_purchases)
        .first(conn)
        .optional()?
        .unwrap_or(false))
}

/// Replaces the catalogue: the switch, and a price per kind (None removes the kind's).
pub fn set(
    conn: &mut DbConnection,
    reseller: UserId,
    client_purchases: bool,
    prices: &[(ProxyKind, Option<Cents>)],
) -> DbResult<()> {
    let t = now();
    diesel::update(resellers::table.find(reseller))
        .set((
            resellers::client_purchases.eq(client_purchases),
            resellers::updated_at.eq(t),
        ))
        .execute(conn)?;
    for (kind, price) in prices {
        diesel::delete(reseller_prices::table.find((reseller, *kind))).execute(conn)?;
        if let Some(cents) = price {
            diesel::insert_into(reseller_prices::table)
                .values((
                    reseller_prices::reseller_id.eq(reseller),
                    reseller_prices::kind.eq(*kind),
                    reseller_prices::cents_per_gb.eq(*cents),
                    reseller_prices::updated_at.eq(t),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// One sale to record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewSale {
    pub reseller_id: UserId,
    pub client_id: UserId,
    pub kind: ProxyKind,
    pub bytes: i64,
    /// What the client paid (credited to the reseller).
    pub price: Cents,
    /// What the shop debited the reseller.
    pub cost: Cents,
}

/// Writes the sale's row; run it in the sale's transaction.
pub fn record_sale(conn: &mut DbConnection, sale: &NewSale) -> DbResult<()> {
    diesel::insert_into(reseller_sales::table)
        .values((
            reseller_sales::reseller_id.eq(sale.reseller_id),
            reseller_sales::client_id.eq(sale.client_id),
            reseller_sales::kind.eq(sale.kind),
            reseller_sales::bytes.eq(sale.bytes),
            reseller_sales::price_cents.eq(sale.price),
            reseller_sales::cost_cents.eq(sale.cost),
            reseller_sales::created_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}

/// What each client paid the reseller and what the shop charged for it, over `[from, to)` (unix
/// seconds), of `kind` or of every kind: `(revenue, cost)` by client, for the reseller's report.
pub fn sales_by_client(
    conn: &mut DbConnection,
    reseller: UserId,
    kind: Option<ProxyKind>,
    (from, to): (i64, i64),
) -> DbResult<HashMap<UserId, (Cents, Cents)>> {
    let mut query = reseller_sales::table
        .filter(reseller_sales::reseller_id.eq(reseller))
        .filter(reseller_sales::created_at.ge(from))
        .filter(reseller_sales::created_at.lt(to))
        .into_boxed();
    if let Some(kind) = kind {
        query = query.filter(reseller_sales::kind.eq(kind));
    }
    let rows: Vec<(UserId, Cents, Cents)> = query
        .select((
            reseller_sales::client_id,
            reseller_sales::price_cents,
            reseller_sales::cost_cents,
        ))
        .load(conn)?;
    let mut out: HashMap<UserId, (Cents, Cents)> = HashMap::new();
    for (client, price, cost) in rows {
        let entry = out.entry(client).or_insert((Cents::ZERO, Cents::ZERO));
        *entry = (
            Cents::new(entry.0.get() + price.get()),
            Cents::new(entry.1.get() + cost.get()),
        );
    }
    Ok(out)
}
