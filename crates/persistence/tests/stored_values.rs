//! A stored kind or status that is not one of ours is reported as an error on both backends,
//! never skipped: the rows that hold it cannot be read as if it were not there.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use diesel::prelude::*;
use persistence::schema::{piece_orders, piece_proxies};
use persistence::testing::insert_user;
use persistence::{DbConnection, DbError, db_test, now, piece_credentials, pieces};

/// A provider order (placed) with one piece of our own, both stored with `kind`.
fn insert_raw(conn: &mut DbConnection, user_id: domain::UserId, kind: &str) {
    let t = now();
    let order_id: i64 = diesel::insert_into(piece_orders::table)
        .values((
            piece_orders::user_id.eq(user_id),
            piece_orders::kind.eq(kind),
            piece_orders::quantity.eq(1),
            piece_orders::price_cents.eq(300),
            piece_orders::status.eq("placed"),
            piece_orders::source.eq("proxyseller"),
            piece_orders::created_at.eq(t),
            piece_orders::updated_at.eq(t),
        ))
        .returning(piece_orders::id)
        .get_result(conn)
        .unwrap();
    diesel::insert_into(piece_proxies::table)
        .values((
            piece_proxies::order_id.eq(order_id),
            piece_proxies::user_id.eq(user_id),
            piece_proxies::kind.eq(kind),
            piece_proxies::host.eq("127.0.0.1"),
            piece_proxies::port.eq(8000),
            piece_proxies::username.eq("pcbadkind00001"),
            piece_proxies::password.eq("pw"),
            piece_proxies::expires_at.eq(t + 86_400),
            piece_proxies::created_at.eq(t),
        ))
        .execute(conn)
        .unwrap();
}

fn is_unreadable<T>(result: &Result<T, DbError>) -> bool {
    matches!(
        result,
        Err(DbError::Query(diesel::result::Error::DeserializationError(
            _
        )))
    )
}

db_test! {
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
