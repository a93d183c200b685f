//! A reseller's piece held by its client (docs/resellers.md "Pieces"), through
//! `persistence::resellers` as the reseller's routes run it: suspending the client closes the
//! piece's live connections and refuses new ones; resuming lets the same password in again
//! straight away (the piece was cut, not ended, by the event and by a flush meanwhile); taking the piece back closes its connections,
//! refuses the client's old password and lets the reseller's new one in at once.

use crate::common::*;
use domain::ProxyKind;
use persistence::resellers::{clients, pieces};
use persistence::{Backend, now, write_transaction};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const PIECE: &str = "pcre5e11erp1ec";
const PIECE_PASSWORD: &str = "Kq4vR2mW5tY7bN3c";
const NEW_PASSWORD: &str = "Nw7xT3pL9sD2fG6h";

/// The status of a CONNECT with `user`:`pass`, asked again until it is no longer `while_code`
/// (the node applies a change event within a second or two; at most 10 s).
async fn status_after(
    h: &Harness,
    dest: SocketAddr,
    user: &str,
    pass: &str,
    while_code: u16,
) -> u16 {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, code, _) = http_connect(h.http, &dest.to_string(), Some((user, pass))).await;
        if code != while_code || Instant::now() > deadline {
            return code;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn a_client_s_piece_is_cut_by_suspension_and_by_taking_it_back(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    let piece = h.insert_piece(
        ProxyKind::Static,
        PIECE,
        PIECE_PASSWORD,
        now() + 30 * 86_400,
    );
    let client = h.add_user("client1", "cl13ntpw", 0);
    let mut conn = h.db.pool.get().unwrap();
    {
        use diesel::prelude::*;
        use persistence::schema::users;
        diesel::update(users::table.find(client))
            .set(users::reseller_id.eq(Some(h.user_id)))
            .execute(&mut conn)
            .unwrap();
    }
    let reseller = h.user_id;
    let assigned = write_transaction(&mut conn, |c| {
        pieces::assign(c, reseller, client, piece, now())
    })
    .unwrap();
    assert_eq!(assigned, pieces::Assigned::Done);
    let echo = echo_server().await;
    let (mut tunnel, code, _) =
        http_connect(h.http, &echo.to_string(), Some((PIECE, PIECE_PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 1_000).await;

    // Suspended: the live tunnel closes, new connections are refused.
    let switched = write_transaction(&mut conn, |c| clients::suspend(c, reseller, client)).unwrap();
    assert_eq!(switched, clients::Switch::Changed);
    assert_eq!(read_to_close(&mut tunnel).await, 0, "the tunnel was cut");
    assert_eq!(
        status_after(&h, echo, PIECE, PIECE_PASSWORD, 200).await,
        403
    );
    h.assert_denied(PIECE, PIECE_PASSWORD, echo, "disabled")
        .await;

    // Resumed: the same password works again as soon as the node hears of it.
    let switched = write_transaction(&mut conn, |c| clients::resume(c, reseller, client)).unwrap();
    assert_eq!(switched, clients::Switch::Changed);
    assert_eq!(
        status_after(&h, echo, PIECE, PIECE_PASSWORD, 403).await,
        200
    );
    let (mut tunnel, code, _) =
        http_connect(h.http, &echo.to_string(), Some((PIECE, PIECE_PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 1_000).await;

    // Taken back with a new password: the client's tunnel closes, its password is refused,
    // the reseller's new one works at once.
    let taken = write_transaction(&mut conn, |c| {
        pieces::take_back(c, reseller, client, piece, NEW_PASSWORD, now())
    })
    .unwrap();
    assert!(taken);
    assert_eq!(read_to_close(&mut tunnel).await, 0, "the tunnel was cut");
    assert_eq!(
        status_after(&h, echo, PIECE, PIECE_PASSWORD, 200).await,
        407
    );
    h.assert_refused(PIECE, PIECE_PASSWORD, echo).await;
    let (mut tunnel, code, head) =
        http_connect(h.http, &echo.to_string(), Some((PIECE, NEW_PASSWORD))).await;
    assert_eq!(code, 200, "{head}");
    echo_through(&mut tunnel, 1_000).await;
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_client_s_piece_is_cut_by_suspension_and_by_taking_it_back,
);
