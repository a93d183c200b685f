//! Proxies sold by the piece: their credential carries HTTP, CONNECT and SOCKS5 traffic, which
//! is counted by day for the piece's kind but never against a traffic balance; a wrong
//! password, an expired piece or a disabled owner is refused, and live connections end when
//! their piece does.

use crate::common::*;
use domain::ProxyKind;
use persistence::{Backend, now};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const PIECE: &str = "pc7k2m9q4x8w1z";
const PIECE_PASSWORD: &str = "Zq8vR2mW5tY7bN3k";
const IN_A_MONTH: i64 = 30 * 86_400;

async fn a_piece_carries_http_connect_and_socks5_metered_by_day(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    h.insert_piece(ProxyKind::Ipv4, PIECE, PIECE_PASSWORD, now() + IN_A_MONTH);
    let echo = echo_server().await;

    let (origin, received) = one_shot_origin().await;
    let mut client = TcpStream::connect(h.http).await.unwrap();
    let request = format!(
        "GET http://{origin}/ HTTP/1.1\r\nHost: {origin}\r\nProxy-Authorization: {}\r\n\r\n",
        basic(PIECE, PIECE_PASSWORD)
    );
    client.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    client.read_to_end(&mut response).await.unwrap();
    assert_eq!(response, ORIGIN_RESPONSE);
    let forwarded = received.await.unwrap();
    let mut expected = (forwarded.len() + ORIGIN_RESPONSE.len()) as i64;

    let (mut tunnel, code, _) =
        http_connect(h.http, &echo.to_string(), Some((PIECE, PIECE_PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 70_000).await;
    expected += 2 * 70_000;

    let mut socks = socks_connect(h.socks, PIECE, PIECE_PASSWORD, Dest::Ip(echo))
        .await
        .unwrap();
    echo_through(&mut socks, 12_345).await;
    expected += 2 * 12_345;

    assert_eq!(h.wait_for_daily(ProxyKind::Ipv4, expected).await, expected);
    // Counted by day only: the premium balance is untouched and no balance of the piece's
    // kind appears.
    assert_eq!(h.balances(), vec![("premium".into(), 1_000_000_000, 0)]);
    assert_eq!(h.daily_usage(ProxyKind::Premium), 0);
    h.handle.flush_now().await.unwrap();
    assert_eq!(
        h.daily_usage(ProxyKind::Ipv4),
        expected,
        "nothing counted twice"
    );
}

async fn a_wrong_password_or_an_unknown_piece_is_refused(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    h.insert_piece(ProxyKind::Static, PIECE, PIECE_PASSWORD, now() + IN_A_MONTH);
    let echo = echo_server().await;
    for (user, pass) in [
        (PIECE, "wrong"),
        (PIECE, ""),
        (PIECE, PASSWORD),
        ("pcunknown00000", PIECE_PASSWORD),
        // A piece credential carries no targeting options.
        (&format!("{PIECE}-type-premium") as &str, PIECE_PASSWORD),
    ] {
        h.assert_refused(user, pass, echo).await;
    }
    assert_eq!(h.daily_usage(ProxyKind::Static), 0);
}

async fn an_expired_piece_is_refused(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    h.insert_piece(ProxyKind::Lte, PIECE, PIECE_PASSWORD, now());
    let echo = echo_server().await;
    h.assert_denied(PIECE, PIECE_PASSWORD, echo, "expired")
        .await;
}

async fn a_disabled_owner_is_refused(backend: Backend) {
    use diesel::prelude::*;
    use persistence::schema::users;
    let h = Harness::on(backend).await.unwrap();
    h.insert_piece(ProxyKind::Ipv6, PIECE, PIECE_PASSWORD, now() + IN_A_MONTH);
    let mut conn = h.db.pool.get().unwrap();
    diesel::update(users::table.find(h.user_id))
        .set(users::disabled.eq(true))
        .execute(&mut conn)
        .unwrap();
    let echo = echo_server().await;
    h.assert_denied(PIECE, PIECE_PASSWORD, echo, "disabled")
        .await;
}

async fn live_connections_are_cut_when_their_piece_expires(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    let ending = h.insert_piece(ProxyKind::Static, PIECE, PIECE_PASSWORD, now() + IN_A_MONTH);
    // Another piece of the same customer and kind, which goes on.
    let other = "pc0000otherpc1";
    h.insert_piece(ProxyKind::Static, other, PIECE_PASSWORD, now() + IN_A_MONTH);
    let echo = echo_server().await;
    let (mut tunnel, code, _) =
        http_connect(h.http, &echo.to_string(), Some((PIECE, PIECE_PASSWORD))).await;
    assert_eq!(code, 200);
    let mut socks = socks_connect(h.socks, PIECE, PIECE_PASSWORD, Dest::Ip(echo))
        .await
        .unwrap();
    let (mut kept, code, _) =
        http_connect(h.http, &echo.to_string(), Some((other, PIECE_PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 1_000).await;
    echo_through(&mut socks, 2_000).await;

    // The piece ends while connected; the next flush notices.
    h.set_piece_expiry(ending, now() - 1);
    h.handle.flush_now().await.unwrap();
    assert_eq!(read_to_close(&mut tunnel).await, 0, "the tunnel was cut");
    assert_eq!(
        read_to_close(&mut socks).await,
        0,
        "the SOCKS stream was cut"
    );
    echo_through(&mut kept, 500).await;
    // New connections are refused at once, although the credential is still cached.
    let (_, code, _) = http_connect(h.http, &echo.to_string(), Some((PIECE, PIECE_PASSWORD))).await;
    assert_eq!(code, 403);
    let expected = 2 * (1_000 + 2_000 + 500);
    assert_eq!(
        h.wait_for_daily(ProxyKind::Static, expected).await,
        expected
    );
    assert_eq!(h.balances(), vec![("premium".into(), 1_000_000_000, 0)]);
}

async fn pieces_share_the_customers_connection_limit(backend: Backend) {
    let h = Harness::start(Options {
        backend,
        max_connections_per_user: 2,
        ..Options::default()
    })
    .await
    .unwrap();
    h.insert_piece(ProxyKind::Ipv4, PIECE, PIECE_PASSWORD, now() + IN_A_MONTH);
    let echo = echo_server().await.to_string();
    let (_a, code_a, _) = http_connect(h.http, &echo, Some((PIECE, PIECE_PASSWORD))).await;
    let (_b, code_b, _) = http_connect(h.http, &echo, Some((USER, PASSWORD))).await;
    let (_, code_c, _) = http_connect(h.http, &echo, Some((PIECE, PIECE_PASSWORD))).await;
    assert_eq!((code_a, code_b, code_c), (200, 200, 429));
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_piece_carries_http_connect_and_socks5_metered_by_day,
    a_wrong_password_or_an_unknown_piece_is_refused,
    an_expired_piece_is_refused,
    a_disabled_owner_is_refused,
    live_connections_are_cut_when_their_piece_expires,
    pieces_share_the_customers_connection_limit,
);
