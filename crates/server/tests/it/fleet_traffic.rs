//! The fleet tests that move traffic and money (the harness and the rest are in `fleet.rs` and
//! `fleet_harness.rs`): promises 4 to 6 of `fleet.rs`'s list. PostgreSQL only.
#![cfg(unix)]

use crate::common::*;
use crate::fleet_harness::*;
use domain::{Cents, EntryKind, ProxyKind, UserId};
use persistence::{traffic, wallet};
use serde_json::json;
use std::net::TcpStream;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

#[test]
fn parallel_downloads_over_two_nodes_stay_within_the_lease_bound() {
    let Some(fleet) = Fleet::new() else { return };
    let mut g1 = fleet.node("G1", 30);
    let mut g2 = fleet.node("G2", 30);
    let purchased = 40 * MB;
    let customer = fleet.customer("downloader", None);
    fleet.give_traffic(customer, purchased);
    let downloads = 20;
    // The origin sends once all twenty tunnels are open.
    let origin = endless_server(downloads);
    let start = Arc::new(Barrier::new(downloads));
    let threads: Vec<_> = (0..downloads)
        .map(|i| {
            let proxy = if i % 2 == 0 { g1.socks } else { g2.socks };
            let start = start.clone();
            std::thread::spawn(move || {
                start.wait();
                let mut s = socks_tunnel(proxy, "udownloader", CUSTOMER_PROXY_PASSWORD, origin);
                read_until_closed(&mut s)
            })
        })
        .collect();
    let received: i64 = threads.into_iter().map(|t| t.join().unwrap()).sum();
    // Both nodes stop: they flush and give every lease back.
    for node in [&mut g1, &mut g2] {
        node.proc.signal("TERM");
    }
    for node in [&mut g1, &mut g2] {
        let status = node.proc.wait_exit(Duration::from_secs(30));
        assert!(status.success(), "{} exit {status}", node.proc.name);
    }
    let (bought, used) = fleet.usage(customer);
    let bound = lease_bound(purchased);
    let overrun = received - purchased;
    eprintln!(
        "fleet: {downloads} downloads over G1 and G2, {purchased} bytes purchased: {received} \
         received, {used} used, overrun {overrun} (bound {bound} = {NODES} nodes x {} lease)",
        bound / NODES
    );
    assert_eq!(bought, purchased);
    assert!(overrun <= bound, "overrun {overrun} past the bound {bound}");
    assert!(used <= purchased, "{used} bytes metered of {purchased}");
    assert!(received <= used, "received {received}, metered {used}");
    assert!(
        purchased - used <= bound,
        "{} bytes left unmoved when the downloads were cut",
        purchased - used
    );
    assert_eq!(fleet.leased(customer), 0, "a lease stayed stranded");
}

// 5. SIGKILL of an API instance mid-purchase.

