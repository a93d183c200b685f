//! The IP allowlist on both backends: one owner per address (overlaps refused across
//! customers, inside the customer's own list too, also when two inserts race), the per-customer
//! limit, removal, the gateway's view (disabled owners and released pieces left out), and the
//! change events that tell the gateway nodes.

use diesel::prelude::*;
use domain::network::Network;
use domain::{OrderStatus, ProxyKind, UserId};
use persistence::gateway_events::{self, Reason};
use persistence::ip_allowlist::{self, NewEntry, Refused};
use persistence::schema::{piece_proxies, users};
use persistence::testing::{RawPiece, insert_raw_piece, insert_user};
use persistence::{DbConnection, both_backends, now, write_transaction};

fn entry(user_id: UserId, network: &str) -> NewEntry {
    NewEntry {
        user_id,
        network: Network::parse(network).unwrap(),
        kind: ProxyKind::Premium,
        piece_id: None,
        country: Some("us".into()),
        state: None,
        city: None,
        rotation: "sticky".into(),
    }
}

fn add(conn: &mut DbConnection, new: &NewEntry, max: i64) -> Result<i64, Refused> {
    write_transaction(conn, |conn| ip_allowlist::insert(conn, new, max)).unwrap()
}

both_backends! {
    fn an_address_belongs_to_one_entry_only(db) {
        let mut conn = db.pool.get().unwrap();
        let alice = insert_user(&mut conn, "al1");
        let bob = insert_user(&mut conn, "al2");
        let id = add(&mut conn, &entry(alice, "203.0.113.0/25"), 20).unwrap();
        // Inside, around and equal to Alice's range: refused, for Bob and for Alice.
        for taken in ["203.0.113.7", "203.0.113.0/24", "203.0.113.0/25", "203.0.113.64/26"] {
            assert_eq!(add(&mut conn, &entry(bob, taken), 20), Err(Refused::Taken), "{taken}");
        }
        assert_eq!(add(&mut conn, &entry(alice, "203.0.113.9"), 20), Err(Refused::Taken));
        // The other half of the /24 and other families are free.
        add(&mut conn, &entry(bob, "203.0.113.128/25"), 20).unwrap();
        add(&mut conn, &entry(bob, "2001:db8:1::/48"), 20).unwrap();
        assert_eq!(add(&mut conn, &entry(alice, "2001:db8:1:2::5"), 20), Err(Refused::Taken));

        let listed = ip_allowlist::list(&mut conn, alice).unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!((listed[0].id, listed[0].network.as_str()), (id, "203.0.113.0/25"));
        assert_eq!(listed[0].rotation, "sticky");
        assert_eq!(listed[0].country.as_deref(), Some("us"));

        // Removed, the range is free again; only its owner removes it.
        assert!(!ip_allowlist::delete(&mut conn, bob, id).unwrap());
        assert!(ip_allowlist::delete(&mut conn, alice, id).unwrap());
        assert!(!ip_allowlist::delete(&mut conn, alice, id).unwrap());
        add(&mut conn, &entry(bob, "203.0.113.7"), 20).unwrap();
    }

    fn a_customer_holds_at_most_the_limit(db) {
        let mut conn = db.pool.get().unwrap();
        let user = insert_user(&mut conn, "al3");
        for i in 1..=3 {
            add(&mut conn, &entry(user, &format!("198.51.{i}.1")), 3).unwrap();
        }
        assert_eq!(add(&mut conn, &entry(user, "198.51.9.1"), 3), Err(Refused::Full));
        assert_eq!(ip_allowlist::list(&mut conn, user).unwrap().len(), 3);
    }

    fn every_change_tells_the_gateway_nodes(db) {
        let mut conn = db.pool.get().unwrap();
        let user = insert_user(&mut conn, "al4");
        let id = add(&mut conn, &entry(user, "192.0.2.1"), 20).unwrap();
        ip_allowlist::delete(&mut conn, user, id).unwrap();
        let events = gateway_events::since(&mut conn, 0, 100).unwrap();
        let ours: Vec<_> = events
            .iter()
            .filter(|e| e.user_id == Some(user))
            .map(|e| e.reason)
            .collect();
        assert_eq!(ours, vec![Some(Reason::AllowlistChanged); 2]);
    }

    fn the_gateway_sees_enabled_owners_and_live_pieces(db) {
        let mut conn = db.pool.get().unwrap();
        let user = insert_user(&mut conn, "al5");
        let off = insert_user(&mut conn, "al6");
        let piece = insert_raw_piece(&mut conn, user, &RawPiece {
            kind: ProxyKind::Ipv4.as_str(),
            status: OrderStatus::Delivered.as_str(),
            source: "local",
            username: "pcallowlist001",
            expires_at: now() + 3600,
        });
        let plain = add(&mut conn, &entry(user, "192.0.2.0/24"), 20).unwrap();
        let with_piece = add(&mut conn, &NewEntry {
            kind: ProxyKind::Ipv4,
            piece_id: Some(piece),
            ..entry(user, "2001:db8:5::/48")
        }, 20).unwrap();
        add(&mut conn, &entry(off, "198.51.100.1"), 20).unwrap();
        diesel::update(users::table.find(off)).set(users::disabled.eq(true)).execute(&mut conn).unwrap();

        let mut seen = ip_allowlist::for_gateway(&mut conn).unwrap();
        seen.sort_by_key(|e| e.id);
        assert_eq!(seen.len(), 2, "{seen:?}");
        assert_eq!((seen[0].id, seen[0].kind, seen[0].piece_username.as_deref()), (plain, ProxyKind::Premium, None));
        assert_eq!(seen[0].network, Network::parse("192.0.2.0/24").unwrap());
        assert_eq!((seen[1].id, seen[1].piece_username.as_deref()), (with_piece, Some("pcallowlist001")));

        diesel::update(piece_proxies::table.find(piece))
            .set(piece_proxies::released_at.eq(Some(now())))
            .execute(&mut conn)
            .unwrap();
        let seen = ip_allowlist::for_gateway(&mut conn).unwrap();
        assert_eq!(seen.iter().map(|e| e.id).collect::<Vec<_>>(), vec![plain]);
    }

    fn racing_overlapping_inserts_admit_one(db) {
        let users: Vec<UserId> = {
            let mut conn = db.pool.get().unwrap();
            (0..8).map(|i| insert_user(&mut conn, &format!("race{i}"))).collect()
        };
        let pool = db.pool.clone();
        let handles: Vec<_> = users
            .into_iter()
            .enumerate()
            .map(|(i, user)| {
                let pool = pool.clone();
                std::thread::spawn(move || {
                    let mut conn = pool.get().unwrap();
                    // Every one overlaps 203.0.113.0/24's first address.
                    let range = if i % 2 == 0 { "203.0.113.0/24" } else { "203.0.113.0" };
                    add(&mut conn, &entry(user, range), 20)
                })
            })
            .collect();
        let won = handles.into_iter().map(|h| h.join().unwrap()).filter(Result::is_ok).count();
        assert_eq!(won, 1);
    }
}
