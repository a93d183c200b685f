//! A stored kind or status that is not one of ours is reported as an error on both backends,
//! never skipped: the rows that hold it cannot be read as if it were not there.

use diesel::prelude::*;
use persistence::schema::piece_orders;
use persistence::testing::{RawPiece, insert_raw_piece, insert_user};
use persistence::{DbConnection, DbError, both_backends, now, piece_credentials, pieces};

/// A provider order (placed) with one piece of our own, both stored with `kind`.
fn insert_raw(conn: &mut DbConnection, user_id: domain::UserId, kind: &str) {
    let piece = RawPiece {
        kind,
        status: "placed",
        source: "proxyseller",
        username: "pcbadkind00001",
        expires_at: now() + 86_400,
    };
    insert_raw_piece(conn, user_id, &piece);
}

fn is_unreadable<T>(result: &Result<T, DbError>) -> bool {
    matches!(
        result,
        Err(DbError::Query(diesel::result::Error::DeserializationError(
            _
        )))
    )
}

both_backends! {
    fn a_bad_stored_kind_is_an_error_not_a_skip(db) {
        let mut conn = db.pool.get().unwrap();
        let user = insert_user(&mut conn, "bad");
        insert_raw(&mut conn, user, "Premium ");
        let credential = piece_credentials::find(&mut conn, "pcbadkind00001");
        assert!(is_unreadable(&credential), "{credential:?}");
        let orders = pieces::orders_in_status(&mut conn, "proxyseller", domain::OrderStatus::Placed);
        assert!(is_unreadable(&orders), "{orders:?}");
    }

    fn a_bad_stored_order_status_is_an_error(db) {
        let mut conn = db.pool.get().unwrap();
        let user = insert_user(&mut conn, "st");
        insert_raw(&mut conn, user, "static");
        diesel::update(piece_orders::table)
            .set(piece_orders::status.eq("complete"))
            .execute(&mut conn)
            .unwrap();
        let id: i64 = piece_orders::table.select(piece_orders::id).first(&mut conn).unwrap();
        let order = pieces::find_order(&mut conn, id);
        assert!(is_unreadable(&order), "{order:?}");
    }
}