/// Every customer's stored balance equals the sum of their ledger rows.
#[test]
fn a_sigkill_in_the_middle_of_purchases_leaves_every_wallet_equal_to_its_ledger() {
    let Some(fleet) = Fleet::new() else { return };
    let mut a = fleet.api("A", &[]);
    let b = fleet.api("B", &[]);
    let password = "Cust0merPassw0rd!";
    let hash = password_hash(password);
    let customers: Vec<UserId> = (0..4)
        .map(|i| {
            let id = fleet.customer(&format!("buyer{i}"), Some(&hash));
            let reference = format!("fleet-credit-{i}");
            persistence::write_transaction(&mut fleet.conn(), |c| {
                wallet::credit(
                    c,
                    id,
                    Cents::new(1_000_000),
                    EntryKind::AdminAdjustment,
                    &reference,
                    Some("fleet test"),
                )
            })
            .unwrap();
            id
        })
        .collect();
    let plans = Client::new(a.addr).get("/api/user/plan?type=premium").1;
    let plan_id = plans["plan"]["plans"][0]["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("no premium plan: {plans}"));
    let sessions: Vec<Client> = (0..customers.len())
        .map(|i| {
            let mut c = Client::new(a.addr);
            c.sign_in(&format!("buyer{i}@example.com"), password);
            c
        })
        .collect();

    // Many purchases at once on A; A is killed while they are in flight.
    let per_customer = 12;
    let total = customers.len() * per_customer;
    let (done_send, done) = std::sync::mpsc::channel::<u16>();
    let start = Arc::new(Barrier::new(total + 1));
    let buyers: Vec<_> = (0..total)
        .map(|i| {
            let mut client = sessions[i % customers.len()].to(a.addr);
            let (start, done_send) = (start.clone(), done_send.clone());
            std::thread::spawn(move || {
                start.wait();
                let (status, _) = client.post(
                    "/api/user/get_plan",
                    json!({"type": "premium", "planId": plan_id}),
                );
                let _ = done_send.send(status);
            })
        })
        .collect();
    start.wait();
    // A quarter answered: purchases are being made, most are still in flight.
    let mut statuses: Vec<u16> = (0..total / 4)
        .map(|_| done.recv_timeout(Duration::from_secs(60)).unwrap())
        .collect();
    // SIGKILL (what `Child::kill` sends), without a helper process in between.
    a.proc.child.kill().unwrap();
    let status = a.proc.wait_exit(Duration::from_secs(10));
    for buyer in buyers {
        buyer.join().unwrap();
    }
    drop(done_send);
    statuses.extend(done.iter());
    let ok = statuses.iter().filter(|&&s| s == 200).count();
    let cut = statuses.iter().filter(|&&s| s == 0).count();
    assert_eq!(statuses.len(), total);
    assert_eq!(ok + cut, total, "other answers: {statuses:?}");
    assert!(cut > 0, "A was killed after every purchase had finished");

    let mut conn = fleet.conn();
    assert_wallets_match_ledgers(&mut conn, &customers);
    // Every purchase that was debited added its traffic, and none without.
    let per_plan = plans["plan"]["plans"][0]["amount"].as_i64().unwrap() * domain::units::GB;
    let mut debited = 0;
    for &id in &customers {
        let purchases = wallet::history(&mut conn, id, 1_000, 0)
            .unwrap()
            .0
            .into_iter()
            .filter(|e| e.kind == EntryKind::Purchase)
            .count();
        let (bought, _) = traffic::balance(&mut conn, id, ProxyKind::Premium).unwrap();
        assert_eq!(bought, purchases as i64 * per_plan, "user {id}");
        debited += purchases;
    }
    eprintln!(
        "fleet: A killed ({status}) during {total} purchases: {ok} answered 200, {cut} cut off; \
         {debited} debited in the database, every wallet equal to its ledger"
    );
    assert!(debited >= ok, "{ok} purchases answered, {debited} debited");
    // B goes on serving, and a purchase there keeps the wallet equal to its ledger.
    let mut on_b = sessions[0].to(b.addr);
    let (status, body) = on_b.post(
        "/api/user/get_plan",
        json!({"type": "premium", "planId": plan_id}),
    );
    assert_eq!(status, 200, "{body}");
    assert_wallets_match_ledgers(&mut conn, &customers);
}

// 6. A SIGTERMed node drains and settles exactly.

#[test]
fn a_sigtermed_gateway_node_drains_then_settles_exactly_the_bytes_it_moved() {
    let Some(fleet) = Fleet::new() else { return };
    let mut g1 = fleet.node("G1", 60);
    let mut g2 = fleet.node("G2", 60);
    let customer = fleet.customer("drainer", None);
    fleet.give_traffic(customer, 1_000 * MB);
    let user = "udrainer";
    let echo = echo_server();

    let mut tunnel = socks_tunnel(g1.socks, user, CUSTOMER_PROXY_PASSWORD, echo);
    echo_through(&mut tunnel, 200_000);
    assert!(fleet.leased(customer) > 0, "G1 holds a lease");
    g1.proc.signal("TERM");
    // G1 stops accepting at once; the tunnel goes on; G2 still serves.
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(g1.socks).is_ok() {
        assert!(Instant::now() < deadline, "G1 kept accepting");
        std::thread::sleep(Duration::from_millis(20));
    }
    echo_through(&mut tunnel, 300_000);
    assert!(g1.proc.running(), "the live tunnel holds G1");
    assert!(g2.proc.running());
    // The tunnel ends: G1 has nothing left to drain and exits.
    drop(tunnel);
    let status = g1.proc.wait_exit(Duration::from_secs(30));
    assert!(status.success(), "G1 exit {status}");
    // Both directions of the echo are metered.
    let moved = 2 * (200_000 + 300_000);
    let (_, used) = fleet.usage(customer);
    eprintln!("fleet: G1 drained; {moved} bytes moved, {used} recorded");
    assert_eq!(used, moved, "every byte moved, once");
    assert_eq!(fleet.leased(customer), 0, "G1 gave its lease back");
}
