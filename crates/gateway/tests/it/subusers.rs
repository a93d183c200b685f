//! Sub-users at the gateway: their own password and username (`<user>-sub-<name>`), their own
//! cap and the parent's balance (whichever runs out first cuts their connections, and the
//! bytes count once), their connections cut at once when disabled or deleted, and the
//! concurrent-connection caps of the main credential and of each sub-user.

use crate::common::*;
use domain::ProxyKind;
use persistence::subusers::{self, Changes, NewSubuser};
use persistence::{Backend, write_transaction};
use std::net::SocketAddr;

const SUB_PASSWORD: &str = "subpass1";

/// Adds a sub-user of the harness's customer; returns its id.
fn add_subuser(
    h: &Harness,
    name: &str,
    kind: ProxyKind,
    limit_bytes: Option<i64>,
    max_connections: Option<i32>,
) -> i64 {
    let mut conn = h.db.pool.get().unwrap();
    let new = NewSubuser {
        user_id: h.user_id,
        name: name.into(),
        kind,
        password: SUB_PASSWORD.into(),
        limit_bytes,
        max_connections,
    };
    write_transaction(&mut conn, |c| subusers::insert(c, &new, 50))
        .unwrap()
        .unwrap()
}

fn change_subuser(h: &Harness, id: i64, changes: &Changes) {
    let mut conn = h.db.pool.get().unwrap();
    assert!(write_transaction(&mut conn, |c| subusers::update(c, h.user_id, id, changes)).unwrap());
}

/// The sub-user's (used, leased) bytes.
fn subuser_usage(h: &Harness, id: i64) -> (i64, i64) {
    let mut conn = h.db.pool.get().unwrap();
    let row = subusers::get(&mut conn, h.user_id, id).unwrap().unwrap();
    (row.used_bytes, row.leased_bytes)
}

fn sub(name: &str, kind: &str) -> String {
    format!("{USER}-sub-{name}-type-{kind}")
}

/// The credential is at its connection cap: 429 over HTTP.
async fn assert_busy(h: &Harness, user: &str, pass: &str, dest: SocketAddr) {
    let (_, code, head) = http_connect(h.http, &dest.to_string(), Some((user, pass))).await;
    assert_eq!(code, 429, "{user}: {head}");
}

async fn tunnel(h: &Harness, user: &str, pass: &str, dest: SocketAddr) -> tokio::net::TcpStream {
    let (stream, code, head) = http_connect(h.http, &dest.to_string(), Some((user, pass))).await;
    assert_eq!(code, 200, "{user}: {head}");
    stream
}

