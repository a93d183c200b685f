//! The reseller's report (docs/resellers.md "Reports"): for every client, over a window and of a
//! kind or all, the traffic moved to it and back (`reseller_transfers`), what it holds now
//! (`traffic_balances`), what it used (the usage rollups' totals, never the records) and what it
//! paid the reseller (`reseller_sales`). A fixed number of queries whatever the clients' history:
//! the clients, their balances, the moves and the sales grouped by client, and the rollups by
//! account.

use super::clients::{self, ClientRow};
use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::reseller_transfers;
use crate::traffic::balances_of;
use crate::usage_rollups::charged_by_user;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use domain::resellers::Direction;
use domain::{Cents, ProxyKind, UserId};
use std::collections::HashMap;

/// What the report asks: the window `[from, to)` in unix seconds and the kind (None: every kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportWindow {
    pub from: i64,
    pub to: i64,
    pub kind: Option<ProxyKind>,
}

/// One client's line of the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientLine {
    pub client: ClientRow,
    /// Bytes moved to the client in the window.
    pub allocated_bytes: i64,
    /// Bytes taken back from it in the window.
    pub reclaimed_bytes: i64,
    /// Bytes it can still use now (unexpired, unused).
    pub available_bytes: i64,
    /// Bytes charged to its traffic in the window.
    pub used_bytes: i64,
    /// What it paid the reseller in the window (catalogue purchases).
    pub revenue: Cents,
    /// What the shop charged the reseller for those purchases.
    pub cost: Cents,
}

/// The report's lines, one per client of `reseller`, oldest client first.
pub fn client_lines(
    conn: &mut DbConnection,
    reseller: UserId,
    window: ReportWindow,
    now: i64,
) -> DbResult<Vec<ClientLine>> {
    let (rows, _) = clients::list(conn, reseller, i64::MAX, 0)?;
    let ids: Vec<UserId> = rows.iter().map(|c| c.id).collect();
    let mut available: HashMap<UserId, i64> = HashMap::new();
    for b in balances_of(conn, &ids)? {
        let live = b.expires_at.is_none_or(|end| end > now);
        if live && window.kind.is_none_or(|k| k == b.kind) {
            *available.entry(b.user_id).or_insert(0) += (b.purchased_bytes - b.used_bytes).max(0);
        }
    }
    let moved = moved_by_client(conn, reseller, window)?;
    let used = charged_by_user(conn, &ids, window.kind, window.from, window.to)?;
    let sales =
        super::catalogue::sales_by_client(conn, reseller, window.kind, (window.from, window.to))?;
    Ok(rows
        .into_iter()
        .map(|client| {
            let id = client.id;
            let (allocated_bytes, reclaimed_bytes) = moved.get(&id).copied().unwrap_or((0, 0));
            let (revenue, cost) = sales
                .get(&id)
                .copied()
                .unwrap_or((Cents::ZERO, Cents::ZERO));
            ClientLine {
                client,
                allocated_bytes,
                reclaimed_bytes,
                available_bytes: available.get(&id).copied().unwrap_or(0),
                used_bytes: used.get(&id).copied().unwrap_or(0),
                revenue,
                cost,
            }
        })
        .collect())
}

/// Bytes allocated and reclaimed per client in the window, one grouped query.
fn moved_by_client(
    conn: &mut DbConnection,
    reseller: UserId,
    window: ReportWindow,
) -> DbResult<HashMap<UserId, (i64, i64)>> {
    let kinds: Vec<ProxyKind> = window
        .kind
        .map_or_else(|| ProxyKind::ALL.to_vec(), |k| vec![k]);
    let rows: Vec<(UserId, Direction, i64)> = reseller_transfers::table
        .filter(reseller_transfers::reseller_id.eq(reseller))
        .filter(reseller_transfers::created_at.ge(window.from))
        .filter(reseller_transfers::created_at.lt(window.to))
        .filter(reseller_transfers::kind.eq_any(kinds))
        .group_by((reseller_transfers::client_id, reseller_transfers::direction))
        .select((
            reseller_transfers::client_id,
            reseller_transfers::direction,
            sql::<BigInt>("CAST(COALESCE(SUM(bytes), 0) AS BIGINT)"),
        ))
        .load(conn)?;
    let mut out: HashMap<UserId, (i64, i64)> = HashMap::new();
    for (client, direction, bytes) in rows {
        let entry = out.entry(client).or_insert((0, 0));
        match direction {
            Direction::Allocate => entry.0 += bytes,
            Direction::Reclaim => entry.1 += bytes,
        }
    }
    Ok(out)
}
