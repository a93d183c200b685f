//! Plain HTTP requests through an HTTP upstream pool (`http.rs`, `chain.rs`), on both backends:
//! the request goes to the pool in absolute form with the credentials its templates render,
//! the origin gets it in origin form without a `Proxy-*` header, and the customer is charged
//! what the direct path charges. A pool that rejects our credentials (407) or reports its own
//! error in `Proxy-Status` is passed over for the next pool when the request has no body,
//! costing the customer nothing; an error the pool blames on the destination is answered with
//! the shop's own `Proxy-Status`, never the provider's page. A pool whose own failures on live
//! traffic run to `LIVE_DOWN_AFTER` is marked down until a probe succeeds.

use crate::common::*;
use domain::upstream_pool::PoolProtocol;
use persistence::Backend;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const IPROYAL: (&str, &str) = (
    "{username}",
    "{password}[_country-{country}][_session-{session}]",
);

async fn harness(backend: Backend) -> Option<Harness> {
    Harness::start(Options {
        backend,
        configure: Box::new(|c| {
            c.pool_refresh = Duration::ZERO;
            c.upstream_timeout = Duration::from_secs(2);
        }),
        ..Options::default()
    })
    .await
}

/// Sends one plain GET for `http://{target}/x` as `user` and reads the whole answer.
async fn get(h: &Harness, target: &str, user: &str) -> String {
    let request = format!(
        "GET http://{target}/x HTTP/1.1\r\nHost: {target}\r\nProxy-Authorization: {}\r\n\r\n",
        basic(user, PASSWORD)
    );
    send(h, &request).await
}

async fn a_plain_request_goes_to_an_http_pool_in_absolute_form(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let pool = TestUpstream::http(Behaviour::Tunnel).await;
    h.add_pool("p", PoolProtocol::Http, pool.addr, IPROYAL, 1, "");
    let (target, received) = one_shot_origin().await;
    let user = format!("{USER}-type-premium-country-us");
    let response = get(&h, &target.to_string(), &user).await;
    assert_eq!(response.as_bytes(), ORIGIN_RESPONSE);
    let head = received.await.unwrap();
    assert!(
        head.starts_with("GET /x HTTP/1.1\r\n"),
        "origin form: {head}"
    );
    assert!(!head.to_ascii_lowercase().contains("proxy-"), "{head}");
    let seen = pool.seen();
    assert_eq!(
        (seen[0].target.as_str(), seen[0].password.as_str()),
        (format!("http://{target}/x").as_str(), "shoppass_country-us"),
        "absolute form, with the rendered credentials"
    );
    // What the direct path charges: the head as the origin got it, and the response.
    let expected = (head.len() + ORIGIN_RESPONSE.len()) as i64;
    assert_eq!(h.wait_for_used(expected).await.1, expected);
}

async fn a_pool_refusing_a_plain_request_is_passed_over_at_no_charge(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let rejecting = TestUpstream::http(Behaviour::RejectCredentials).await;
    let failing = TestUpstream::http(Behaviour::ProxyStatus("proxy_internal_error")).await;
    let good = TestUpstream::http(Behaviour::Tunnel).await;
    let ids = [
        h.add_pool(
            "rejecting",
            PoolProtocol::Http,
            rejecting.addr,
            IPROYAL,
            1,
            "",
        ),
        h.add_pool("failing", PoolProtocol::Http, failing.addr, IPROYAL, 1, ""),
        h.add_pool("good", PoolProtocol::Http, good.addr, IPROYAL, 1, ""),
    ];
    let weights: Vec<(i64, u32)> = ids.iter().map(|id| (*id, 1)).collect();
    // A session whose order starts with a failing pool and ends with the good one.
    let session = (0..10_000)
        .map(|n| format!("s{n}"))
        .find(|s| {
            let order = domain::upstream_pool::rendezvous_order(s, &weights, 3);
            weights[order[2]].0 == ids[2]
        })
        .unwrap();
    let (target, received) = one_shot_origin().await;
    let user = format!("{USER}-type-premium-session-{session}");
    let response = get(&h, &target.to_string(), &user).await;
    assert_eq!(
        response.as_bytes(),
        ORIGIN_RESPONSE,
        "the third pool served it"
    );
    assert_eq!(
        (
            rejecting.seen().len(),
            failing.seen().len(),
            good.seen().len()
        ),
        (1, 1, 1)
    );
    let head = received.await.unwrap();
    let expected = (head.len() + ORIGIN_RESPONSE.len()) as i64;
    assert_eq!(
        h.wait_for_used(expected).await.1,
        expected,
        "the refused attempts cost nothing"
    );
}

