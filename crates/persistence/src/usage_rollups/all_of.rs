//! What the tests compare with the records: every group of one customer's hourly or daily tier,
//! as stored (behind the `testing` feature).

use super::sums::{GroupKey, Sums};
use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{usage_daily_rollup as daily, usage_hourly as hourly};
use diesel::prelude::*;
use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};

/// The histogram's columns as loaded, in bucket order.
type ConnectColumns = (
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
);

/// Every group of `user_id`'s hourly (`daily` false) or daily tier, in the primary key's order:
/// what the tests compare with the records.
pub fn all_of(
    conn: &mut DbConnection,
    user_id: UserId,
    daily_tier: bool,
) -> DbResult<Vec<(GroupKey, Sums)>> {
    macro_rules! load {
        ($t:ident, $time:ident) => {
            $t::table
                .filter($t::user_id.eq(user_id))
                .order((
                    $t::$time,
                    $t::kind,
                    $t::credential_kind,
                    $t::credential_label,
                    $t::host,
                    $t::country,
                    $t::outcome,
                    $t::reason,
                ))
                .select((
                    (
                        $t::user_id,
                        $t::$time,
                        $t::kind,
                        $t::credential_kind,
                        $t::credential_label,
                        $t::host,
                        $t::country,
                        $t::outcome,
                        $t::reason,
                    ),
                    (
                        $t::connections,
                        $t::bytes_up,
                        $t::bytes_down,
                        $t::charged_bytes,
                        $t::under_1s,
                        $t::under_10s,
                        $t::under_1m,
                        $t::over_1m,
                    ),
                    (
                        $t::connect_lt10,
                        $t::connect_lt18,
                        $t::connect_lt32,
                        $t::connect_lt56,
                        $t::connect_lt100,
                        $t::connect_lt178,
                        $t::connect_lt316,
                        $t::connect_lt562,
                        $t::connect_lt1000,
                        $t::connect_lt1778,
                        $t::connect_lt3162,
                        $t::connect_lt5623,
                        $t::connect_lt10000,
                        $t::connect_ge10000,
                    ),
                ))
                .load::<(
                    (
                        UserId,
                        i64,
                        ProxyKind,
                        CredentialKind,
                        String,
                        String,
                        String,
                        Outcome,
                        String,
                    ),
                    (i64, i64, i64, i64, i64, i64, i64, i64),
                    ConnectColumns,
                )>(conn)?
        };
    }
    let rows = if daily_tier {
        load!(daily, day)
    } else {
        load!(hourly, hour)
    };
    Ok(rows
        .into_iter()
        .map(
            |(
                (
                    user_id,
                    start,
                    kind,
                    credential_kind,
                    credential_label,
                    host,
                    country,
                    outcome,
                    reason,
                ),
                s,
                c,
            )| {
                (
                    GroupKey {
                        user_id,
                        start,
                        kind,
                        credential_kind,
                        credential_label,
                        host,
                        country,
                        outcome,
                        reason,
                    },
                    Sums {
                        connections: s.0,
                        bytes_up: s.1,
                        bytes_down: s.2,
                        charged_bytes: s.3,
                        under_1s: s.4,
                        under_10s: s.5,
                        under_1m: s.6,
                        over_1m: s.7,
                        connect: [
                            c.0, c.1, c.2, c.3, c.4, c.5, c.6, c.7, c.8, c.9, c.10, c.11, c.12,
                            c.13,
                        ],
                    },
                )
            },
        )
        .collect())
}
