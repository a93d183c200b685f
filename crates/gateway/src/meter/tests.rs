use super::source::{Grant, GrantFuture, Source, TopUp};
use super::*;
use std::sync::Mutex;
use std::sync::atomic::Ordering::Relaxed;

#[tokio::test]
async fn reservations_never_pass_the_limit_and_come_back_unused() {
    let meter = Meter::new(domain::UserId::new(1), ProxyKind::Premium, 1000);
    let mut a = meter.reserve(600).await.unwrap();
    let mut b = meter.reserve(600).await.unwrap();
    assert_eq!(
        (a.len(), b.len()),
        (600, 400),
        "the second gets what is left"
    );
    a.used(100);
    a.shrink(0);
    b.used(400);
    drop((a, b));
    assert_eq!(meter.remaining(), 500);
    assert_eq!(meter.reserve(10_000).await.unwrap().len(), 500);
    // A flush does not change the budget.
    assert_eq!(meter.take_pending(), 500);
    assert_eq!(meter.reserve(10_000).await.unwrap().len(), 500);
    let mut all = meter.reserve(500).await.unwrap();
    all.used(500);
    assert!(*meter.exhausted().borrow());
    assert!(meter.reserve(1).await.is_err());
}

/// A balance in memory, leased out as the database does.
#[derive(Debug)]
struct Balance {
    left: Mutex<i64>,
    size: i64,
    /// Top-ups asked of it.
    takes: std::sync::atomic::AtomicUsize,
}

impl Balance {
    fn new(left: i64, size: i64) -> Arc<Balance> {
        Arc::new(Balance {
            left: Mutex::new(left),
            size,
            takes: Default::default(),
        })
    }
}

impl Source for Balance {
    fn take(&self, _: LeaseKey, held: i64, _: bool) -> GrantFuture {
        self.takes.fetch_add(1, Relaxed);
        let mut left = self.left.lock().unwrap();
        let granted = (self.size - held).min(*left).max(0);
        *left -= granted;
        let size = self.size;
        Box::pin(async move {
            Ok(Grant {
                granted,
                size,
                capped: false,
            })
        })
    }
}

/// Two nodes' meters on one balance: together they move exactly what was bought, each
/// holds at most a lease it has not moved, and both cut when it is gone.
#[tokio::test]
async fn two_nodes_never_move_more_than_the_balance() {
    let balance = Balance::new(10_000, 1_000);
    let nodes = [
        Meter::leased(
            LeaseKey::main(UserId::new(1), ProxyKind::Premium),
            balance.clone(),
        ),
        Meter::leased(
            LeaseKey::main(UserId::new(1), ProxyKind::Premium),
            balance.clone(),
        ),
    ];
    let mut moved = 0;
    let mut out = [false, false];
    while out != [true, true] {
        for (meter, out) in nodes.iter().zip(&mut out) {
            let Ok(mut step) = meter.reserve(300).await else {
                *out = true;
                continue;
            };
            assert!(meter.remaining() <= 1_000, "at most one lease unmoved");
            let n = step.len();
            step.used(n);
            moved += n as i64;
            tokio::task::yield_now().await;
        }
    }
    assert_eq!(moved, 10_000);
    assert_eq!(*balance.left.lock().unwrap(), 0);
    let pending: i64 = nodes.iter().map(|m| m.take_pending()).sum();
    assert_eq!(pending, 10_000);
    for meter in &nodes {
        assert!(meter.reserve(1).await.is_err());
        assert!(*meter.exhausted().borrow());
        assert_eq!(meter.held(), 0);
    }
}

/// What is not reserved goes back at a flush and returns if the write fails; a flush that
/// sees traffic again lets the meter lease anew.
#[tokio::test]
async fn unreserved_bytes_go_back_and_a_purchase_reopens() {
    let balance = Balance::new(1_500, 1_000);
    let meter = Meter::leased(
        LeaseKey::main(UserId::new(1), ProxyKind::Premium),
        balance.clone(),
    );
    let mut step = meter.reserve(400).await.unwrap();
    step.used(400);
    drop(step);
    assert_eq!(meter.held(), 1_000);
    let reserved = meter.reserve(100).await.unwrap();
    assert_eq!(meter.take_unreserved(true), 500, "all but the reservation");
    meter.restore_unreserved(500);
    assert_eq!(meter.take_unreserved(true), 500);
    assert_eq!(meter.take_pending(), 400);
    assert_eq!(meter.held(), 100, "the reservation is still leased");
    drop(reserved);
    assert_eq!(meter.take_unreserved(true), 100);
    assert_eq!(meter.held(), 0);
    // What the flush gave back is in the database again.
    *balance.left.lock().unwrap() += 600;
    let all = meter.reserve(5_000).await.unwrap();
    assert_eq!(all.len(), 1_000);
    drop(all);
    meter.take_unreserved(true);
    *balance.left.lock().unwrap() = 0;
    assert!(meter.reserve(1).await.is_err(), "nothing left");
    *balance.left.lock().unwrap() = 50;
    meter.apply_balance(50, true);
    assert!(!*meter.exhausted().borrow(), "a purchase reopens the meter");
    assert_eq!(meter.reserve(500).await.unwrap().len(), 50);
    meter.apply_balance(50, false);
    assert!(*meter.exhausted().borrow(), "a disabled customer is cut");
}

/// Steps under way holding nearly all of the lease are waited for: no top-up of the few bytes
/// the others moved (a database trip per step), until an eighth of a lease can be had.
#[tokio::test]
async fn a_top_up_waits_for_reservations_rather_than_take_a_few_bytes() {
    let balance = Balance::new(10_000, 1_000);
    let meter = Meter::leased(
        LeaseKey::main(UserId::new(1), ProxyKind::Premium),
        balance.clone(),
    );
    let held = meter.reserve(950).await.unwrap();
    assert_eq!(held.len(), 950);
    let mut step = meter.reserve(50).await.unwrap();
    step.used(50);
    drop(step);
    assert_eq!(balance.takes.load(Relaxed), 1, "the first lease");
    assert_eq!(meter.top_up().await.unwrap(), TopUp::Full);
    assert_eq!(
        balance.takes.load(Relaxed),
        1,
        "950 of 1000 held: waited for"
    );
    let mut held = held;
    held.used(900);
    drop(held);
    // 950 moved: the lease is topped up by as much, in one trip.
    assert_eq!(meter.top_up().await.unwrap(), TopUp::Available);
    assert_eq!(balance.takes.load(Relaxed), 2);
    assert_eq!(meter.remaining(), 1_000);
}
