//! Adding to the running totals: what the flush runs (`add`).

use super::totals::Totals;
use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{usage_groups as ug, usage_running_daily as rd, usage_running_hourly as rh};
use crate::usage_rollups::sums::{DAY, GroupKey, Sums};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use std::collections::BTreeMap;

type Values = (
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
    i64,
    i64,
    i64,
);

fn from_values(v: Values) -> Totals {
    Totals {
        connections: v.0,
        bytes_up: v.1,
        bytes_down: v.2,
        connect: [
            v.3, v.4, v.5, v.6, v.7, v.8, v.9, v.10, v.11, v.12, v.13, v.14, v.15, v.16,
        ],
    }
}

/// A group's key without its bucket, in the unique index's order.
type Dims<'a> = (
    i64,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
);

fn dims(k: &GroupKey) -> Dims<'_> {
    (
        k.user_id.get(),
        k.kind.as_str(),
        k.credential_kind.as_str(),
        &k.credential_label,
        &k.host,
        &k.country,
        k.outcome.as_str(),
        &k.reason,
    )
}

/// What one flush adds to one group: per day and per hour.
#[derive(Default)]
struct Added {
    days: BTreeMap<i64, Totals>,
    hours: BTreeMap<i64, Totals>,
}

/// `$t`'s value columns set to themselves plus `$v` (a `Totals`).
macro_rules! plus {
    ($t:ident, $v:expr) => {{
        let v: &Totals = $v;
        (
            $t::connections.eq($t::connections + v.connections),
            $t::bytes_up.eq($t::bytes_up + v.bytes_up),
            $t::bytes_down.eq($t::bytes_down + v.bytes_down),
            $t::connect_lt10.eq($t::connect_lt10 + v.connect[0]),
            $t::connect_lt18.eq($t::connect_lt18 + v.connect[1]),
            $t::connect_lt32.eq($t::connect_lt32 + v.connect[2]),
            $t::connect_lt56.eq($t::connect_lt56 + v.connect[3]),
            $t::connect_lt100.eq($t::connect_lt100 + v.connect[4]),
            $t::connect_lt178.eq($t::connect_lt178 + v.connect[5]),
            $t::connect_lt316.eq($t::connect_lt316 + v.connect[6]),
            $t::connect_lt562.eq($t::connect_lt562 + v.connect[7]),
            $t::connect_lt1000.eq($t::connect_lt1000 + v.connect[8]),
            $t::connect_lt1778.eq($t::connect_lt1778 + v.connect[9]),
            $t::connect_lt3162.eq($t::connect_lt3162 + v.connect[10]),
            $t::connect_lt5623.eq($t::connect_lt5623 + v.connect[11]),
            $t::connect_lt10000.eq($t::connect_lt10000 + v.connect[12]),
            $t::connect_ge10000.eq($t::connect_ge10000 + v.connect[13]),
        )
    }};
}

/// `$t`'s value columns, as `Values`.
macro_rules! values {
    ($t:ident) => {
        (
            $t::connections,
            $t::bytes_up,
            $t::bytes_down,
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
        )
    };
}

/// The newest running row of group `$id` in table `$t` (bucket column `$time`) before `$before`.
macro_rules! newest {
    ($conn:expr, $t:ident, $time:ident, $id:expr, $before:expr) => {
        $t::table
            .filter($t::group_id.eq($id))
            .filter($t::$time.lt($before))
            .order($t::$time.desc())
            .select(values!($t))
            .first::<Values>($conn)
            .optional()?
            .map(from_values)
    };
}

/// The group's running total at the end of its newest day before `day`.
fn newest_daily(conn: &mut DbConnection, id: i64, day: i64) -> DbResult<Option<Totals>> {
    Ok(newest!(conn, rd, day, id, day))
}

