//! Writing the rollups: the records summed per group in Rust (`sums::sum_records`), added to
//! both tiers by adding upserts and to the running totals (`add`, `write_records`).

use super::sums::{DAY, GroupKey, HOUR, Sums, sum_records, without_target};
use crate::connection::DbConnection;
use crate::connection_records::NewRecord;
use crate::error::DbResult;
use crate::schema::{
    usage_daily_rollup as daily, usage_daily_totals as daily_totals, usage_hourly as hourly,
    usage_hourly_totals as hourly_totals,
};
use diesel::prelude::*;
use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};

/// Rows per multi-row upsert: 31 values each, far below either backend's limit of bound
/// parameters.
const UPSERT_CHUNK: usize = 500;

/// One table's insertable row and its adding upsert (the two tiers differ only in the name of
/// the bucket's column).
macro_rules! tier {
    ($row:ident, $t:ident, $time:ident, $upsert:ident) => {
        #[derive(Insertable)]
        #[diesel(table_name = $t)]
        struct $row<'a> {
            user_id: UserId,
            $time: i64,
            kind: ProxyKind,
            credential_kind: CredentialKind,
            credential_label: &'a str,
            host: &'a str,
            country: &'a str,
            outcome: Outcome,
            reason: &'a str,
            connections: i64,
            bytes_up: i64,
            bytes_down: i64,
            charged_bytes: i64,
            under_1s: i64,
            under_10s: i64,
            under_1m: i64,
            over_1m: i64,
            connect_lt10: i64,
            connect_lt18: i64,
            connect_lt32: i64,
            connect_lt56: i64,
            connect_lt100: i64,
            connect_lt178: i64,
            connect_lt316: i64,
            connect_lt562: i64,
            connect_lt1000: i64,
            connect_lt1778: i64,
            connect_lt3162: i64,
            connect_lt5623: i64,
            connect_lt10000: i64,
            connect_ge10000: i64,
        }

        impl<'a> $row<'a> {
            fn of((k, s): &'a (GroupKey, Sums)) -> Self {
                $row {
                    user_id: k.user_id,
                    $time: k.start,
                    kind: k.kind,
                    credential_kind: k.credential_kind,
                    credential_label: &k.credential_label,
                    host: &k.host,
                    country: &k.country,
                    outcome: k.outcome,
                    reason: &k.reason,
                    connections: s.connections,
                    bytes_up: s.bytes_up,
                    bytes_down: s.bytes_down,
                    charged_bytes: s.charged_bytes,
                    under_1s: s.under_1s,
                    under_10s: s.under_10s,
                    under_1m: s.under_1m,
                    over_1m: s.over_1m,
                    connect_lt10: s.connect[0],
                    connect_lt18: s.connect[1],
                    connect_lt32: s.connect[2],
                    connect_lt56: s.connect[3],
                    connect_lt100: s.connect[4],
                    connect_lt178: s.connect[5],
                    connect_lt316: s.connect[6],
                    connect_lt562: s.connect[7],
                    connect_lt1000: s.connect[8],
                    connect_lt1778: s.connect[9],
                    connect_lt3162: s.connect[10],
                    connect_lt5623: s.connect[11],
                    connect_lt10000: s.connect[12],
                    connect_ge10000: s.connect[13],
                }
            }
        }

        /// Adds `groups` to the tier, each column adding the new sums to the stored ones. On
        /// PostgreSQL one multi-row `INSERT … ON CONFLICT DO UPDATE` per `UPSERT_CHUNK` rows; on
        /// SQLite one row per statement through the connection's cached prepared statement (as
        /// `connection_records::insert_many` writes: in-process, re-preparing a multi-row
        /// statement of a varying size costs more than the rows).
        fn $upsert(conn: &mut DbConnection, groups: &[(GroupKey, Sums)]) -> DbResult<()> {
            use diesel::upsert::excluded;
            macro_rules! upsert {
                ($values:expr, $c:expr) => {
                    diesel::insert_into($t::table)
                        .values($values)
                        .on_conflict((
                            $t::user_id,
                            $t::$time,
                            $t::kind,
                            $t::credential_kind,
                            $t::credential_label,
                            $t::host,
                            $t::country,
                            $t::outcome,
                            $t::reason,
                        ))
                        .do_update()
                        .set((
                            $t::connections.eq($t::connections + excluded($t::connections)),
                            $t::bytes_up.eq($t::bytes_up + excluded($t::bytes_up)),
                            $t::bytes_down.eq($t::bytes_down + excluded($t::bytes_down)),
                            $t::charged_bytes.eq($t::charged_bytes + excluded($t::charged_bytes)),
                            $t::under_1s.eq($t::under_1s + excluded($t::under_1s)),
                            $t::under_10s.eq($t::under_10s + excluded($t::under_10s)),
                            $t::under_1m.eq($t::under_1m + excluded($t::under_1m)),
                            $t::over_1m.eq($t::over_1m + excluded($t::over_1m)),
                            $t::connect_lt10.eq($t::connect_lt10 + excluded($t::connect_lt10)),
                            $t::connect_lt18.eq($t::connect_lt18 + excluded($t::connect_lt18)),
                            $t::connect_lt32.eq($t::connect_lt32 + excluded($t::connect_lt32)),
                            $t::connect_lt56.eq($t::connect_lt56 + excluded($t::connect_lt56)),
                            $t::connect_lt100.eq($t::connect_lt100 + excluded($t::connect_lt100)),
                            $t::connect_lt178.eq($t::connect_lt178 + excluded($t::connect_lt178)),
                            $t::connect_lt316.eq($t::connect_lt316 + excluded($t::connect_lt316)),
                            $t::connect_lt562.eq($t::connect_lt562 + excluded($t::connect_lt562)),
                            $t::connect_lt1000
                                .eq($t::connect_lt1000 + excluded($t::connect_lt1000)),
                            $t::connect_lt1778
                                .eq($t::connect_lt1778 + excluded($t::connect_lt1778)),
                            $t::connect_lt3162
                                .eq($t::connect_lt3162 + excluded($t::connect_lt3162)),
                            $t::connect_lt5623
                                .eq($t::connect_lt5623 + excluded($t::connect_lt5623)),
                            $t::connect_lt10000
                                .eq($t::connect_lt10000 + excluded($t::connect_lt10000)),
                            $t::connect_ge10000
                                .eq($t::connect_ge10000 + excluded($t::connect_ge10000)),
                        ))
                        .execute($c)
                };
            }
            match conn {
                DbConnection::Sqlite(lite) => {
                    for group in groups {
                        upsert!(&$row::of(group), lite)?;
                    }
                }
                DbConnection::Postgres(pg) => {
                    for chunk in groups.chunks(UPSERT_CHUNK) {
                        let rows: Vec<$row<'_>> = chunk.iter().map($row::of).collect();
                        upsert!(&rows, pg)?;
                    }
                }
            }
            Ok(())
        }
    };
}

tier!(HourRow, hourly, hour, add_hourly);
tier!(DayRow, daily, day, add_daily);
tier!(HourTotalRow, hourly_totals, hour, add_hourly_totals);
tier!(DayTotalRow, daily_totals, day, add_daily_totals);

/// Writes `records` (`connection_records::insert_many`) and adds them to both tiers: what the
/// flush runs in its transaction, so that records and rollups always agree. Returns how many
/// records were written.
pub fn write_records(conn: &mut DbConnection, records: &[NewRecord]) -> DbResult<usize> {
    let written = crate::connection_records::insert_many(conn, records)?;
    add(conn, records)?;
    Ok(written)
}

/// Adds `records` to both tiers, their totals without the target and their running totals; run
/// it in the transaction that writes them.
pub fn add(conn: &mut DbConnection, records: &[NewRecord]) -> DbResult<()> {
    if records.is_empty() {
        return Ok(());
    }
    let (hours, days) = (sum_records(records, HOUR), sum_records(records, DAY));
    add_hourly(conn, &hours)?;
    add_daily(conn, &days)?;
    add_hourly_totals(conn, &without_target(&hours))?;
    add_daily_totals(conn, &without_target(&days))?;
    super::running::add(conn, &hours, &days)
}
