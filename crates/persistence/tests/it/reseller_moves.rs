//! Moves of traffic between a reseller and a client (`resellers::moves`, docs/resellers.md) on
//! both backends: what is leased to gateway nodes and what has expired never moves, an end past
//! the reseller's is refused, and moves both ways at once from several connections neither lose
//! nor make a byte, nor wait on each other in a circle.

use diesel::prelude::*;
use domain::units::GB;
use domain::{ProxyKind, UserId};
use persistence::resellers::clients;
use persistence::resellers::moves::{self, Move, MoveError};
use persistence::schema::traffic_balances;
use persistence::testing::{concurrently, insert_user};
use persistence::{DbConnection, both_backends, now, traffic, write_transaction};
use std::sync::{Arc, Mutex};

const KIND: ProxyKind = ProxyKind::Premium;

fn pair(conn: &mut DbConnection) -> (UserId, UserId) {
    let reseller = insert_user(conn, "reseller");
    let client = insert_user(conn, "client");
    clients::attach(conn, client, reseller, None).unwrap();
    (reseller, client)
}

fn a_move(reseller: UserId, client: UserId, bytes: i64) -> Move {
    Move {
        reseller,
        client,
        kind: KIND,
        bytes,
        api_key_id: None,
    }
}

fn purchased(conn: &mut DbConnection, user: UserId) -> i64 {
    traffic_balances::table
        .find((user, KIND))
        .select(traffic_balances::purchased_bytes)
        .first::<i64>(conn)
        .unwrap_or(0)
}

fn allocate(conn: &mut DbConnection, m: Move, until: Option<i64>) -> Result<i64, MoveError> {
    write_transaction(conn, |c| moves::allocate(c, m, until)).map(|row| row.bytes)
}

both_backends! {
    fn leased_and_expired_traffic_never_moves(db) {
        let mut conn = db.pool.get().unwrap();
        let (reseller, client) = pair(&mut conn);
        traffic::add_purchased(&mut conn, reseller, KIND, 2 * GB, None).unwrap();
        // A gateway node holds 1.5 GB leased for live connections.
        diesel::update(traffic_balances::table.find((reseller, KIND)))
            .set(traffic_balances::leased_bytes.eq(GB + GB / 2))
            .execute(&mut conn)
            .unwrap();
        assert!(matches!(allocate(&mut conn, a_move(reseller, client, GB), None), Err(MoveError::NotEnough)));
        assert_eq!(allocate(&mut conn, a_move(reseller, client, GB / 2), None).unwrap(), GB / 2);
        assert_eq!((purchased(&mut conn, reseller), purchased(&mut conn, client)), (GB + GB / 2, GB / 2));
        // The client's traffic expired: nothing of it comes back.
        diesel::update(traffic_balances::table.find((client, KIND)))
            .set(traffic_balances::expires_at.eq(now() - 1))
            .execute(&mut conn)
            .unwrap();
        let back = write_transaction(&mut conn, |c| moves::reclaim(c, a_move(reseller, client, 1)));
        assert!(matches!(back, Err(MoveError::NotEnough)));
        assert_eq!(purchased(&mut conn, reseller), GB + GB / 2);
    }

    fn an_allocation_ends_no_later_than_the_resellers_traffic(db) {
        let mut conn = db.pool.get().unwrap();
        let (reseller, client) = pair(&mut conn);
        let end = now() + 10 * 86_400;
        traffic::add_purchased(&mut conn, reseller, KIND, 5 * GB, Some(end)).unwrap();
        let past = allocate(&mut conn, a_move(reseller, client, GB), Some(end + 1));
        assert!(matches!(past, Err(MoveError::PastEnd { reseller_end }) if reseller_end == end));
        assert_eq!(purchased(&mut conn, client), 0, "a refusal moves nothing");
        let row = write_transaction(&mut conn, |c| moves::allocate(c, a_move(reseller, client, GB), None)).unwrap();
        assert_eq!(row.expires_at, Some(end), "without an end asked, the reseller's");
        let sooner = end - 5 * 86_400;
        write_transaction(&mut conn, |c| moves::allocate(c, a_move(reseller, client, GB), Some(sooner))).unwrap();
        let balance = traffic::balance_row(&mut conn, client, KIND).unwrap().unwrap();
        assert_eq!((balance.purchased_bytes, balance.expires_at), (2 * GB, Some(end)), "the later end stays");
    }

    fn moves_both_ways_at_once_keep_every_byte(db) {
        let mut conn = db.pool.get().unwrap();
        let (reseller, client) = pair(&mut conn);
        traffic::add_purchased(&mut conn, reseller, KIND, 5 * GB, None).unwrap();
        traffic::add_purchased(&mut conn, client, KIND, 5 * GB, None).unwrap();
        let done = Arc::new(Mutex::new((0i64, 0i64)));
        let seen = done.clone();
        concurrently(db, 6, move |c, i| {
            for _ in 0..8 {
                let m = a_move(reseller, client, GB);
                let outcome = write_transaction(c, |c| {
                    clients::lock(c, reseller, client)?;
                    if i % 2 == 0 { moves::allocate(c, m, None) } else { moves::reclaim(c, m) }
                });
                match outcome {
                    Ok(row) if i % 2 == 0 => seen.lock().unwrap().0 += row.bytes,
                    Ok(row) => seen.lock().unwrap().1 += row.bytes,
                    Err(MoveError::NotEnough) => {}
                    Err(other) => panic!("a move failed: {other}"),
                }
            }
        });
        let (given, taken) = *done.lock().unwrap();
        assert!(given > 0 && taken > 0, "both ways moved: {given} {taken}");
        assert_eq!(purchased(&mut conn, reseller) + purchased(&mut conn, client), 10 * GB);
        assert_eq!(purchased(&mut conn, client), 5 * GB + given - taken);
        let (rows, total) = persistence::resellers::transfers::list(
            &mut conn,
            persistence::resellers::transfers::Owner::Reseller { reseller, client: Some(client) },
            1_000,
            0,
        )
        .unwrap();
        assert_eq!(total, (given + taken) / GB);
        let net: i64 = rows
            .iter()
            .map(|r| match r.direction {
                domain::resellers::Direction::Allocate => r.bytes,
                domain::resellers::Direction::Reclaim => -r.bytes,
            })
            .sum();
        assert_eq!(net, given - taken);
    }
}
