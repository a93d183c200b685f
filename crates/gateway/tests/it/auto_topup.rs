//! Automatic top-up from the meter: downloads through two gateway nodes at once take the
//! customer's traffic below the threshold; one plan is bought (one debit) whichever lease take
//! sees it first, and the bought bytes carry the downloads past what the customer had, none
//! of them cut.

use crate::common::*;
use domain::units::GB;
use domain::{Cents, EntryKind, ProxyKind};
use persistence::plans::{self, NewPlan};
use persistence::{Backend, auto_topup, notifications, now, traffic, wallet, write_transaction};
use std::net::SocketAddr;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;

const MB: i64 = 1_000_000;
/// What the customer has: less than the downloads need together.
const PURCHASED: i64 = 100 * MB;
const DOWNLOADS: usize = 6;
/// Each download's size: 150 MB together, 50 MB more than the customer had.
const BODY: i64 = 25 * MB;

/// A destination that sends `BODY` bytes to each connection, then closes it.
async fn sized_origin() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = listener.accept().await {
            tokio::spawn(async move {
                let chunk = vec![0u8; 65536];
                let mut left = BODY;
                while left > 0 {
                    let n = chunk.len().min(usize::try_from(left).unwrap());
                    if s.write_all(&chunk[..n]).await.is_err() {
                        return;
                    }
                    left -= n as i64;
                }
            });
        }
    });
    addr
}

async fn one_plan_bought_while_downloading(backend: Backend) {
    let Some(h) = Harness::start(Options {
        backend,
        purchased: PURCHASED,
        ..Options::default()
    })
    .await
    else {
        return;
    };
    let second = h.another_node(|_| {}).await;
    let mut conn = h.db.pool.get().unwrap();
    let t = now();
    let plan = plans::insert(
        &mut conn,
        &NewPlan {
            kind: ProxyKind::Premium,
            name: "Auto 1",
            tag: None,
            note: None,
            price_cents: Cents::new(400),
            amount: 1,
            validity_days: 30,
            regions: "",
            features: "{}",
            active: true,
            sort: 0,
            created_at: t,
            updated_at: t,
        },
    )
    .unwrap();
    write_transaction(&mut conn, |c| {
        wallet::credit(
            c,
            h.user_id,
            Cents::new(1_000),
            EntryKind::Topup,
            "t1",
            None,
        )?;
        // Below 60 MB left: crossed after some 40 MB were leased.
        auto_topup::save(c, h.user_id, ProxyKind::Premium, true, 60 * MB, plan, t)?;
        Ok::<_, wallet::WalletError>(())
    })
    .unwrap();
    drop(conn);

    let origin = sized_origin().await;
    let downloads: Vec<_> = (0..DOWNLOADS)
        .map(|i| {
            let proxy = if i % 2 == 0 { h.http } else { second.http };
            tokio::spawn(async move {
                let (mut stream, code, head) =
                    http_connect(proxy, &origin.to_string(), Some((USER, PASSWORD))).await;
                assert_eq!(code, 200, "{head}");
                read_to_close(&mut stream).await as i64
            })
        })
        .collect();
    for d in downloads {
        assert_eq!(d.await.unwrap(), BODY, "a download was cut");
    }

    let mut conn = h.db.pool.get().unwrap();
    let (purchased, _) = traffic::balance(&mut conn, h.user_id, ProxyKind::Premium).unwrap();
    assert_eq!(purchased, PURCHASED + GB, "one plan bought");
    let balance = persistence::users::find_by_id(&mut conn, h.user_id)
        .unwrap()
        .unwrap()
        .balance_cents;
    assert_eq!(balance, Cents::new(600), "one debit");
    assert_eq!(wallet::ledger_sum(&mut conn, h.user_id).unwrap(), balance);
    let (notes, _) = notifications::page(&mut conn, h.user_id, 0, 10).unwrap();
    let kinds: Vec<_> = notes.iter().map(|n| n.kind.as_str()).collect();
    assert_eq!(kinds, ["renewed"]);
}

persistence::both_backends!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    one_plan_bought_while_downloading,
);
