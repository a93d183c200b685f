//! Blocked destinations: an operator's rule (a name with its subdomains, a CIDR range), a
//! category file and a customer's own list are refused before any connect, on both ports, on
//! every node once the change event is read; each refusal is a record with its reason; a
//! removed rule and a rewritten category file stop refusing; a name is refused for the blocked
//! ranges it resolves into (`localhost`). Names are under `.test`, which never resolves. Both
//! backends.

use crate::common::*;
use domain::usage::Outcome;
use persistence::{Backend, blocklist};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::AsyncReadExt;

const BY_SHOP: &str = "Proxy-Status: proxyshop; error=destination_denied; details=\"blocked by the shop's acceptable use policy\"";
const BY_CUSTOMER: &str =
    "Proxy-Status: proxyshop; error=destination_denied; details=\"blocked by your own blocklist\"";

/// CONNECT through `proxy` as `user`; the status and the head, with the body when refused.
async fn connect_as(proxy: SocketAddr, target: &str, user: (&str, &str)) -> (u16, String) {
    let (mut stream, code, mut head) = http_connect(proxy, target, Some(user)).await;
    if code == 403 {
        let mut body = String::new();
        let _ = stream.read_to_string(&mut body).await;
        head.push_str(&body);
    }
    (code, head)
}

/// Tries until `proxy` answers `target` with (or, `refused` false, without) the shop's 403;
/// the change events reach a node within about a second, bounded here at ten.
async fn until_refused(proxy: SocketAddr, target: &str, refused: bool) -> (u16, String) {
    let mut last = (0, String::new());
    for _ in 0..200 {
        last = connect_as(proxy, target, (USER, PASSWORD)).await;
        if last.1.contains(BY_SHOP) == refused {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    last
}

fn category_file(text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "proxyshop-blocklist-{}.txt",
        domain::random::alphanumeric(12)
    ));
    std::fs::write(&path, text).unwrap();
    path
}