async fn a_subusers_cap_cuts_it_and_its_bytes_count_once(backend: Backend) {
    let Some(h) = Harness::start(Options {
        backend,
        purchased: 10_000_000,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let cap = 1_000_000;
    let id = add_subuser(&h, "scraper1", ProxyKind::Premium, Some(cap), None);
    let echo = echo_server().await;
    let endless = endless_server().await;
    let user = sub("scraper1", "premium");
    let mut idle = tunnel(&h, &user, SUB_PASSWORD, echo).await;
    let mut flood = socks_connect(h.socks, &user, SUB_PASSWORD, Dest::Ip(endless))
        .await
        .unwrap();
    // The relay never moves more than the cap leaves: exactly the cap, then every one of the
    // sub-user's connections is cut.
    assert_eq!(read_to_close(&mut flood).await as i64, cap);
    assert_eq!(
        read_to_close(&mut idle).await,
        0,
        "the idle tunnel was cut too"
    );
    // Its own cap is what refuses it, not the account (which still has traffic): the 403 says
    // so, apart from "no traffic left".
    h.assert_denied(&user, SUB_PASSWORD, echo, "sub-user traffic cap reached")
        .await;
    // Counted once: the parent's balance lost what the sub-user moved, and the sub-user's own
    // count says the same.
    let (purchased, used, daily) = h.wait_for_used(cap).await;
    assert_eq!((purchased, used, daily), (10_000_000, cap, cap));
    h.handle.flush_now().await.unwrap();
    assert_eq!(subuser_usage(&h, id), (cap, 0));
    // The parent's own credential still has the rest.
    let mut main = tunnel(&h, USER, PASSWORD, echo).await;
    echo_through(&mut main, 1_000).await;
    drop(main);
    // Raising the cap lets the sub-user in again (the change event reaches the node).
    change_subuser(
        &h,
        id,
        &Changes {
            limit_bytes: Some(Some(2 * cap)),
            ..Changes::default()
        },
    );
    h.handle.flush_now().await.unwrap();
    let mut again = tunnel(&h, &user, SUB_PASSWORD, echo).await;
    echo_through(&mut again, 1_000).await;
}

async fn the_parents_balance_bounds_a_subuser_below_its_cap(backend: Backend) {
    let purchased = 1_000_000;
    let h = Harness::start(Options {
        backend,
        purchased,
        ..Options::default()
    })
    .await
    .unwrap();
    let id = add_subuser(&h, "big", ProxyKind::Premium, Some(50_000_000), None);
    let endless = endless_server().await;
    let echo = echo_server().await;
    let user = sub("big", "premium");
    let mut flood = socks_connect(h.socks, &user, SUB_PASSWORD, Dest::Ip(endless))
        .await
        .unwrap();
    assert_eq!(read_to_close(&mut flood).await as i64, purchased);
    assert_eq!(h.wait_for_used(purchased).await.1, purchased);
    h.handle.flush_now().await.unwrap();
    assert_eq!(subuser_usage(&h, id), (purchased, 0));
    // Nothing left for anyone: neither the sub-user nor the main credential.
    h.assert_denied(&user, SUB_PASSWORD, echo, "no traffic left")
        .await;
    h.assert_denied(USER, PASSWORD, echo, "no traffic left")
        .await;
    assert_eq!(h.leased(), 0);
}

async fn disabling_or_deleting_a_subuser_cuts_its_connections_at_once(backend: Backend) {
    let Some(h) = Harness::on(backend).await else {
        return;
    };
    let echo = echo_server().await;
    let first = add_subuser(&h, "first", ProxyKind::Premium, None, None);
    let second = add_subuser(&h, "second", ProxyKind::Premium, None, None);
    let mut a = tunnel(&h, &sub("first", "premium"), SUB_PASSWORD, echo).await;
    let mut b = tunnel(&h, &sub("second", "premium"), SUB_PASSWORD, echo).await;
    let mut main = tunnel(&h, USER, PASSWORD, echo).await;
    for stream in [&mut a, &mut b, &mut main] {
        echo_through(stream, 1_000).await;
    }
    // No flush by hand: the change event alone reaches the node (its flush interval is an
    // hour) and cuts the live connections.
    change_subuser(
        &h,
        first,
        &Changes {
            enabled: Some(false),
            ..Changes::default()
        },
    );
    assert_eq!(read_to_close(&mut a).await, 0, "disabled: cut");
    {
        let mut conn = h.db.pool.get().unwrap();
        assert!(write_transaction(&mut conn, |c| subusers::delete(c, h.user_id, second)).unwrap());
    }
    assert_eq!(read_to_close(&mut b).await, 0, "deleted: cut");
    h.assert_denied(&sub("first", "premium"), SUB_PASSWORD, echo, "disabled")
        .await;
    h.assert_refused(&sub("second", "premium"), SUB_PASSWORD, echo)
        .await;
    // The main credential was not touched, and every byte is counted once.
    echo_through(&mut main, 1_000).await;
    drop(main);
    assert_eq!(h.wait_for_used(8_000).await.1, 8_000);
    assert_eq!(subuser_usage(&h, first), (2_000, 0));
}

async fn only_the_subusers_own_password_and_kind_let_it_in(backend: Backend) {
    let h = Harness::start(Options {
        backend,
        configure: Box::new(|c| c.auth_failures_per_source = 100),
        ..Options::default()
    })
    .await
    .unwrap();
    let echo = echo_server().await;
    add_subuser(&h, "budget1", ProxyKind::Budget, None, None);
    {
        let mut conn = h.db.pool.get().unwrap();
        write_transaction(&mut conn, |c| {
            persistence::traffic::add_purchased(c, h.user_id, ProxyKind::Budget, 1_000_000, None)
        })
        .unwrap();
    }
    let user = sub("budget1", "budget");
    h.assert_refused(&user, PASSWORD, echo).await;
    h.assert_refused(&sub("budget1", "premium"), SUB_PASSWORD, echo)
        .await;
    h.assert_refused(&format!("{USER}-sub-budget1"), SUB_PASSWORD, echo)
        .await;
    h.assert_refused(&sub("nobody", "budget"), SUB_PASSWORD, echo)
        .await;
    h.assert_refused("bob1-sub-budget1-type-budget", SUB_PASSWORD, echo)
        .await;
    let mut ok = tunnel(&h, &user, SUB_PASSWORD, echo).await;
    echo_through(&mut ok, 500).await;
    drop(ok);
    // Metered to the parent's budget balance, and recorded as the sub-user's.
    assert_eq!(h.wait_for_daily(ProxyKind::Budget, 1_000).await, 1_000);
    // The record is filed when the relay ends, which may be after the flush that counted it.
    let filter = persistence::connection_records::RecordFilter::of(h.user_id);
    let mut rows = Vec::new();
    for _ in 0..500 {
        h.handle.flush_now().await.unwrap();
        let mut conn = h.db.pool.get().unwrap();
        rows = persistence::connection_records::page(&mut conn, &filter, 100, 0)
            .unwrap()
            .0;
        if rows.iter().any(|r| r.row.bytes_up > 0) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let ok: Vec<_> = rows
        .iter()
        .map(|r| &r.row)
        .filter(|r| r.bytes_up > 0)
        .collect();
    assert_eq!(ok.len(), 1, "{rows:?}");
    assert_eq!(
        ok[0].credential_kind,
        domain::usage::CredentialKind::Subuser
    );
    assert_eq!(ok[0].credential_label, "budget1");
    assert_eq!(ok[0].bytes_up + ok[0].bytes_down, 1_000);
}

async fn each_credential_has_its_own_connection_cap_inside_the_customers(backend: Backend) {
    let Some(h) = Harness::start(Options {
        backend,
        max_connections_per_user: 4,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let echo = echo_server().await;
    add_subuser(&h, "one", ProxyKind::Premium, None, Some(1));
    {
        let mut conn = h.db.pool.get().unwrap();
        write_transaction(&mut conn, |c| {
            subusers::set_main_max_connections(c, h.user_id, Some(2))
        })
        .unwrap();
    }
    h.handle.flush_now().await.unwrap();
    let user = sub("one", "premium");
    let s1 = tunnel(&h, &user, SUB_PASSWORD, echo).await;
    assert_busy(&h, &user, SUB_PASSWORD, echo).await;
    let m1 = tunnel(&h, USER, PASSWORD, echo).await;
    let m2 = tunnel(&h, USER, PASSWORD, echo).await;
    assert_busy(&h, USER, PASSWORD, echo).await;
    // A closed connection gives its slot back.
    drop(s1);
    let mut s2 = None;
    for _ in 0..200 {
        let (stream, code, _) =
            http_connect(h.http, &echo.to_string(), Some((&user, SUB_PASSWORD))).await;
        if code == 200 {
            s2 = Some(stream);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert!(s2.is_some(), "the sub-user's slot came back");
    // The customer's limit (4) stays the outer bound: an allowlist-free, cap-free credential
    // of the same customer — a second sub-user — gets the one slot left.
    add_subuser(&h, "two", ProxyKind::Premium, None, None);
    let t1 = tunnel(&h, &sub("two", "premium"), SUB_PASSWORD, echo).await;
    assert_busy(&h, &sub("two", "premium"), SUB_PASSWORD, echo).await;
    drop((m1, m2, t1, s2));
}

/// The main credential took the whole (small) balance into its lease on this node and stays
/// connected: a sub-user with nothing to lease is handed those bytes, down to the last one.
async fn a_credential_with_nothing_left_is_handed_what_another_holds_here(backend: Backend) {
    let purchased = 2_000_000;
    let h = Harness::start(Options {
        backend,
        purchased,
        ..Options::default()
    })
    .await
    .unwrap();
    let echo = echo_server().await;
    let endless = endless_server().await;
    let mut main = tunnel(&h, USER, PASSWORD, echo).await;
    echo_through(&mut main, 1_000).await;
    assert_eq!(h.leased(), purchased, "the main credential holds it all");
    add_subuser(&h, "late", ProxyKind::Premium, None, None);
    let mut flood = socks_connect(
        h.socks,
        &sub("late", "premium"),
        SUB_PASSWORD,
        Dest::Ip(endless),
    )
    .await
    .unwrap();
    assert_eq!(read_to_close(&mut flood).await as i64, purchased - 2_000);
    drop(main);
    assert_eq!(h.wait_for_used(purchased).await.1, purchased);
    assert_eq!(h.leased(), 0);
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_subusers_cap_cuts_it_and_its_bytes_count_once,
    the_parents_balance_bounds_a_subuser_below_its_cap,
    disabling_or_deleting_a_subuser_cuts_its_connections_at_once,
    only_the_subusers_own_password_and_kind_let_it_in,
    each_credential_has_its_own_connection_cap_inside_the_customers,
    a_credential_with_nothing_left_is_handed_what_another_holds_here,
);
