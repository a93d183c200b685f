//! Piece stock, orders and pieces on both backends: stock is never oversold, even by racing
//! buyers, and expired pieces give their slot back exactly once.

use domain::{Cents, OrderStatus, ProxyKind};
use persistence::pieces::{self, NewOrder, NewPiece, NewStock};
use persistence::testing::{concurrently, insert_user};
use persistence::{DbConnection, both_backends, proxy_history, write_transaction};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

fn stock(conn: &mut DbConnection, code: &str, capacity: i32) -> i64 {
    pieces::insert_stock(
        conn,
        &NewStock {
            kind: ProxyKind::Static,
            code,
            country: "us",
            isp: Some("comcast"),
            isp_name: Some("Comcast"),
            city: None,
            conn_type: None,
            ip: None,
            capacity,
        },
    )
    .unwrap()
}

fn order(conn: &mut DbConnection, user_id: domain::UserId) -> i64 {
    pieces::insert_order(
        conn,
        &NewOrder {
            user_id,
            kind: ProxyKind::Static,
            plan_id: None,
            country: Some("us"),
            isp: Some("comcast"),
            quantity: 1,
            price_cents: Cents::new(350),
            status: OrderStatus::Pending,
            source: "local",
            upstream_order_id: None,
            created_at: 1,
            updated_at: 1,
            stock_id: None,
        },
    )
    .unwrap()
}

fn piece(
    conn: &mut DbConnection,
    order_id: i64,
    user_id: domain::UserId,
    name: &str,
    stock_id: i64,
    expires_at: i64,
) {
    pieces::insert_piece(
        conn,
        &NewPiece {
            order_id,
            user_id,
            kind: ProxyKind::Static,
            host: "127.0.0.1",
            port: 8000,
            username: name,
            password: "pw",
            country: Some("us"),
            city: None,
            isp: Some("comcast"),
            upstream_id: None,
            expires_at,
            created_at: 1,
            stock_id: Some(stock_id),
        },
    )
    .unwrap();
}

both_backends! {
    fn reserving_takes_stock_until_none_is_left(db) {
        let mut conn = db.pool.get().unwrap();
        let id = stock(&mut conn, "us-comcast", 3);
        assert!(pieces::reserve(&mut conn, id, 2).unwrap());
        assert!(!pieces::reserve(&mut conn, id, 2).unwrap(), "only 1 left");
        assert!(pieces::reserve(&mut conn, id, 1).unwrap());
        let row = pieces::find_stock(&mut conn, ProxyKind::Static, "us-comcast").unwrap().unwrap();
        assert_eq!((row.sold, row.available()), (3, 0));
        assert_eq!(pieces::stock_of(&mut conn, ProxyKind::Static).unwrap().len(), 1);
        assert!(pieces::find_stock(&mut conn, ProxyKind::Ipv4, "us-comcast").unwrap().is_none());
    }

    fn racing_buyers_never_oversell(db) {
        let id = stock(&mut db.pool.get().unwrap(), "us-att", 5);
        let won = Arc::new(AtomicUsize::new(0));
        let counter = won.clone();
        concurrently(db, 8, move |conn, _| {
            let ok = write_transaction(conn, |c| pieces::reserve(c, id, 2)).unwrap();
            if ok {
                counter.fetch_add(1, Ordering::SeqCst);
            }
        });
        assert_eq!(won.load(Ordering::SeqCst), 2);
        let row = pieces::find_stock(&mut db.pool.get().unwrap(), ProxyKind::Static, "us-att").unwrap().unwrap();
        assert_eq!(row.sold, 4);
    }

    fn expired_pieces_give_their_slot_back_once(db) {
        let mut conn = db.pool.get().unwrap();
        let user = insert_user(&mut conn, "p");
        let id = stock(&mut conn, "us-cox", 2);
        assert!(pieces::reserve(&mut conn, id, 2).unwrap());
        let order_id = order(&mut conn, user);
        piece(&mut conn, order_id, user, "pcexpired", id, 100);
        piece(&mut conn, order_id, user, "pcvalid", id, 10_000);
        assert_eq!(write_transaction(&mut conn, |c| pieces::release_expired(c, 500, 500)).unwrap(), 1);
        assert_eq!(write_transaction(&mut conn, |c| pieces::release_expired(c, 500, 500)).unwrap(), 0);
        let row = pieces::find_stock(&mut conn, ProxyKind::Static, "us-cox").unwrap().unwrap();
        assert_eq!(row.sold, 1);
    }

    fn orders_move_between_statuses_once(db) {
        let mut conn = db.pool.get().unwrap();
        let user = insert_user(&mut conn, "q");
        let id = order(&mut conn, user);
        assert!(pieces::transition_order(&mut conn, id, OrderStatus::Pending, OrderStatus::Placed, Some("ps-77")).unwrap());
        assert!(!pieces::transition_order(&mut conn, id, OrderStatus::Pending, OrderStatus::Failed, None).unwrap());
        let row = pieces::find_order(&mut conn, id).unwrap().unwrap();
        assert_eq!((row.status.as_str(), row.upstream_order_id.as_deref()), ("placed", Some("ps-77")));
        assert_eq!(pieces::orders_in_status(&mut conn, "local", OrderStatus::Placed).unwrap().len(), 1);
    }

    fn history_pages_filter_and_search(db) {
        let mut conn = db.pool.get().unwrap();
        let user = insert_user(&mut conn, "r");
        let other = insert_user(&mut conn, "s");
        for i in 0..5 {
            proxy_history::insert(&mut conn, user, ProxyKind::Static, &format!("h:1:Static{i}:pw"), Some(9), i).unwrap();
        }
        proxy_history::insert(&mut conn, user, ProxyKind::Premium, "h:2:user-type-premium:pw_%", None, 9).unwrap();
        proxy_history::insert(&mut conn, other, ProxyKind::Static, "h:1:static9:pw", None, 9).unwrap();

        let (rows, total) = proxy_history::page(&mut conn, user, None, None, 0, 4).unwrap();
        assert_eq!((rows.len(), total), (4, 6));
        assert_eq!(rows[0].kind, ProxyKind::Premium, "newest first");
        let (rows, total) = proxy_history::page(&mut conn, user, Some(ProxyKind::Static), Some("STATIC3"), 0, 10).unwrap();
        assert_eq!((rows.len(), total, rows[0].proxy.as_str()), (1, 1, "h:1:Static3:pw"));
        // LIKE's wildcards in the search are plain characters.
        let (_, total) = proxy_history::page(&mut conn, user, None, Some("_%"), 0, 10).unwrap();
        assert_eq!(total, 1);
        let (_, total) = proxy_history::page(&mut conn, user, None, Some("%"), 0, 10).unwrap();
        assert_eq!(total, 1);
        let (rows, total) = proxy_history::page(&mut conn, user, Some(ProxyKind::Static), None, 4, 10).unwrap();
        assert_eq!((rows.len(), total), (1, 5));
    }
}
