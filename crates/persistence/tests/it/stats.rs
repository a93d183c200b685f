//! The operator's overview on both backends: every row falls into the UTC day of its time (the
//! last second of a day and the first of the next land apart, the edges of the window are
//! respected), the current totals count what they say, and the whole summary takes the same
//! small number of queries whatever the window or the amount of data.

use diesel::connection::{Connection, InstrumentationEvent};
use diesel::prelude::*;
use domain::{Cents, PaymentStatus, ProxyKind, UserId};
use persistence::schema::{piece_orders, piece_stock, traffic_purchases, users, wallet_ledger};
use persistence::stats::{self, DayRange, StockTotal};
use persistence::testing::{RawPiece, insert_raw_piece};
use persistence::{DbConnection, both_backends, traffic};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

const DAY: i64 = 86_400;
/// 2026-11-21 as a day number (1_795_219_200 / 86_400).
const D: i64 = 20_778;

fn at(day: i64, second: i64) -> i64 {
    day * DAY + second
}

fn user(conn: &mut DbConnection, tag: &str, role: &str, created_at: i64) -> UserId {
    persistence::users::insert(
        conn,
        &persistence::users::NewUser {
            email: &format!("{tag}@example.com"),
            password_hash: None,
            google_sub: None,
            name: tag,
            avatar_url: None,
            role,
            ref_code: &format!("R{tag}"),
            referred_by: None,
            proxy_username: &format!("u{tag}"),
            proxy_password: "secretpw",
            created_at,
            updated_at: created_at,
        },
    )
    .unwrap()
    .id
}

fn ledger(conn: &mut DbConnection, user_id: UserId, kind: &str, cents: i64, created_at: i64) {
    diesel::insert_into(wallet_ledger::table)
        .values((
            wallet_ledger::user_id.eq(user_id),
            wallet_ledger::kind.eq(kind),
            wallet_ledger::amount_cents.eq(cents),
            wallet_ledger::balance_after.eq(0),
            wallet_ledger::reference.eq(format!("r{created_at}_{cents}")),
            wallet_ledger::created_at.eq(created_at),
        ))
        .execute(conn)
        .unwrap();
}

fn traffic_row(conn: &mut DbConnection, user_id: UserId, row: (&str, &str, i64, i64, i64)) {
    let (kind, source, cents, bytes, created_at) = row;
    diesel::insert_into(traffic_purchases::table)
        .values((
            traffic_purchases::user_id.eq(user_id),
            traffic_purchases::kind.eq(kind),
            traffic_purchases::bytes.eq(bytes),
            traffic_purchases::price_cents.eq(cents),
            traffic_purchases::source.eq(source),
            traffic_purchases::created_at.eq(created_at),
        ))
        .execute(conn)
        .unwrap();
}

fn order(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: &str,
    status: &str,
    cents: i64,
    created_at: i64,
) {
    diesel::insert_into(piece_orders::table)
        .values((
            piece_orders::user_id.eq(user_id),
            piece_orders::kind.eq(kind),
            piece_orders::quantity.eq(1),
            piece_orders::price_cents.eq(cents),
            piece_orders::status.eq(status),
            piece_orders::source.eq("local"),
            piece_orders::created_at.eq(created_at),
            piece_orders::updated_at.eq(created_at),
        ))
        .execute(conn)
        .unwrap();
}

fn stock(conn: &mut DbConnection, kind: &str, code: &str, capacity: i32, sold: i32, active: bool) {
    diesel::insert_into(piece_stock::table)
        .values((
            piece_stock::kind.eq(kind),
            piece_stock::code.eq(code),
            piece_stock::country.eq("us"),
            piece_stock::capacity.eq(capacity),
            piece_stock::sold.eq(sold),
            piece_stock::active.eq(active),
        ))
        .execute(conn)
        .unwrap();
}

fn label(day: i64) -> String {
    stats::label(day)
}

fn sorted<T: Ord>(mut rows: Vec<T>) -> Vec<T> {
    rows.sort();
    rows
}

