//! The stock of pieces per kind and location. A sale reserves stock with one conditional UPDATE,
//! so stock is never oversold.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::piece_stock;
use diesel::prelude::*;
use domain::ProxyKind;

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = piece_stock)]
pub struct NewStock<'a> {
    pub kind: ProxyKind,
    pub code: &'a str,
    pub country: &'a str,
    pub isp: Option<&'a str>,
    pub isp_name: Option<&'a str>,
    pub city: Option<&'a str>,
    pub conn_type: Option<&'a str>,
    pub ip: Option<&'a str>,
    pub capacity: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = piece_stock)]
pub struct StockRow {
    pub id: i64,
    pub kind: ProxyKind,
    pub code: String,
    pub country: String,
    pub isp: Option<String>,
    pub isp_name: Option<String>,
    pub city: Option<String>,
    pub conn_type: Option<String>,
    pub ip: Option<String>,
    pub capacity: i32,
    pub sold: i32,
    pub active: bool,
}

impl StockRow {
    pub fn available(&self) -> i32 {
        (self.capacity - self.sold).max(0)
    }
}

pub fn count_stock(conn: &mut DbConnection) -> DbResult<i64> {
    Ok(piece_stock::table.count().get_result(conn)?)
}

pub fn insert_stock(conn: &mut DbConnection, stock: &NewStock<'_>) -> DbResult<i64> {
    Ok(diesel::insert_into(piece_stock::table)
        .values(stock)
        .returning(piece_stock::id)
        .get_result(conn)?)
}

/// The active stock of a kind, by country then code.
pub fn stock_of(conn: &mut DbConnection, kind: ProxyKind) -> DbResult<Vec<StockRow>> {
    Ok(piece_stock::table
        .filter(piece_stock::kind.eq(kind))
        .filter(piece_stock::active.eq(true))
        .order((piece_stock::country.asc(), piece_stock::code.asc()))
        .select(StockRow::as_select())
        .load(conn)?)
}

/// The active stock row of a kind with this code.
pub fn find_stock(
    conn: &mut DbConnection,
    kind: ProxyKind,
    code: &str,
) -> DbResult<Option<StockRow>> {
    Ok(piece_stock::table
        .filter(piece_stock::kind.eq(kind))
        .filter(piece_stock::code.eq(code))
        .filter(piece_stock::active.eq(true))
        .select(StockRow::as_select())
        .first(conn)
        .optional()?)
}

/// Takes `quantity` pieces from a stock row; false (and nothing changed) when fewer are left.
pub fn reserve(conn: &mut DbConnection, stock_id: i64, quantity: i32) -> DbResult<bool> {
    let updated = diesel::update(
        piece_stock::table
            .find(stock_id)
            .filter(piece_stock::active.eq(true))
            .filter((piece_stock::capacity - piece_stock::sold).ge(quantity)),
    )
    .set(piece_stock::sold.eq(piece_stock::sold + quantity))
    .execute(conn)?;
    Ok(updated == 1)
}

/// Puts `quantity` reserved pieces back (an order that failed).
pub fn unreserve(conn: &mut DbConnection, stock_id: i64, quantity: i32) -> DbResult<()> {
    diesel::update(
        piece_stock::table
            .find(stock_id)
            .filter(piece_stock::sold.ge(quantity)),
    )
    .set(piece_stock::sold.eq(piece_stock::sold - quantity))
    .execute(conn)?;
    Ok(())
}

/// Every stock row (inactive ones too) for the operator, optionally of one kind and country,
/// by kind, country and code.
pub fn list_stock(
    conn: &mut DbConnection,
    kind: Option<ProxyKind>,
    country: Option<&str>,
) -> DbResult<Vec<StockRow>> {
    let mut query = piece_stock::table.into_boxed();
    if let Some(kind) = kind {
        query = query.filter(piece_stock::kind.eq(kind));
    }
    if let Some(country) = country {
        query = query.filter(piece_stock::country.eq(country.to_owned()));
    }
    Ok(query
        .order((
            piece_stock::kind.asc(),
            piece_stock::country.asc(),
            piece_stock::code.asc(),
        ))
        .select(StockRow::as_select())
        .load(conn)?)
}

/// The stock row `id`, active or not.
pub fn stock_by_id(conn: &mut DbConnection, id: i64) -> DbResult<Option<StockRow>> {
    Ok(piece_stock::table
        .find(id)
        .select(StockRow::as_select())
        .first(conn)
        .optional()?)
}

/// Whether a row of `kind` with `code` exists, active or not (codes are unique per kind).
pub fn stock_code_taken(conn: &mut DbConnection, kind: ProxyKind, code: &str) -> DbResult<bool> {
    use diesel::dsl::exists;
    Ok(diesel::select(exists(
        piece_stock::table
            .filter(piece_stock::kind.eq(kind))
            .filter(piece_stock::code.eq(code)),
    ))
    .get_result(conn)?)
}

/// Sets the capacity of row `id` only while it is at least what is sold (one conditional
/// UPDATE, so a sale racing the change can never leave capacity below sold); false when not.
pub fn set_capacity(conn: &mut DbConnection, id: i64, capacity: i32) -> DbResult<bool> {
    let updated = diesel::update(
        piece_stock::table
            .find(id)
            .filter(piece_stock::sold.le(capacity)),
    )
    .set(piece_stock::capacity.eq(capacity))
    .execute(conn)?;
    Ok(updated == 1)
}

/// Opens or closes row `id` for sale; pieces already sold from it keep working.
pub fn set_stock_active(conn: &mut DbConnection, id: i64, active: bool) -> DbResult<()> {
    diesel::update(piece_stock::table.find(id))
        .set(piece_stock::active.eq(active))
        .execute(conn)?;
    Ok(())
}
