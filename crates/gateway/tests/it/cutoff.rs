//! Live connections end when the customer's traffic runs out or the customer is disabled, and
//! idle ones after the idle timeout.

use crate::common::*;
use persistence::Backend;
use std::time::Duration;

async fn running_out_of_traffic_cuts_every_live_connection(backend: Backend) {
    let purchased = 1_000_000;
    let h = Harness::start(Options {
        backend,
        purchased,
        ..Options::default()
    })
    .await
    .unwrap();
    let echo = echo_server().await;
    let endless = endless_server().await;
    // An idle tunnel of the same customer and kind, open before the other one runs out.
    let (mut idle, code, _) = http_connect(h.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    let mut flood = socks_connect(h.socks, USER, PASSWORD, Dest::Ip(endless))
        .await
        .unwrap();
    let received = read_to_close(&mut flood).await;
    assert_eq!(
        read_to_close(&mut idle).await,
        0,
        "the idle tunnel was cut too"
    );
    // The relay never moves more than what remains, so the customer got exactly what was paid.
    assert_eq!(received as i64, purchased);
    assert_eq!(
        h.wait_for_used(purchased).await,
        (purchased, purchased, purchased)
    );
    // And new connections are refused, naming the reason.
    let (_, code, head) = http_connect(h.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 403);
    assert!(head.contains("details=\"no traffic left\""), "{head}");
}

async fn an_idle_connection_is_closed(backend: Backend) {
    let h = Harness::start(Options {
        backend,
        idle_timeout: Duration::from_millis(200),
        ..Options::default()
    })
    .await
    .unwrap();
    let echo = echo_server().await;
    let (mut tunnel, code, _) =
        http_connect(h.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 100).await;
    assert_eq!(read_to_close(&mut tunnel).await, 0);
    assert_eq!(h.wait_for_used(200).await.1, 200);
}

async fn disabling_a_customer_cuts_their_live_traffic_connections(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    let echo = echo_server().await;
    let (mut tunnel, code, _) =
        http_connect(h.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    let mut socks = socks_connect(h.socks, USER, PASSWORD, Dest::Ip(echo))
        .await
        .unwrap();
    echo_through(&mut tunnel, 1_000).await;
    echo_through(&mut socks, 1_000).await;
    h.set_disabled(true);
    h.handle.flush_now().await.unwrap();
    assert_eq!(read_to_close(&mut tunnel).await, 0, "cut at the flush");
    assert_eq!(read_to_close(&mut socks).await, 0, "cut at the flush");
    // And no new connection, though the credential cache still holds the account.
    let (_, code, _) = http_connect(h.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 403);
    // Every byte that moved is still counted (a relay may count its last step just after the
    // client read it, so flush until it is in).
    assert_eq!(h.wait_for_used(4_000).await.1, 4_000);
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    running_out_of_traffic_cuts_every_live_connection,
    an_idle_connection_is_closed,
    disabling_a_customer_cuts_their_live_traffic_connections,
);
