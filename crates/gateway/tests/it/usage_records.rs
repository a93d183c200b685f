//! Every connection of a known customer leaves one usage record whose bytes are exactly what
//! the meter counted for it, so the records add up to what the balance lost: plain HTTP,
//! CONNECT and SOCKS5, a refusal (no traffic), a cut for quota, a refused destination and an
//! unreachable one; each names the client's address, the exit country its username targeted,
//! and, once the destination was reached, how long that took. Wrong credentials are nobody's and leave
//! none. Both backends.

use crate::common::*;
use domain::ProxyKind;
use domain::usage::{CredentialKind, Outcome};
use persistence::Backend;
use persistence::connection_records::{self, NewRecord, RecordFilter};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The records of `user`, oldest first.
fn records_of(h: &Harness, user: domain::UserId) -> Vec<NewRecord> {
    let mut conn = h.db.pool.get().unwrap();
    let (rows, _) = connection_records::page(&mut conn, &RecordFilter::of(user), 1_000, 0).unwrap();
    let mut rows: Vec<_> = rows.into_iter().map(|r| r.row).collect();
    rows.reverse();
    rows
}

/// Flushes until `user` has `n` records (a connection files its record as it ends, just after
/// its client saw the close), with a bound.
async fn wait_for_records(h: &Harness, user: domain::UserId, n: usize) -> Vec<NewRecord> {
    for _ in 0..500 {
        h.handle.flush_now().await.unwrap();
        let rows = records_of(h, user);
        if rows.len() >= n {
            return rows;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    records_of(h, user)
}

fn total(rows: &[NewRecord]) -> i64 {
    rows.iter().map(|r| r.bytes_up + r.bytes_down).sum()
}

async fn each_protocol_records_its_metered_bytes(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    let echo = echo_server().await;

    // CONNECT: what went up and what came back.
    let (mut tunnel, code, _) =
        http_connect(h.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 30_001).await;
    drop(tunnel);
    let rows = wait_for_records(&h, h.user_id, 1).await;
    assert_eq!(rows.len(), 1);
    let connect = &rows[0];
    assert_eq!(
        (connect.bytes_up, connect.bytes_down),
        (30_001, 30_001),
        "{connect:?}"
    );
    assert_eq!(connect.host, "127.0.0.1");
    assert_eq!(connect.port, i32::from(echo.port()));
    assert_eq!(connect.kind, ProxyKind::Premium);
    assert_eq!(connect.credential_kind, CredentialKind::Main);
    assert_eq!(connect.credential_label, USER);
    assert_eq!(connect.credential_id, None);
    assert_eq!(
        (connect.outcome, connect.reason.as_deref()),
        (Outcome::Ok, None)
    );
    assert!(connect.started_at > 0 && connect.duration_ms >= 0);
    assert_eq!(
        connect.source.as_deref(),
        Some("127.0.0.1"),
        "the client's address"
    );
    assert!(
        connect
            .connect_ms
            .is_some_and(|ms| ms >= 0 && ms <= connect.duration_ms),
        "the destination was reached: {connect:?}"
    );
    assert_eq!(connect.country, None, "no exit country targeted");

    // A plain request: the rewritten head up, the response down.
    let (origin, received) = one_shot_origin().await;
    let mut client = TcpStream::connect(h.http).await.unwrap();
    let request = format!(
        "GET http://{origin}/x HTTP/1.1\r\nHost: {origin}\r\nProxy-Authorization: {}\r\n\r\n",
        basic(&format!("{USER}-type-premium-country-us"), PASSWORD)
    );
    client.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    client.read_to_end(&mut response).await.unwrap();
    assert_eq!(response, ORIGIN_RESPONSE);
    let head = received.await.unwrap();
    let rows = wait_for_records(&h, h.user_id, 2).await;
    let plain = &rows[1];
    assert_eq!(
        (plain.bytes_up, plain.bytes_down),
        (head.len() as i64, ORIGIN_RESPONSE.len() as i64),
        "{plain:?}"
    );
    assert_eq!(
        (plain.host.as_str(), plain.port),
        ("127.0.0.1", i32::from(origin.port()))
    );
    assert_eq!(
        plain.credential_label, USER,
        "the base username, without targeting"
    );
    assert_eq!(plain.outcome, Outcome::Ok);
    assert_eq!(
        plain.country.as_deref(),
        Some("us"),
        "the exit country targeted"
    );
    assert!(plain.connect_ms.is_some(), "{plain:?}");

    // SOCKS5 by name: the host as the client asked for it.
    let mut socks = socks_connect(
        h.socks,
        USER,
        PASSWORD,
        Dest::Domain("localhost", echo.port()),
    )
    .await
    .unwrap();
    echo_through(&mut socks, 12_345).await;
    drop(socks);
    let rows = wait_for_records(&h, h.user_id, 3).await;
    let by_socks = &rows[2];
    assert_eq!((by_socks.bytes_up, by_socks.bytes_down), (12_345, 12_345));
    assert_eq!(by_socks.host, "localhost");
    assert_eq!(by_socks.outcome, Outcome::Ok);
    assert_eq!(by_socks.source.as_deref(), Some("127.0.0.1"));

    // The dispute answer: the records add up to what the balance lost, to the byte.
    let (_, used, daily) = h.usage();
    assert_eq!(total(&rows), used);
    assert_eq!(used, daily);
}

async fn a_cut_for_quota_is_recorded_with_what_was_paid(backend: Backend) {
    let purchased = 1_000_000;
    let Some(h) = Harness::start(Options {
        backend,
        purchased,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let endless = endless_server().await;
    let mut flood = socks_connect(h.socks, USER, PASSWORD, Dest::Ip(endless))
        .await
        .unwrap();
    let received = read_to_close(&mut flood).await;
    assert_eq!(received as i64, purchased);
    let rows = wait_for_records(&h, h.user_id, 1).await;
    assert_eq!(rows.len(), 1);
    let cut = &rows[0];
    assert_eq!(
        (cut.outcome, cut.reason.as_deref()),
        (Outcome::CutQuota, Some("traffic_exhausted"))
    );
    assert_eq!((cut.bytes_up, cut.bytes_down), (0, purchased));
    assert_eq!(h.wait_for_used(purchased).await.1, total(&rows));

    // Then a new connection is refused for want of traffic, and recorded as such.
    let (_, code, _) = http_connect(h.http, &endless.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(
        code, 403,
        "no traffic left is a refusal, not a credential prompt"
    );
    let rows = wait_for_records(&h, h.user_id, 2).await;
    let refused = &rows[1];
    assert_eq!(
        (refused.outcome, refused.reason.as_deref()),
        (Outcome::Refused, Some("no_traffic"))
    );
    assert_eq!((refused.bytes_up, refused.bytes_down), (0, 0));
    assert_eq!(refused.port, i32::from(endless.port()));
    assert_eq!(refused.duration_ms, 0);
    assert_eq!(refused.connect_ms, None, "never connected");
}

async fn refusals_of_a_known_customer_are_recorded_and_wrong_passwords_not(backend: Backend) {
    let Some(h) = Harness::start(Options {
        backend,
        allow_private: false,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let broke = h.add_user("broke1", "pw-broke", 0);
    let echo = echo_server().await;
    // Nobody's: no record anywhere.
    h.assert_refused(USER, "wrong", echo).await;
    // No traffic, over HTTP (the target is known) and SOCKS5 (not yet asked for).
    let (_, code, _) = http_connect(h.http, "example.com:443", Some(("broke1", "pw-broke"))).await;
    assert_eq!(
        code, 403,
        "no traffic left is a refusal, not a credential prompt"
    );
    let refused = socks_connect(h.socks, "broke1", "pw-broke", Dest::Ip(echo))
        .await
        .err();
    assert_eq!(refused, Some(("auth", 1)));
    let rows = wait_for_records(&h, broke, 2).await;
    assert_eq!(rows.len(), 2);
    assert_eq!((rows[0].host.as_str(), rows[0].port), ("example.com", 443));
    assert_eq!((rows[1].host.as_str(), rows[1].port), ("", 0));
    for row in &rows {
        assert_eq!(
            (row.outcome, row.reason.as_deref()),
            (Outcome::Refused, Some("no_traffic"))
        );
        assert_eq!(row.credential_label, "broke1");
        assert_eq!(
            row.source.as_deref(),
            Some("127.0.0.1"),
            "a refusal names the client too"
        );
    }
    // An internal destination is refused after authentication.
    let (_, code, _) = http_connect(h.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 403);
    let rows = wait_for_records(&h, h.user_id, 1).await;
    assert_eq!(rows.len(), 1, "the wrong password left no record: {rows:?}");
    assert_eq!(
        (rows[0].outcome, rows[0].reason.as_deref()),
        (Outcome::Refused, Some("destination_not_allowed"))
    );
    assert_eq!(rows[0].port, i32::from(echo.port()));
}

async fn an_unreachable_destination_is_an_upstream_error_and_a_piece_names_itself(
    backend: Backend,
) {
    let h = Harness::on(backend).await.unwrap();
    // A port nothing listens on: bound, then closed.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap()
    };
    let (_, code, _) = http_connect(h.http, &closed.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 502);
    let rows = wait_for_records(&h, h.user_id, 1).await;
    assert_eq!(
        (rows[0].outcome, rows[0].reason.as_deref()),
        (Outcome::UpstreamError, Some("connect_failed"))
    );

    let piece = h.insert_piece(
        ProxyKind::Ipv4,
        "pc-user-1",
        "pc-pass",
        persistence::now() + 3_600,
    );
    let echo = echo_server().await;
    let (mut tunnel, code, _) =
        http_connect(h.http, &echo.to_string(), Some(("pc-user-1", "pc-pass"))).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 777).await;
    drop(tunnel);
    let rows = wait_for_records(&h, h.user_id, 2).await;
    let by_piece = &rows[1];
    assert_eq!(by_piece.credential_kind, CredentialKind::Piece);
    assert_eq!(by_piece.credential_id, Some(piece));
    assert_eq!(by_piece.credential_label, "pc-user-1");
    assert_eq!(by_piece.kind, ProxyKind::Ipv4);
    assert_eq!((by_piece.bytes_up, by_piece.bytes_down), (777, 777));
    assert_eq!(h.daily_usage(ProxyKind::Ipv4), 2 * 777);
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    each_protocol_records_its_metered_bytes,
    a_cut_for_quota_is_recorded_with_what_was_paid,
    refusals_of_a_known_customer_are_recorded_and_wrong_passwords_not,
    an_unreachable_destination_is_an_upstream_error_and_a_piece_names_itself,
);