async fn rules_lists_and_categories_are_refused_on_every_node(backend: Backend) {
    let file = category_file("# banks\nbank.test\n");
    let files = vec![file.clone()];
    let Some(h) = Harness::start(Options {
        backend,
        configure: Box::new(move |c| c.blocklist_files = files),
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let files = vec![file.clone()];
    let node = h.another_node(move |c| c.blocklist_files = files).await;
    let bob = h.add_user("bob1", "bobpass1", 1_000_000_000);
    let echo = echo_server().await;
    let alice = (USER, PASSWORD);
    // The category file is read at start.
    let (code, head) = connect_as(h.http, "www.bank.test:443", alice).await;
    assert_eq!(code, 403, "{head}");
    assert!(
        head.ends_with("blocked by the shop's acceptable use policy"),
        "{head}"
    );
    // Nothing else is blocked yet.
    let (code, _) = connect_as(node.http, &echo.to_string(), alice).await;
    assert_eq!(code, 200);

    let (name_rule, range_rule) = {
        let mut conn = h.db.pool.get().unwrap();
        let name = blocklist::create(
            &mut conn,
            "*.agency.test",
            "premium,budget",
            "government",
            true,
        )
        .unwrap();
        let range = blocklist::create(
            &mut conn,
            "127.0.0.64/26",
            "premium",
            "a blocked network",
            true,
        )
        .unwrap();
        blocklist::create(&mut conn, "inactive.test", "premium", "not enforced", false).unwrap();
        blocklist::replace_user_patterns(&mut conn, h.user_id, &[format!(":{}", echo.port())])
            .unwrap();
        (name.id, range.id)
    };
    let blocked_ip = format!("127.0.0.100:{}", echo.port());
    // An address first: no name lookup while the nodes have not read the event yet.
    for proxy in [h.http, node.http] {
        let (code, head) = until_refused(proxy, &blocked_ip, true).await;
        assert_eq!(code, 403, "{head}");
        assert!(head.ends_with("blocked by the shop's acceptable use policy"));
        let (code, head) = connect_as(proxy, "www.agency.test:443", alice).await;
        assert_eq!(code, 403, "{head}");
    }
    // SOCKS5: "connection not allowed by ruleset", for a name and for an address.
    for proxy in [h.socks, node.socks] {
        let by_name = socks_connect(proxy, USER, PASSWORD, Dest::Domain("a.b.agency.test", 443));
        assert_eq!(by_name.await.err(), Some(("connect", 2)));
        let by_ip = socks_connect(proxy, USER, PASSWORD, Dest::Ip(blocked_ip.parse().unwrap()));
        assert_eq!(by_ip.await.err(), Some(("connect", 2)));
    }
    // The customer's own list: alice is refused the echo's port, bob is not.
    let (code, head) = connect_as(h.http, &echo.to_string(), alice).await;
    assert_eq!(code, 403, "{head}");
    assert!(head.contains(BY_CUSTOMER), "{head}");
    assert!(head.ends_with("blocked by your own blocklist"), "{head}");
    let (code, _) = connect_as(node.http, &echo.to_string(), ("bob1", "bobpass1")).await;
    assert_eq!(code, 200);
    let own = socks_connect(node.socks, USER, PASSWORD, Dest::Ip(echo)).await;
    assert_eq!(own.err(), Some(("connect", 2)));
    // A name is refused for the ranges it resolves into: bob blocks loopback's, and `localhost`
    // (looked up by the node, not named by any rule) is refused as its addresses are.
    let bob_ranges = ["127.0.0.0/8".to_owned(), "::1/128".to_owned()];
    blocklist::replace_user_patterns(&mut h.db.pool.get().unwrap(), bob, &bob_ranges).unwrap();
    let localhost = format!("localhost:{}", echo.port());
    let mut last = (0, String::new());
    for _ in 0..200 {
        last = connect_as(h.http, &localhost, ("bob1", "bobpass1")).await;
        if last.0 == 403 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(last.1.contains(BY_CUSTOMER), "{last:?}");
    let by_name = socks_connect(
        h.socks,
        "bob1",
        "bobpass1",
        Dest::Domain("localhost", echo.port()),
    );
    assert_eq!(by_name.await.err(), Some(("connect", 2)));
    // The bare domain of a `*.` rule and an inactive rule are not refused.
    let (_, head) = connect_as(h.http, "agency.test:443", alice).await;
    assert!(!head.contains("destination_denied"), "{head}");
    let (_, head) = connect_as(h.http, "inactive.test:443", alice).await;
    assert!(!head.contains("destination_denied"), "{head}");

    // Each refusal is a record of the customer with its reason.
    h.handle.flush_now().await.unwrap();
    node.handle.flush_now().await.unwrap();
    let mut conn = h.db.pool.get().unwrap();
    let filter = persistence::connection_records::RecordFilter::of(h.user_id);
    let (rows, _) = persistence::connection_records::page(&mut conn, &filter, 1_000, 0).unwrap();
    let refused = |reason: &str, host: &str| {
        rows.iter().any(|r| {
            r.row.outcome == Outcome::Refused
                && r.row.reason.as_deref() == Some(reason)
                && r.row.host == host
        })
    };
    assert!(refused("blocked_by_shop", "www.bank.test"));
    assert!(refused("blocked_by_shop", "www.agency.test"));
    assert!(refused("blocked_by_shop", "a.b.agency.test"));
    assert!(refused("blocked_by_shop", "127.0.0.100"));
    assert!(refused("blocked_by_customer", "127.0.0.1"));

    // A deleted rule and a rewritten category file stop refusing.
    assert!(blocklist::delete(&mut conn, range_rule).unwrap());
    let change = blocklist::RuleChange {
        active: Some(false),
        ..Default::default()
    };
    blocklist::update(&mut conn, name_rule, &change)
        .unwrap()
        .unwrap();
    drop(conn);
    std::fs::write(&file, "# banks, none today\n").unwrap();
    for proxy in [h.http, node.http] {
        let (_, head) = until_refused(proxy, &blocked_ip, false).await;
        assert!(!head.contains(BY_SHOP), "{head}");
        let (_, head) = until_refused(proxy, "www.agency.test:443", false).await;
        assert!(!head.contains(BY_SHOP), "{head}");
        let (_, head) = until_refused(proxy, "www.bank.test:443", false).await;
        assert!(!head.contains(BY_SHOP), "{head}");
    }
    let _ = std::fs::remove_file(&file);
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    rules_lists_and_categories_are_refused_on_every_node,
);
