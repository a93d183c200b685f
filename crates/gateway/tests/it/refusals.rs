//! The gateway is never an open proxy: credentials are required and checked, exhausted
//! traffic is refused, internal destinations are refused, and per-user connections are capped.

use crate::common::*;
use persistence::Backend;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The 403 of a refused internal destination: its RFC 9209 reason, apart from the customer's
/// refusals (`http_request_denied`), and the same words as the body.
const ADDRESS_PROHIBITED: &str = "Proxy-Status: proxyshop; error=destination_ip_prohibited; details=\"destination address not allowed\"";
/// The 403 of a refused destination port.
const PORT_REFUSED: &str =
    "Proxy-Status: proxyshop; error=http_request_denied; details=\"destination port not allowed\"";

/// Asserts a 403 whose head carries `proxy_status` and whose body is its details.
async fn assert_forbidden(stream: &mut TcpStream, code: u16, head: &str, proxy_status: &str) {
    assert_eq!(code, 403, "{head}");
    assert!(head.contains(proxy_status), "{head}");
    let details = proxy_status
        .split("details=")
        .nth(1)
        .unwrap()
        .trim_matches('"');
    let mut body = String::new();
    stream.read_to_string(&mut body).await.unwrap();
    assert_eq!(body, details);
}

/// Sends a plain GET for `http://{target}/` with the customer's credential; returns the stream
/// (at the body), the status code and the head.
async fn plain_get(proxy: std::net::SocketAddr, target: &str) -> (TcpStream, u16, String) {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    let request = format!(
        "GET http://{target}/ HTTP/1.1\r\nProxy-Authorization: {}\r\n\r\n",
        basic(USER, PASSWORD)
    );
    s.write_all(request.as_bytes()).await.unwrap();
    let head = read_head(&mut s).await;
    let code = head.split(' ').nth(1).unwrap_or("0").parse().unwrap_or(0);
    (s, code, head)
}

