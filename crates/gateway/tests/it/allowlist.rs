//! IP allowlist authentication on both backends: a connection without credentials from an
//! allowlisted address or range is metered to its owner exactly (CONNECT, a plain request,
//! SOCKS5 without authentication, IPv4 and IPv6), credentials win when sent, other sources
//! are still asked for credentials, a piece entry meters to its piece, and adding or removing
//! an entry reaches a running node through the change events.

use crate::common::*;
use domain::ProxyKind;
use domain::network::Network;
use domain::usage::CredentialKind;
use persistence::connection_records::{self, NewRecord, RecordFilter};
use persistence::ip_allowlist::{self, NewEntry};
use persistence::{Backend, write_transaction};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A node that reads the change events every 20 ms (instead of every second), so that the
/// tests wait little for an allowlist change; on `v6` it listens on `[::1]`.
async fn node(backend: Backend, v6: bool) -> Option<Harness> {
    Harness::start(Options {
        backend,
        configure: Box::new(move |c| {
            c.event_poll = Duration::from_millis(20);
            if v6 {
                c.http_addr = "[::1]:0".parse().unwrap();
                c.socks_addr = "[::1]:0".parse().unwrap();
            }
        }),
        ..Options::default()
    })
    .await
}

fn allow(
    h: &Harness,
    user: domain::UserId,
    network: &str,
    kind: ProxyKind,
    piece: Option<i64>,
) -> i64 {
    let mut conn = h.db.pool.get().unwrap();
    let entry = NewEntry {
        user_id: user,
        network: Network::parse(network).unwrap(),
        kind,
        piece_id: piece,
        country: None,
        state: None,
        city: None,
        rotation: "random".into(),
    };
    write_transaction(&mut conn, |c| ip_allowlist::insert(c, &entry, 20))
        .unwrap()
        .unwrap()
}