/// Runs `f` and counts the statements it sends.
fn queries_of<T>(conn: &mut DbConnection, f: impl FnOnce(&mut DbConnection) -> T) -> (T, usize) {
    let count = Arc::new(AtomicUsize::new(0));
    let seen = count.clone();
    conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
        if matches!(event, InstrumentationEvent::StartQuery { .. }) {
            seen.fetch_add(1, Ordering::SeqCst);
        }
    });
    let out = f(conn);
    conn.set_instrumentation(|_: InstrumentationEvent<'_>| {});
    (out, count.load(Ordering::SeqCst))
}

both_backends! {
    fn rows_fall_into_the_utc_day_of_their_time(db) {
        let mut conn = db.pool.get().unwrap();
        let range = DayRange::ending_at(at(D, 5), 3);
        assert_eq!(range.labels(), ["2026-11-19", "2026-11-20", "2026-11-21"]);
        let (first, mid, last) = (D - 2, D - 1, D);

        user(&mut conn, "before", "user", at(first, -1));
        let a = user(&mut conn, "a", "user", at(first, 0));
        user(&mut conn, "b", "user", at(first, DAY - 1));
        user(&mut conn, "c", "user", at(mid, 0));
        user(&mut conn, "d", "user", at(last, DAY - 1));
        user(&mut conn, "after", "user", at(last + 1, 0));
        user(&mut conn, "boss", "admin", at(last, 10));
        assert_eq!(sorted(stats::new_customers(&mut conn, range).unwrap()),
            [(first, 2), (mid, 1), (last, 1)]);

        ledger(&mut conn, a, "topup", 999, at(first, -1));
        ledger(&mut conn, a, "topup", 1_000, at(mid, DAY - 1));
        ledger(&mut conn, a, "topup", 250, at(last, 0));
        ledger(&mut conn, a, "topup", 5, at(last, 10));
        ledger(&mut conn, a, "purchase", -700, at(last, 20));
        ledger(&mut conn, a, "referral_bonus", 30, at(last, 30));
        ledger(&mut conn, a, "topup", 77, at(last + 1, 0));
        assert_eq!(sorted(stats::topups(&mut conn, range).unwrap()),
            [(mid, Cents::new(1_000)), (last, Cents::new(255))]);

        traffic_row(&mut conn, a, ("premium", "purchase", 1_500, 5_000_000_000, at(first, 0)));
        traffic_row(&mut conn, a, ("premium", "purchase", 500, 1_000_000_000, at(first, DAY - 1)));
        traffic_row(&mut conn, a, ("budget", "purchase", 100, 2, at(last, 0)));
        traffic_row(&mut conn, a, ("premium", "admin", 0, 7_000_000_000, at(last, 0)));
        traffic_row(&mut conn, a, ("premium", "purchase", 1, 1, at(first, -1)));
        traffic_row(&mut conn, a, ("premium", "purchase", 1, 1, at(last + 1, 0)));

        order(&mut conn, a, "static", "delivered", 700, at(mid, DAY - 1));
        order(&mut conn, a, "static", "failed", 350, at(mid, 5));
        order(&mut conn, a, "lte", "pending", 1_200, at(last, 0));
        order(&mut conn, a, "ipv4", "unknown", 300, at(mid, 0));
        order(&mut conn, a, "ipv6", "placed", 90, at(mid, 1));
        order(&mut conn, a, "static", "delivered", 11, at(last + 1, 0));

        let b = user(&mut conn, "usage", "user", at(first - 10, 0));
        for (who, kind, day, bytes) in [
            (a, ProxyKind::Premium, first, 10), (b, ProxyKind::Premium, first, 5),
            (a, ProxyKind::Budget, last, 20), (a, ProxyKind::Static, last, 99),
            (a, ProxyKind::Premium, first - 1, 1), (a, ProxyKind::Premium, last + 1, 1),
        ] {
            traffic::record_daily_usage(&mut conn, who, kind, &label(day), bytes).unwrap();
        }

        let summary = stats::summary(&mut conn, range, at(last, 5)).unwrap();
        assert_eq!(summary.range, range);
        let days: Vec<_> = summary.days.iter().map(|d| d.day).collect();
        assert_eq!(days, [first, mid, last]);
        let new: Vec<_> = summary.days.iter().map(|d| d.new_customers).collect();
        assert_eq!(new, [2, 1, 1]);
        let topups: Vec<_> = summary.days.iter().map(|d| d.topups.get()).collect();
        assert_eq!(topups, [0, 1_000, 255]);
        let cents = |pairs: &[(ProxyKind, i64)]| -> BTreeMap<ProxyKind, Cents> {
            pairs.iter().map(|&(k, c)| (k, Cents::new(c))).collect()
        };
        assert_eq!(summary.days[0].sales, cents(&[(ProxyKind::Premium, 2_000)]));
        assert_eq!(summary.days[1].sales,
            cents(&[(ProxyKind::Static, 700), (ProxyKind::Ipv4, 300), (ProxyKind::Ipv6, 90)]));
        assert_eq!(summary.days[2].sales, cents(&[(ProxyKind::Budget, 100), (ProxyKind::Lte, 1_200)]));
        let bytes = |pairs: &[(ProxyKind, i64)]| -> BTreeMap<ProxyKind, i64> { pairs.iter().copied().collect() };
        assert_eq!(summary.days[0].sold_bytes, bytes(&[(ProxyKind::Premium, 6_000_000_000)]));
        assert_eq!(summary.days[1].sold_bytes, bytes(&[]));
        assert_eq!(summary.days[2].sold_bytes, bytes(&[(ProxyKind::Budget, 2)]));
        assert_eq!(summary.days[0].used_bytes, bytes(&[(ProxyKind::Premium, 15)]));
        assert_eq!(summary.days[1].used_bytes, bytes(&[]));
        assert_eq!(summary.days[2].used_bytes, bytes(&[(ProxyKind::Budget, 20)]));
        // Customers (operators aside): before, a, b, c, d, after, usage.
        assert_eq!((summary.customers, summary.disabled_customers), (7, 0));
        assert_eq!((summary.orders_pending, summary.orders_unknown), (1, 1));
    }

    fn a_one_day_window_is_that_day_only(db) {
        let mut conn = db.pool.get().unwrap();
        let range = DayRange::ending_at(at(D, DAY - 1), 1);
        assert_eq!((range.first(), range.last()), (D, D));
        user(&mut conn, "eve", "user", at(D, -1));
        user(&mut conn, "midnight", "user", at(D, 0));
        user(&mut conn, "late", "user", at(D, DAY - 1));
        user(&mut conn, "tomorrow", "user", at(D, DAY));
        assert_eq!(stats::new_customers(&mut conn, range).unwrap(), [(D, 2)]);
        let summary = stats::summary(&mut conn, range, at(D, 0)).unwrap();
        assert_eq!(summary.days.len(), 1);
        assert_eq!(summary.days[0].new_customers, 2);
    }

    fn current_totals_count_what_they_say(db) {
        let mut conn = db.pool.get().unwrap();
        let now = persistence::now();
        let a = user(&mut conn, "a", "user", now);
        let off = user(&mut conn, "off", "user", now);
        user(&mut conn, "boss", "admin", now);
        diesel::update(users::table.find(off)).set(users::disabled.eq(true)).execute(&mut conn).unwrap();
        assert_eq!(stats::customers(&mut conn).unwrap(), (2, 1));

        for (username, kind, expires_at) in [
            ("s1", "static", now + 100), ("s2", "static", now + 100), ("s3", "static", now - 1),
            ("l1", "lte", now + 100), ("v6", "ipv6", now),
        ] {
            insert_raw_piece(&mut conn, a, &RawPiece { kind, status: "delivered", source: "local", username, expires_at });
        }
        let released = insert_raw_piece(&mut conn, a, &RawPiece {
            kind: "ipv4", status: "delivered", source: "local", username: "v4", expires_at: now + 100 });
        diesel::update(persistence::schema::piece_proxies::table.find(released))
            .set(persistence::schema::piece_proxies::released_at.eq(now))
            .execute(&mut conn).unwrap();
        assert_eq!(sorted(stats::live_pieces(&mut conn, now).unwrap()),
            [(ProxyKind::Static, 2), (ProxyKind::Lte, 1)]);

        let threshold = stats::LOW_STOCK_THRESHOLD;
        stock(&mut conn, "static", "s-plenty", 10, 2, true);
        stock(&mut conn, "static", "s-edge", threshold + 1, 1, true);
        stock(&mut conn, "static", "s-low", 6, 2, true);
        stock(&mut conn, "static", "s-off", 100, 0, false);
        stock(&mut conn, "ipv4", "v4-low", threshold - 1, 0, true);
        stock(&mut conn, "ipv4", "v4-at", threshold + 2, 2, true);
        let mut totals = stats::stock(&mut conn).unwrap();
        totals.sort_by_key(|t| t.kind);
        assert_eq!(totals, [
            StockTotal { kind: ProxyKind::Static, capacity: 10 + i64::from(threshold) + 1 + 6,
                sold: 5, available: 8 + i64::from(threshold) + 4, low_entries: 1 },
            StockTotal { kind: ProxyKind::Ipv4, capacity: 2 * i64::from(threshold) + 1, sold: 2,
                available: 2 * i64::from(threshold) - 1, low_entries: 1 },
        ]);

        for (id, status, expires_at) in [
            ("p-open", None, None), ("p-later", None, Some(now + 600)), ("p-expired", None, Some(now - 1)),
            ("p-paid", Some(PaymentStatus::Paid), None), ("p-cancel", Some(PaymentStatus::Cancel), None),
        ] {
            persistence::payments::insert_pending(&mut conn, id, a, Cents::new(1_000), "LTC", "local").unwrap();
            if let Some(end) = expires_at {
                persistence::payments::set_invoice(&mut conn, id, None, "http://pay", Some(end)).unwrap();
            }
            match status {
                Some(PaymentStatus::Paid) => {
                    assert!(persistence::payments::mark_credited(&mut conn, id, PaymentStatus::Paid, "{}").unwrap());
                }
                Some(other) => {
                    assert!(persistence::payments::record_status(&mut conn, id, other, None).unwrap());
                }
                None => {}
            }
        }
        assert_eq!(stats::payments_pending(&mut conn, now).unwrap(), 2);

        order(&mut conn, a, "lte", "pending", 1, now);
        order(&mut conn, a, "lte", "pending", 1, now);
        order(&mut conn, a, "static", "unknown", 1, now);
        order(&mut conn, a, "static", "placed", 1, now);
        order(&mut conn, a, "static", "failed", 1, now);
        assert_eq!(stats::orders_open(&mut conn).unwrap(), (2, 1));
    }

    fn the_summary_takes_a_fixed_number_of_queries(db) {
        let mut conn = db.pool.get().unwrap();
        let now = persistence::now();
        let today = now.div_euclid(DAY);
        let (_, empty) = queries_of(&mut conn, |c| stats::summary(c, DayRange::ending_at(now, 1), now).unwrap());
        for i in 0..40 {
            let id = user(&mut conn, &format!("c{i}"), "user", now - i * DAY);
            ledger(&mut conn, id, "topup", 100, now - i * DAY);
            traffic_row(&mut conn, id, ("premium", "purchase", 300, 1, now - i * DAY));
            order(&mut conn, id, "static", "delivered", 350, now - i * DAY);
            traffic::record_daily_usage(&mut conn, id, ProxyKind::Premium, &label(today - i), 5).unwrap();
        }
        let (summary, busy) = queries_of(&mut conn, |c| stats::summary(c, DayRange::ending_at(now, 365), now).unwrap());
        assert_eq!(summary.days.len(), 365);
        assert_eq!(summary.days.iter().map(|d| d.new_customers).sum::<i64>(), 40);
        assert_eq!(empty, busy, "the number of queries must not depend on days or rows");
        assert_eq!(busy, 11, "one query per figure");
    }
}