async fn an_error_the_pool_blames_on_the_destination_is_the_shops_own_answer(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let blaming = TestUpstream::http(Behaviour::ProxyStatus("dns_error")).await;
    let other = TestUpstream::http(Behaviour::Tunnel).await;
    let blaming_id = h.add_pool("blaming", PoolProtocol::Http, blaming.addr, IPROYAL, 1, "");
    let other_id = h.add_pool("other", PoolProtocol::Http, other.addr, IPROYAL, 1, "");
    let session = session_first_on(&[(blaming_id, 1), (other_id, 1)], blaming_id);
    let user = format!("{USER}-type-premium-session-{session}");
    let response = get(&h, "nowhere.invalid:80", &user).await;
    assert!(
        response.starts_with("HTTP/1.1 502 Bad Gateway\r\n"),
        "{response}"
    );
    assert!(
        response.contains("Proxy-Status: proxyshop; error=connection_refused"),
        "{response}"
    );
    assert!(
        !response.contains("TestProvider"),
        "no provider's page: {response}"
    );
    assert!(
        other.seen().is_empty(),
        "the destination's failure is not retried"
    );
    h.handle.flush_now().await.unwrap();
    assert_eq!(
        h.usage().1,
        0,
        "nothing reached the customer, nothing charged"
    );
}

async fn a_run_of_live_failures_marks_a_pool_down(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let rejecting = TestUpstream::http(Behaviour::RejectCredentials).await;
    let id = h.add_pool(
        "rejecting",
        PoolProtocol::Http,
        rejecting.addr,
        IPROYAL,
        1,
        "",
    );
    let echo = echo_server().await.to_string();
    let user = format!("{USER}-type-premium");
    for n in 0..5 {
        assert!(h.with_pool(id, |p| p.up), "up before failure {n}");
        let (_, code, _) = http_connect(h.http, &echo, Some((&user, PASSWORD))).await;
        assert_eq!(code, 502);
    }
    assert!(!h.with_pool(id, |p| p.up), "down after five in a row");
    assert!(
        h.with_pool(id, |p| p.last_error.clone())
            .is_some_and(|e| e.contains("5 connections in a row failed")),
    );
    let (_, code, _) = http_connect(h.http, &echo, Some((&user, PASSWORD))).await;
    assert_eq!(code, 502);
    assert_eq!(rejecting.seen().len(), 5, "a down pool gets no connection");
    // One successful probe brings it back, as after failed probes.
    {
        let mut conn = h.db.pool.get().unwrap();
        persistence::upstream_pools::record_probe(&mut conn, id, None, 3).unwrap();
    }
    rejecting.set(Behaviour::Tunnel);
    let (mut s, code, _) = http_connect(h.http, &echo, Some((&user, PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut s, 1).await;
}

/// Sends `request` as is and reads the whole answer.
async fn send(h: &Harness, request: &str) -> String {
    let mut client = TcpStream::connect(h.http).await.unwrap();
    client.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    client.read_to_end(&mut response).await.unwrap();
    String::from_utf8(response).unwrap()
}

async fn a_request_every_pool_fails_is_recorded_as_not_charged(backend: Backend) {
    let Some(h) = harness(backend).await else {
        return;
    };
    let rejecting = TestUpstream::http(Behaviour::RejectCredentials).await;
    h.add_pool(
        "rejecting",
        PoolProtocol::Http,
        rejecting.addr,
        IPROYAL,
        1,
        "",
    );
    let (target, _received) = one_shot_origin().await;
    let user = format!("{USER}-type-premium");
    let auth = basic(&user, PASSWORD);
    assert!(
        get(&h, &target.to_string(), &user)
            .await
            .starts_with("HTTP/1.1 502 ")
    );
    // A body goes up beside the head: once the pool refuses, it has crossed, and is charged.
    let post = format!(
        "POST http://{target}/x HTTP/1.1\r\nHost: {target}\r\nProxy-Authorization: {auth}\r\n\
         Content-Length: 5\r\n\r\nhello"
    );
    assert!(send(&h, &post).await.starts_with("HTTP/1.1 502 "));
    assert_eq!(h.wait_for_used(5).await.1, 5, "only the uploaded body");
    let mut conn = h.db.pool.get().unwrap();
    let filter = persistence::connection_records::RecordFilter::of(h.user_id);
    let (rows, _) = persistence::connection_records::page(&mut conn, &filter, 100, 0).unwrap();
    let mut seen: Vec<(Option<&str>, i64, bool)> = rows
        .iter()
        .map(|r| {
            let reason = r.row.reason.as_deref();
            let charged = domain::usage::charged(r.row.outcome, reason);
            (reason, r.row.bytes_up + r.row.bytes_down, charged)
        })
        .collect();
    seen.sort();
    assert_eq!(
        seen,
        [
            (Some("pool_failed_after_upload"), 5, true),
            (Some("pools_failed"), 0, false),
        ]
    );
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_plain_request_goes_to_an_http_pool_in_absolute_form,
    a_pool_refusing_a_plain_request_is_passed_over_at_no_charge,
    a_request_every_pool_fails_is_recorded_as_not_charged,
    an_error_the_pool_blames_on_the_destination_is_the_shops_own_answer,
    a_run_of_live_failures_marks_a_pool_down,
);