/// Flushes until the customer's records hold `bytes` in all (a connection files its record as
/// it ends), with a bound; returns them.
async fn wait_for_records(h: &Harness, bytes: i64) -> Vec<NewRecord> {
    let read = || {
        let mut conn = h.db.pool.get().unwrap();
        let filter = RecordFilter::of(h.user_id);
        let (rows, _) = connection_records::page(&mut conn, &filter, 1_000, 0).unwrap();
        rows.into_iter().map(|r| r.row).collect::<Vec<_>>()
    };
    for _ in 0..500 {
        h.handle.flush_now().await.unwrap();
        let rows = read();
        if rows.iter().map(|r| r.bytes_up + r.bytes_down).sum::<i64>() >= bytes {
            return rows;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let rows = read();
    assert_eq!(
        rows.iter().map(|r| r.bytes_up + r.bytes_down).sum::<i64>(),
        bytes,
        "{rows:?}"
    );
    rows
}

fn remove(h: &Harness, user: domain::UserId, id: i64) {
    let mut conn = h.db.pool.get().unwrap();
    assert!(write_transaction(&mut conn, |c| ip_allowlist::delete(c, user, id)).unwrap());
}

/// A connection to `to` from `from`, of either family.
async fn dial(from: &str, to: SocketAddr) -> TcpStream {
    if from.contains(':') {
        let socket = tokio::net::TcpSocket::new_v6().unwrap();
        socket
            .bind(SocketAddr::new(from.parse().unwrap(), 0))
            .unwrap();
        return socket.connect(to).await.unwrap();
    }
    connect_from(from, to).await
}

/// The status of a CONNECT without credentials from `from`, and the stream.
async fn connect_bare(h: &Harness, from: &str, dest: SocketAddr) -> (TcpStream, u16) {
    let stream = dial(from, h.http).await;
    let (stream, code, _) = http_connect_on(stream, &dest.to_string(), None).await;
    (stream, code)
}

/// Waits, within a bound, until a CONNECT without credentials from `from` answers `code`
/// (the node reads the allowlist again at the change event).
async fn until_bare_connect_answers(h: &Harness, from: &str, dest: SocketAddr, code: u16) {
    let mut last = 0;
    for _ in 0..500 {
        let (_, got) = connect_bare(h, from, dest).await;
        if got == code {
            return;
        }
        last = got;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("a CONNECT from {from} still answers {last}, not {code}");
}

/// SOCKS5 offering only "no authentication": Ok(stream) once connected, Err((stage, code)).
async fn socks_bare(
    from: &str,
    proxy: SocketAddr,
    dest: SocketAddr,
) -> Result<TcpStream, (&'static str, u8)> {
    let mut s = dial(from, proxy).await;
    s.write_all(&[5, 1, 0]).await.unwrap();
    let mut method = [0u8; 2];
    s.read_exact(&mut method).await.unwrap();
    if method[1] != 0 {
        return Err(("method", method[1]));
    }
    let mut request = vec![5, 1, 0];
    match dest {
        SocketAddr::V4(a) => {
            request.push(1);
            request.extend_from_slice(&a.ip().octets());
        }
        SocketAddr::V6(a) => {
            request.push(4);
            request.extend_from_slice(&a.ip().octets());
        }
    }
    request.extend_from_slice(&dest.port().to_be_bytes());
    s.write_all(&request).await.unwrap();
    let mut reply = [0u8; 10];
    s.read_exact(&mut reply).await.unwrap();
    if reply[1] != 0 {
        return Err(("connect", reply[1]));
    }
    Ok(s)
}

async fn an_allowlisted_address_is_metered_without_credentials(backend: Backend) {
    let Some(h) = node(backend, false).await else {
        return;
    };
    let echo = echo_server().await;
    // Not allowlisted yet: asked for credentials, and SOCKS5 offers no method.
    assert_eq!(connect_bare(&h, "127.0.0.5", echo).await.1, 407);
    assert_eq!(
        socks_bare("127.0.0.5", h.socks, echo).await.err(),
        Some(("method", 0xff))
    );

    let entry = allow(&h, h.user_id, "127.0.0.5", ProxyKind::Premium, None);
    until_bare_connect_answers(&h, "127.0.0.5", echo, 200).await;
    let settled = h.wait_for_used(0).await.1;

    let (mut tunnel, code) = connect_bare(&h, "127.0.0.5", echo).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 100_000).await;
    drop(tunnel);
    let mut socks = socks_bare("127.0.0.5", h.socks, echo).await.unwrap();
    echo_through(&mut socks, 50_000).await;
    drop(socks);
    // A plain request, metered as the request head out and the response back.
    let (origin, received) = one_shot_origin().await;
    let mut plain = connect_from("127.0.0.5", h.http).await;
    let request = format!("GET http://{origin}/x HTTP/1.1\r\nHost: {origin}\r\n\r\n");
    plain.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    plain.read_to_end(&mut response).await.unwrap();
    assert_eq!(response, ORIGIN_RESPONSE);
    let head = received.await.unwrap();

    let expected = settled + 2 * 100_000 + 2 * 50_000 + (head.len() + ORIGIN_RESPONSE.len()) as i64;
    assert_eq!(h.wait_for_used(expected).await.1, expected);

    // Every connection is on record under the entry, and the records add up to the bytes the
    // balance lost (the probes of `until_bare_connect_answers` moved none).
    let records = wait_for_records(&h, expected).await;
    assert!(
        records
            .iter()
            .all(|r| r.credential_kind == CredentialKind::Allowlist
                && r.credential_id == Some(entry)
                && r.credential_label == "127.0.0.5"),
        "{records:?}"
    );
    let tunnel = records
        .iter()
        .find(|r| r.bytes_up == 100_000)
        .expect("the tunnel's record");
    assert_eq!(
        (tunnel.bytes_down, tunnel.port),
        (100_000, i32::from(echo.port()))
    );

    // Other sources still need credentials.
    assert_eq!(connect_bare(&h, "127.0.0.6", echo).await.1, 407);
    assert_eq!(
        socks_bare("127.0.0.6", h.socks, echo).await.err(),
        Some(("method", 0xff))
    );
}

async fn a_range_admits_its_addresses_and_removal_takes_effect(backend: Backend) {
    let Some(h) = node(backend, false).await else {
        return;
    };
    let echo = echo_server().await;
    let id = allow(&h, h.user_id, "127.0.9.0/24", ProxyKind::Premium, None);
    until_bare_connect_answers(&h, "127.0.9.200", echo, 200).await;
    assert_eq!(connect_bare(&h, "127.0.9.1", echo).await.1, 200);
    assert_eq!(connect_bare(&h, "127.0.10.1", echo).await.1, 407);
    remove(&h, h.user_id, id);
    until_bare_connect_answers(&h, "127.0.9.200", echo, 407).await;
    assert_eq!(
        socks_bare("127.0.9.1", h.socks, echo).await.err(),
        Some(("method", 0xff))
    );
}

async fn credentials_win_over_the_source(backend: Backend) {
    let Some(h) = node(backend, false).await else {
        return;
    };
    let echo = echo_server().await;
    let bob = h.add_user("bob1", "bobpass1", 1_000_000_000);
    allow(&h, h.user_id, "127.0.0.7", ProxyKind::Premium, None);
    until_bare_connect_answers(&h, "127.0.0.7", echo, 200).await;
    let alice_before = h.wait_for_used(0).await.1;

    // Bob's credentials from Alice's address: metered to Bob.
    let stream = connect_from("127.0.0.7", h.http).await;
    let (mut tunnel, code, _) =
        http_connect_on(stream, &echo.to_string(), Some(("bob1", "bobpass1"))).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 10_000).await;
    drop(tunnel);
    let stream = connect_from("127.0.0.7", h.socks).await;
    let mut socks = socks_connect_on(stream, "bob1", "bobpass1", Dest::Ip(echo))
        .await
        .unwrap();
    echo_through(&mut socks, 5_000).await;
    drop(socks);
    let bob_used = || {
        let mut conn = h.db.pool.get().unwrap();
        persistence::traffic::balance(&mut conn, bob, ProxyKind::Premium)
            .unwrap()
            .1
    };
    for _ in 0..500 {
        h.handle.flush_now().await.unwrap();
        if bob_used() >= 30_000 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(bob_used(), 30_000);
    assert_eq!(
        h.usage().1,
        alice_before,
        "nothing metered to the allowlisted owner"
    );

    // A wrong password from an allowlisted address is refused, not let in by the address.
    let stream = connect_from("127.0.0.7", h.http).await;
    let (_, code, _) = http_connect_on(stream, &echo.to_string(), Some(("bob1", "wrong"))).await;
    assert_eq!(code, 407);
}

async fn an_ipv6_address_is_matched(backend: Backend) {
    if tokio::net::TcpListener::bind("[::1]:0").await.is_err() {
        eprintln!("no IPv6 loopback here: the IPv6 variant not run");
        return;
    }
    let Some(h) = node(backend, true).await else {
        return;
    };
    let echo = echo_server().await;
    assert_eq!(connect_bare(&h, "::1", echo).await.1, 407);
    allow(&h, h.user_id, "::1", ProxyKind::Premium, None);
    until_bare_connect_answers(&h, "::1", echo, 200).await;
    let before = h.wait_for_used(0).await.1;
    let mut socks = socks_bare("::1", h.socks, echo).await.unwrap();
    echo_through(&mut socks, 20_000).await;
    drop(socks);
    assert_eq!(h.wait_for_used(before + 40_000).await.1, before + 40_000);
}

async fn a_piece_entry_meters_to_its_piece(backend: Backend) {
    let Some(h) = node(backend, false).await else {
        return;
    };
    let echo = echo_server().await;
    let piece = h.insert_piece(
        ProxyKind::Ipv4,
        "pcallowed00001",
        "pw",
        persistence::now() + 3600,
    );
    allow(&h, h.user_id, "127.0.0.8", ProxyKind::Ipv4, Some(piece));
    until_bare_connect_answers(&h, "127.0.0.8", echo, 200).await;
    let before = h.wait_for_daily(ProxyKind::Ipv4, 0).await;
    let (mut tunnel, code) = connect_bare(&h, "127.0.0.8", echo).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 12_345).await;
    drop(tunnel);
    let expected = before + 2 * 12_345;
    assert_eq!(h.wait_for_daily(ProxyKind::Ipv4, expected).await, expected);
    // The premium balance is untouched.
    assert_eq!(h.usage().1, 0);
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    an_allowlisted_address_is_metered_without_credentials,
    a_range_admits_its_addresses_and_removal_takes_effect,
    credentials_win_over_the_source,
    an_ipv6_address_is_matched,
    a_piece_entry_meters_to_its_piece,
);
