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
