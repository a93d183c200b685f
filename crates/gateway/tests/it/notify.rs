//! On PostgreSQL the change events reach a node through LISTEN/NOTIFY: a node that would read
//! them only hourly still cuts and refuses a disabled customer within two seconds of the
//! commit, also after its listener's connection was killed (it reconnects). A node whose
//! listener cannot connect still reads them by polling.

use crate::common::*;
use diesel::prelude::*;
use gateway::{GatewayConfig, ListenUrl};
use persistence::admin_access::{self, Outcome};
use persistence::{Backend, DbConnection, write_transaction};
use std::time::{Duration, Instant};

/// The listener's connections to this test's database (by the name it gives itself) that have
/// run their LISTEN.
fn listeners(h: &Harness) -> Vec<i32> {
    let mut conn = h.db.pool.get().unwrap();
    let DbConnection::Postgres(pg) = &mut *conn else {
        panic!("PostgreSQL only");
    };
    diesel::select(diesel::dsl::sql::<
        diesel::sql_types::Array<diesel::sql_types::Integer>,
    >(
        "coalesce(array_agg(pid), '{}') FROM pg_stat_activity \
         WHERE datname = current_database() AND application_name = 'proxyshop-gateway-events' \
         AND query LIKE 'LISTEN %'",
    ))
    .get_result(pg)
    .unwrap()
}

/// Waits until `count` listeners are up, other than those in `gone`.
async fn wait_for_listeners(h: &Harness, count: usize, gone: &[i32]) -> Vec<i32> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let up: Vec<i32> = listeners(h)
            .into_iter()
            .filter(|pid| !gone.contains(pid))
            .collect();
        if up.len() == count {
            return up;
        }
        assert!(
            Instant::now() < deadline,
            "{} of {count} listeners up after 20 s",
            up.len()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn hourly(config: &mut GatewayConfig) {
    config.event_poll = Duration::from_secs(3600);
}

/// Disables the customer and measures how long until `node` has cut `tunnel` and refuses the
/// customer, asserting on a two-second deadline from the commit.
async fn disable_and_time_the_refusal(
    h: &Harness,
    node: &Node,
    tunnel: &mut tokio::net::TcpStream,
    echo: std::net::SocketAddr,
) -> Duration {
    let mut conn = h.db.pool.get().unwrap();
    let outcome = write_transaction(&mut conn, |c| admin_access::disable(c, h.user_id)).unwrap();
    let committed = Instant::now();
    assert_eq!(outcome, Outcome::Changed);
    let deadline = committed + Duration::from_secs(2);
    let closed = tokio::time::timeout_at(deadline.into(), read_to_close(tunnel)).await;
    assert!(
        closed.is_ok(),
        "the tunnel was still open two seconds after the disable"
    );
    loop {
        let (_, code, _) = http_connect(node.http, &echo.to_string(), Some((USER, PASSWORD))).await;
        if code == 403 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "still served two seconds after the disable"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let latency = committed.elapsed();
    eprintln!("cut and refused {latency:?} after the disable committed");
    latency
}

async fn open_tunnel(node: &Node, echo: std::net::SocketAddr) -> tokio::net::TcpStream {
    let (mut tunnel, code, _) =
        http_connect(node.http, &echo.to_string(), Some((USER, PASSWORD))).await;
    assert_eq!(code, 200);
    echo_through(&mut tunnel, 10_000).await;
    tunnel
}

async fn postgres_harness() -> Option<Harness> {
    Harness::start(Options {
        backend: Backend::Postgres,
        configure: Box::new(hourly),
        ..Options::default()
    })
    .await
}

// PostgreSQL only: LISTEN/NOTIFY is what it tests (SQLite nodes only poll).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_polling_hourly_obeys_a_disable_within_two_seconds_on_postgres() {
    let Some(h) = postgres_harness().await else {
        return;
    };
    let other = h.another_node(hourly).await;
    let echo = echo_server().await;
    let mut tunnel = open_tunnel(&other, echo).await;
    wait_for_listeners(&h, 2, &[]).await;
    disable_and_time_the_refusal(&h, &other, &mut tunnel, echo).await;
}

// PostgreSQL only: LISTEN/NOTIFY is what it tests (SQLite nodes only poll).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_listener_reconnects_and_is_obeyed_again_on_postgres() {
    let Some(h) = postgres_harness().await else {
        return;
    };
    let other = h.another_node(hourly).await;
    let echo = echo_server().await;
    let killed = wait_for_listeners(&h, 2, &[]).await;
    {
        let mut conn = h.db.pool.get().unwrap();
        let DbConnection::Postgres(pg) = &mut *conn else {
            panic!("PostgreSQL only");
        };
        for pid in &killed {
            diesel::select(diesel::dsl::sql::<diesel::sql_types::Bool>(&format!(
                "pg_terminate_backend({pid})"
            )))
            .get_result::<bool>(pg)
            .unwrap();
        }
    }
    // Both nodes connect again (after a pause) and LISTEN anew.
    wait_for_listeners(&h, 2, &killed).await;
    let mut tunnel = open_tunnel(&other, echo).await;
    disable_and_time_the_refusal(&h, &other, &mut tunnel, echo).await;
}

/// A listener that cannot connect (nothing listens on the port) leaves the node polling.
async fn a_node_without_its_listener_still_polls(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    let other = h
        .another_node(|config| {
            config.event_poll = Duration::from_millis(200);
            config.listen_url = ListenUrl::for_database("postgres://nobody@127.0.0.1:1/nowhere");
        })
        .await;
    let echo = echo_server().await;
    let mut tunnel = open_tunnel(&other, echo).await;
    disable_and_time_the_refusal(&h, &other, &mut tunnel, echo).await;
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_node_without_its_listener_still_polls,
);
