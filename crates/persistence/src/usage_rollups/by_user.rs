//! Charged bytes per account over a window, from the tiers' totals (`totals.rs`): the whole days
//! from the daily totals, the hours beside them from the hourly ones, one grouped query per part
//! (`Window`). What a reseller's report shows for each of its clients
//! (`resellers::reports`), whatever the number of records behind it.

use super::read::Window;
use crate::connection::DbConnection;
use crate::connection_records::GroupBy;
use crate::error::DbResult;
use crate::schema::{usage_daily_totals as daily_totals, usage_hourly_totals as hourly_totals};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use domain::{ProxyKind, UserId};
use std::collections::HashMap;

/// Accounts a query names at most (the bound parameters of one `IN`).
const CHUNK: usize = 500;

/// Sums the charged bytes of tier `$t` (bucket column `$time`) in `$range` into `$out`, per
/// account of `$users` and of the kinds `$kinds`.
macro_rules! add_charged {
    ($t:ident, $time:ident, $conn:expr, $users:expr, $kinds:expr, $range:expr, $out:expr) => {{
        let (lo, hi): (Option<i64>, Option<i64>) = $range;
        let rows: Vec<(UserId, i64)> = $t::table
            .filter($t::user_id.eq_any($users))
            .filter($t::kind.eq_any($kinds))
            .filter($t::$time.ge(lo.unwrap_or(i64::MIN)))
            .filter($t::$time.lt(hi.unwrap_or(i64::MAX)))
            .group_by($t::user_id)
            .select((
                $t::user_id,
                sql::<BigInt>("CAST(COALESCE(SUM(charged_bytes), 0) AS BIGINT)"),
            ))
            .load($conn)?;
        for (user, bytes) in rows {
            *$out.entry(user).or_insert(0) += bytes;
        }
    }};
}

/// The bytes charged to each of `users` in `[from, to)` (taken in whole hours, as every
/// breakdown is), of `kind` or of every kind; an account with none is absent.
pub fn charged_by_user(
    conn: &mut DbConnection,
    users: &[UserId],
    kind: Option<ProxyKind>,
    from: i64,
    to: i64,
) -> DbResult<HashMap<UserId, i64>> {
    let window = Window::of(Some(from), Some(to), GroupBy::Day);
    let kinds: Vec<ProxyKind> = kind.map_or_else(|| ProxyKind::ALL.to_vec(), |k| vec![k]);
    let mut out = HashMap::new();
    for chunk in users.chunks(CHUNK) {
        if let Some(range) = window.days {
            add_charged!(daily_totals, day, conn, chunk, &kinds, range, out);
        }
        for range in window.hours.into_iter().flatten() {
            add_charged!(hourly_totals, hour, conn, chunk, &kinds, range, out);
        }
    }
    Ok(out)
}