async fn http_without_good_credentials_gets_407(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    let echo = echo_server().await.to_string();
    let (_, code, head) = http_connect(h.http, &echo, None).await;
    assert_eq!(code, 407);
    assert!(head.contains("Proxy-Authenticate: Basic"), "{head}");
    for (user, pass) in [
        (USER, "wrong"),
        ("nobody", PASSWORD),
        (&format!("{USER}-type-nonsense") as &str, PASSWORD),
        ("", ""),
    ] {
        let (_, code, head) = http_connect(h.http, &echo, Some((user, pass))).await;
        assert_eq!(code, 407, "{user}:{pass}");
        assert!(head.contains("Proxy-Authenticate: Basic"));
    }
    // A plain request without credentials too.
    let mut s = TcpStream::connect(h.http).await.unwrap();
    s.write_all(format!("GET http://{echo}/ HTTP/1.1\r\nHost: {echo}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    assert!(read_head(&mut s).await.starts_with("HTTP/1.1 407 "));
    assert_eq!(h.usage().1, 0);
}

async fn socks_without_good_credentials_is_refused(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    let echo = echo_server().await;
    let refused = socks_connect(h.socks, USER, "wrong", Dest::Ip(echo))
        .await
        .err();
    assert_eq!(refused, Some(("auth", 1)));
    let refused = socks_connect(h.socks, "nobody", PASSWORD, Dest::Ip(echo))
        .await
        .err();
    assert_eq!(refused, Some(("auth", 1)));
    // "No authentication" is never accepted.
    let mut s = TcpStream::connect(h.socks).await.unwrap();
    s.write_all(&[5, 1, 0]).await.unwrap();
    let mut reply = [0u8; 2];
    s.read_exact(&mut reply).await.unwrap();
    assert_eq!(reply, [5, 0xff]);
}

async fn a_disabled_account_is_refused(backend: Backend) {
    use diesel::prelude::*;
    use persistence::schema::users;
    let h = Harness::on(backend).await.unwrap();
    let mut conn = h.db.pool.get().unwrap();
    diesel::update(users::table.find(h.user_id))
        .set(users::disabled.eq(true))
        .execute(&mut conn)
        .unwrap();
    let echo = echo_server().await;
    h.assert_denied(USER, PASSWORD, echo, "disabled").await;
}

async fn no_traffic_left_is_refused(backend: Backend) {
    let h = Harness::start(Options {
        backend,
        purchased: 0,
        ..Options::default()
    })
    .await
    .unwrap();
    let echo = echo_server().await;
    h.assert_denied(USER, PASSWORD, echo, "no traffic left")
        .await;
    // Budget was never bought at all.
    let (_, code, _) = http_connect(
        h.http,
        &echo.to_string(),
        Some((&format!("{USER}-type-budget"), PASSWORD)),
    )
    .await;
    assert_eq!(code, 403);
}

async fn traffic_kinds_are_refused_when_a_provider_carries_them(backend: Backend) {
    let h = Harness::start(Options {
        backend,
        serve_traffic: false,
        ..Options::default()
    })
    .await
    .unwrap();
    let echo = echo_server().await;
    h.assert_refused(USER, PASSWORD, echo).await;
}

async fn internal_destinations_are_refused(backend: Backend) {
    let h = Harness::start(Options {
        backend,
        allow_private: false,
        ..Options::default()
    })
    .await
    .unwrap();
    let echo = echo_server().await;
    let port = echo.port();
    for target in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
        format!("[::ffff:127.0.0.1]:{port}"),
        "10.1.2.3:80".into(),
        "169.254.169.254:80".into(),
        "192.168.0.1:443".into(),
        "0.0.0.0:80".into(),
    ] {
        let (mut s, code, head) = http_connect(h.http, &target, Some((USER, PASSWORD))).await;
        assert_forbidden(&mut s, code, &head, ADDRESS_PROHIBITED).await;
    }
    let (mut s, code, head) = plain_get(h.http, &format!("127.0.0.1:{port}")).await;
    assert_forbidden(&mut s, code, &head, ADDRESS_PROHIBITED).await;
    for dest in [
        Dest::Ip(echo),
        Dest::Domain("localhost", port),
        Dest::Ip(format!("[::1]:{port}").parse().unwrap()),
        Dest::Ip("10.0.0.1:80".parse().unwrap()),
        Dest::Ip("169.254.1.1:80".parse().unwrap()),
    ] {
        assert_eq!(
            socks_connect(h.socks, USER, PASSWORD, dest).await.err(),
            Some(("connect", 2))
        );
    }
    assert_eq!(h.usage().1, 0);
}

async fn an_unreachable_destination_gets_502(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    // A port that was just free: nothing listens there.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let (_, code, _) = http_connect(h.http, &closed.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 502);
    let refused = socks_connect(h.socks, USER, PASSWORD, Dest::Ip(closed))
        .await
        .err();
    assert_eq!(refused, Some(("connect", 5)));
}

async fn connections_per_user_are_capped(backend: Backend) {
    let h = Harness::start(Options {
        backend,
        max_connections_per_user: 2,
        ..Options::default()
    })
    .await
    .unwrap();
    let echo = echo_server().await.to_string();
    let (mut a, code_a, _) = http_connect(h.http, &echo, Some((USER, PASSWORD))).await;
    let (_b, code_b, _) = http_connect(h.http, &echo, Some((USER, PASSWORD))).await;
    let (_, code_c, _) = http_connect(h.http, &echo, Some((USER, PASSWORD))).await;
    assert_eq!((code_a, code_b, code_c), (200, 200, 429));
    // Closing one frees its slot (the gateway notices the close asynchronously).
    a.shutdown().await.unwrap();
    assert_eq!(read_to_close(&mut a).await, 0);
    drop(a);
    let mut code = 0;
    for _ in 0..500 {
        code = http_connect(h.http, &echo, Some((USER, PASSWORD))).await.1;
        if code == 200 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(code, 200);
}

async fn mail_port_25_is_refused_by_default(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    // Nothing need listen there: the port is refused before any connection attempt.
    let (mut s, code, head) = http_connect(h.http, "127.0.0.1:25", Some((USER, PASSWORD))).await;
    assert_forbidden(&mut s, code, &head, PORT_REFUSED).await;
    let refused = socks_connect(h.socks, USER, PASSWORD, Dest::Domain("localhost", 25)).await;
    assert_eq!(refused.err(), Some(("connect", 2)));
}

async fn configured_ports_are_refused(backend: Backend) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let dest = listener.local_addr().unwrap();
    let h = Harness::start(Options {
        backend,
        configure: Box::new(move |c| c.refused_ports = vec![dest.port()]),
        ..Options::default()
    })
    .await
    .unwrap();
    let (mut s, code, head) = http_connect(h.http, &dest.to_string(), Some((USER, PASSWORD))).await;
    assert_forbidden(&mut s, code, &head, PORT_REFUSED).await;
    let (mut s, code, head) = plain_get(h.http, &dest.to_string()).await;
    assert_forbidden(&mut s, code, &head, PORT_REFUSED).await;
    let refused = socks_connect(h.socks, USER, PASSWORD, Dest::Ip(dest)).await;
    assert_eq!(refused.err(), Some(("connect", 2)));
    // The destination was never contacted.
    drop(h);
    let accepted = tokio::time::timeout(std::time::Duration::ZERO, listener.accept()).await;
    assert!(accepted.is_err(), "nothing connected to the refused port");
}

async fn the_socks_reply_does_not_reveal_the_gateway_address(backend: Backend) {
    let h = Harness::on(backend).await.unwrap();
    let echo = echo_server().await;
    let mut s = TcpStream::connect(h.socks).await.unwrap();
    let mut hello = vec![5, 1, 2, 1, USER.len() as u8];
    hello.extend_from_slice(USER.as_bytes());
    hello.push(PASSWORD.len() as u8);
    hello.extend_from_slice(PASSWORD.as_bytes());
    hello.extend_from_slice(&[5, 1, 0, 1, 127, 0, 0, 1]);
    hello.extend_from_slice(&echo.port().to_be_bytes());
    s.write_all(&hello).await.unwrap();
    let mut replies = [0u8; 2 + 2 + 10];
    s.read_exact(&mut replies).await.unwrap();
    assert_eq!(&replies[..4], &[5, 2, 1, 0], "method, then auth accepted");
    assert_eq!(
        replies[4..],
        [5, 0, 0, 1, 0, 0, 0, 0, 0, 0],
        "succeeded, bound 0.0.0.0:0"
    );
    echo_through(&mut s, 100).await;
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    http_without_good_credentials_gets_407,
    socks_without_good_credentials_is_refused,
    a_disabled_account_is_refused,
    no_traffic_left_is_refused,
    traffic_kinds_are_refused_when_a_provider_carries_them,
    internal_destinations_are_refused,
    an_unreachable_destination_gets_502,
    connections_per_user_are_capped,
    mail_port_25_is_refused_by_default,
    configured_ports_are_refused,
    the_socks_reply_does_not_reveal_the_gateway_address,
);
