//! The gateway's lookup of piece credentials on both backends: by username and by ids, with the
//! owner's disabled flag, and released pieces left out.

use diesel::prelude::*;
use domain::{OrderStatus, ProxyKind};
use persistence::piece_credentials::{self, PieceCredential};
use persistence::schema::{piece_proxies, users};
use persistence::testing::{RawPiece, insert_raw_piece};
use persistence::{DbConnection, both_backends, now};

/// An order of one piece of `kind` for `user_id`, and the piece; returns the piece's id.
fn insert_piece(
    conn: &mut DbConnection,
    user_id: domain::UserId,
    kind: ProxyKind,
    username: &str,
    expires_at: i64,
) -> i64 {
    let piece = RawPiece {
        kind: kind.as_str(),
        status: OrderStatus::Delivered.as_str(),
        source: "local",
        username,
        expires_at,
    };
    insert_raw_piece(conn, user_id, &piece)
}

both_backends! {
    fn finds_a_piece_by_username_with_its_owner_state(db) {
        let mut conn = db.pool.get().unwrap();
        let owner = persistence::testing::insert_user(&mut conn, "p1");
        let other = persistence::testing::insert_user(&mut conn, "p2");
        let id = insert_piece(&mut conn, owner, ProxyKind::Ipv4, "pcabcdefghij12", 2_000_000_000);
        insert_piece(&mut conn, other, ProxyKind::Lte, "pczzzzzzzzzzzz", 2_000_000_001);
        let expected = PieceCredential {
            id,
            user_id: owner,
            kind: ProxyKind::Ipv4,
            password: "pw-pcabcdefghij12".into(),
            expires_at: 2_000_000_000,
            disabled: false,
            holder_disabled: false,
        };
        assert_eq!(piece_credentials::find(&mut conn, "pcabcdefghij12").unwrap(), Some(expected.clone()));
        assert_eq!(piece_credentials::find(&mut conn, "pcnothere00000").unwrap(), None);
        // Exact match only.
        assert_eq!(piece_credentials::find(&mut conn, "PCABCDEFGHIJ12").unwrap(), None);
        assert_eq!(piece_credentials::find(&mut conn, "pcabcdefghij1").unwrap(), None);

        diesel::update(users::table.find(owner))
            .set(users::disabled.eq(true))
            .execute(&mut conn)
            .unwrap();
        let found = piece_credentials::find(&mut conn, "pcabcdefghij12").unwrap().unwrap();
        assert_eq!(found, PieceCredential { disabled: true, ..expected });
    }

    fn an_expired_piece_is_still_found_until_released(db) {
        let mut conn = db.pool.get().unwrap();
        let owner = persistence::testing::insert_user(&mut conn, "p3");
        let expired = now() - 10;
        let id = insert_piece(&mut conn, owner, ProxyKind::Static, "pcexpired00001", expired);
        // Expiry is the caller's decision (the gateway compares with its clock).
        let found = piece_credentials::find(&mut conn, "pcexpired00001").unwrap().unwrap();
        assert_eq!((found.id, found.kind, found.expires_at), (id, ProxyKind::Static, expired));
        diesel::update(piece_proxies::table.find(id))
            .set(piece_proxies::released_at.eq(Some(now())))
            .execute(&mut conn)
            .unwrap();
        assert_eq!(piece_credentials::find(&mut conn, "pcexpired00001").unwrap(), None);
        assert!(piece_credentials::find_by_ids(&mut conn, &[id]).unwrap().is_empty());
    }

    fn finds_live_pieces_by_ids(db) {
        let mut conn = db.pool.get().unwrap();
        let owner = persistence::testing::insert_user(&mut conn, "p4");
        let a = insert_piece(&mut conn, owner, ProxyKind::Ipv6, "pcaaaaaaaaaaaa", 2_000_000_000);
        let b = insert_piece(&mut conn, owner, ProxyKind::Lte, "pcbbbbbbbbbbbb", 2_000_000_100);
        insert_piece(&mut conn, owner, ProxyKind::Lte, "pccccccccccccc", 2_000_000_200);
        assert!(piece_credentials::find_by_ids(&mut conn, &[]).unwrap().is_empty());
        let mut found = piece_credentials::find_by_ids(&mut conn, &[b, a, 999_999]).unwrap();
        found.sort_by_key(|p| p.id);
        let summary: Vec<(i64, ProxyKind, i64)> =
            found.iter().map(|p| (p.id, p.kind, p.expires_at)).collect();
        assert_eq!(summary, vec![(a, ProxyKind::Ipv6, 2_000_000_000), (b, ProxyKind::Lte, 2_000_000_100)]);
    }
}