/// Adds `v` to group `$id`'s running row of bucket `$at` in table `$t` (bucket column `$time`):
/// the row itself when it exists, else a new one continuing the newest row before it (or, with
/// none, what `$otherwise` finds: the hourly rows continue the daily ones where the hourly tier
/// was purged); then, when the group has rows after it (`$later`: records of an earlier bucket
/// written late), those rows.
macro_rules! add_running {
    ($conn:expr, $t:ident, $time:ident, $id:expr, $at:expr, $v:expr, $otherwise:expr, $later:expr) => {{
        let (conn, id, at, v): (&mut DbConnection, i64, i64, &Totals) = ($conn, $id, $at, $v);
        let updated = diesel::update($t::table.find((id, at)))
            .set(plus!($t, v))
            .execute(conn)?;
        if updated == 0 {
            let mut row = match newest!(conn, $t, $time, id, at) {
                Some(row) => row,
                None => ($otherwise)(&mut *conn)?.unwrap_or_default(),
            };
            row.add(v);
            let c = &row.connect;
            diesel::insert_into($t::table)
                .values((
                    $t::group_id.eq(id),
                    $t::$time.eq(at),
                    $t::connections.eq(row.connections),
                    $t::bytes_up.eq(row.bytes_up),
                    $t::bytes_down.eq(row.bytes_down),
                    $t::connect_lt10.eq(c[0]),
                    $t::connect_lt18.eq(c[1]),
                    $t::connect_lt32.eq(c[2]),
                    $t::connect_lt56.eq(c[3]),
                    $t::connect_lt100.eq(c[4]),
                    $t::connect_lt178.eq(c[5]),
                    $t::connect_lt316.eq(c[6]),
                    $t::connect_lt562.eq(c[7]),
                    $t::connect_lt1000.eq(c[8]),
                    $t::connect_lt1778.eq(c[9]),
                    $t::connect_lt3162.eq(c[10]),
                    $t::connect_lt5623.eq(c[11]),
                    $t::connect_lt10000.eq(c[12]),
                    $t::connect_ge10000.eq(c[13]),
                ))
                .execute(conn)?;
        }
        if $later {
            diesel::update(
                $t::table
                    .filter($t::group_id.eq(id))
                    .filter($t::$time.gt(at)),
            )
            .set(plus!($t, v))
            .execute(conn)?;
        }
    }};
}

/// Upserts the group `d` with the days and hours of this flush; answers its id, its last day
/// and its last hour after the upsert.
fn upsert_group(
    conn: &mut DbConnection,
    d: &Dims<'_>,
    first_day: i64,
    last_day: i64,
    last_hour: i64,
) -> DbResult<(i64, i64, i64)> {
    let row = (
        ug::user_id.eq(d.0),
        ug::kind.eq(d.1),
        ug::credential_kind.eq(d.2),
        ug::credential_label.eq(d.3),
        ug::host.eq(d.4),
        ug::country.eq(d.5),
        ug::outcome.eq(d.6),
        ug::reason.eq(d.7),
        ug::first_day.eq(first_day),
        ug::last_day.eq(last_day),
        ug::last_hour.eq(last_hour),
    );
    let pick = |column: &str, op: &str| {
        sql::<BigInt>(&format!(
            "CASE WHEN excluded.{column} {op} usage_groups.{column} THEN excluded.{column} \
             ELSE usage_groups.{column} END"
        ))
    };
    macro_rules! upsert {
        ($c:expr) => {
            diesel::insert_into(ug::table)
                .values(row)
                .on_conflict((
                    ug::user_id,
                    ug::kind,
                    ug::credential_kind,
                    ug::credential_label,
                    ug::host,
                    ug::country,
                    ug::outcome,
                    ug::reason,
                ))
                .do_update()
                .set((
                    ug::first_day.eq(pick("first_day", "<")),
                    ug::last_day.eq(pick("last_day", ">")),
                    ug::last_hour.eq(pick("last_hour", ">")),
                ))
                .returning((ug::id, ug::last_day, ug::last_hour))
                .get_result($c)?
        };
    }
    Ok(match conn {
        DbConnection::Sqlite(c) => upsert!(c),
        DbConnection::Postgres(c) => upsert!(c),
    })
}

/// Adds the flush's groups (`hourly` and `daily`: the same records summed per hour and per day)
/// to the running totals; run it in the transaction that writes them.
pub fn add(
    conn: &mut DbConnection,
    hourly: &[(GroupKey, Sums)],
    daily: &[(GroupKey, Sums)],
) -> DbResult<()> {
    let mut groups: BTreeMap<Dims<'_>, Added> = BTreeMap::new();
    for (k, s) in daily {
        groups
            .entry(dims(k))
            .or_default()
            .days
            .entry(k.start)
            .or_default()
            .add(&Totals::of(s));
    }
    for (k, s) in hourly {
        groups
            .entry(dims(k))
            .or_default()
            .hours
            .entry(k.start)
            .or_default()
            .add(&Totals::of(s));
    }
    for (d, added) in &groups {
        let (Some((&first_day, _)), Some((&last_day, _)), Some((&last_hour, _))) = (
            added.days.first_key_value(),
            added.days.last_key_value(),
            added.hours.last_key_value(),
        ) else {
            continue;
        };
        let (id, group_last_day, group_last_hour) =
            upsert_group(conn, d, first_day, last_day, last_hour)?;
        let none = |_: &mut DbConnection| Ok::<_, crate::error::DbError>(None);
        for (&day, v) in &added.days {
            add_running!(conn, rd, day, id, day, v, none, group_last_day > day);
        }
        for (&hour, v) in &added.hours {
            let day = hour.div_euclid(DAY) * DAY;
            let daily = |conn: &mut DbConnection| newest_daily(conn, id, day);
            add_running!(conn, rh, hour, id, hour, v, daily, group_last_hour > hour);
        }
    }
    Ok(())
}
