//! An operator's "disable" (`persistence::admin_access::disable`, what the console's route runs
//! in its transaction) takes effect at the gateway within one flush: the customer's live
//! connections, by their proxy credential or a piece's, end and new ones are refused, while
//! other customers' connections go on.

use crate::common::*;
use domain::ProxyKind;
use persistence::admin_access::{self, Outcome};
use persistence::{Backend, now, sessions, write_transaction};

const PIECE: &str = "pcadm1n0d1s4bl";
const PIECE_PASSWORD: &str = "Hq4vR2mW5tY7bN3x";
const OTHER: &str = "bob1";
const OTHER_PASSWORD: &str = "0th3rpw";

async fn an_admin_disable_cuts_the_customer_at_the_gateway(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    h.insert_piece(
        ProxyKind::Static,
        PIECE,
        PIECE_PASSWORD,
        now() + 30 * 86_400,
    );
    h.add_user(OTHER, OTHER_PASSWORD, 1_000_000_000);
    let echo = echo_server().await;
    let (mut tunnel, code, _) =
        http_connect(h.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    let mut socks = socks_connect(h.socks, USER, PASSWORD, Dest::Ip(echo))
        .await
        .unwrap();
    let (mut piece, code, _) =
        http_connect(h.http, &echo.to_string(), Some((PIECE, PIECE_PASSWORD))).await;
    assert_eq!(code, 200);
    let (mut other, code, _) =
        http_connect(h.http, &echo.to_string(), Some((OTHER, OTHER_PASSWORD))).await;
    assert_eq!(code, 200);
    for stream in [&mut tunnel, &mut socks, &mut piece, &mut other] {
        echo_through(stream, 1_000).await;
    }
    let mut conn = h.db.pool.get().unwrap();
    let t = now();
    sessions::insert(
        &mut conn,
        "hash-of-a-session",
        Some(h.user_id),
        "{}",
        t + 3_600,
        t,
    )
    .unwrap();

    let outcome = write_transaction(&mut conn, |c| admin_access::disable(c, h.user_id)).unwrap();

    assert_eq!(outcome, Outcome::Changed);
    assert_eq!(
        sessions::count_for_user(&mut conn, h.user_id, now()).unwrap(),
        0
    );
    // Within one flush: the live connections end ...
    h.handle.flush_now().await.unwrap();
    assert_eq!(
        read_to_close(&mut tunnel).await,
        0,
        "traffic tunnel cut at the flush"
    );
    assert_eq!(read_to_close(&mut socks).await, 0, "socks cut at the flush");
    assert_eq!(read_to_close(&mut piece).await, 0, "piece cut at the flush");
    // ... and new ones are refused, though the credential cache still holds the account.
    h.assert_denied(USER, PASSWORD, echo, "disabled").await;
    h.assert_denied(PIECE, PIECE_PASSWORD, echo, "disabled")
        .await;
    // Another customer's connection goes on.
    echo_through(&mut other, 1_000).await;
    // Every byte the disabled customer moved on traffic is still counted.
    assert_eq!(h.wait_for_used(4_000).await.1, 4_000);
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    an_admin_disable_cuts_the_customer_at_the_gateway,
);
