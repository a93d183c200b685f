//! Automatic top-up on both backends, with the clock passed in: racing checks buy once per
//! window and debit once, a short wallet writes nothing but one notification, the window opens
//! again later, and the ledger always adds up to the balance.

use domain::units::GB;
use domain::{Cents, EntryKind, PlanId, ProxyKind, UserId};
use persistence::auto_topup::{self, Outcome};
use persistence::plans::{self, NewPlan};
use persistence::testing::{concurrently, insert_user};
use persistence::{
    DbConnection, both_backends, notifications, now, traffic, wallet, write_transaction,
};
use std::sync::{Arc, Mutex};

const WINDOW: i64 = 3_600;
const PRICE: i64 = 500;

fn plan(conn: &mut DbConnection, kind: ProxyKind, active: bool) -> PlanId {
    let t = now();
    plans::insert(
        conn,
        &NewPlan {
            kind,
            name: "Top 2",
            tag: None,
            note: None,
            price_cents: Cents::new(PRICE),
            amount: 2,
            validity_days: 30,
            regions: "",
            features: "{}",
            active,
            sort: 0,
            created_at: t,
            updated_at: t,
        },
    )
    .unwrap()
}

/// A customer with `wallet` cents, `left` bytes of premium traffic, and auto top-up on below
/// 1 GB buying the 2 GB plan.
fn customer(conn: &mut DbConnection, tag: &str, wallet_cents: i64, left: i64) -> (UserId, PlanId) {
    let id = insert_user(conn, tag);
    let plan = plan(conn, ProxyKind::Premium, true);
    write_transaction(conn, |c| {
        if wallet_cents > 0 {
            wallet::credit(c, id, Cents::new(wallet_cents), EntryKind::Topup, tag, None)?;
        }
        traffic::add_purchased(c, id, ProxyKind::Premium, left, None)?;
        auto_topup::save(c, id, ProxyKind::Premium, true, GB, plan, now())?;
        Ok::<_, wallet::WalletError>(())
    })
    .unwrap();
    (id, plan)
}

fn check(conn: &mut DbConnection, id: UserId, at: i64) -> Outcome {
    auto_topup::check(conn, id, ProxyKind::Premium, at, WINDOW).unwrap()
}

fn purchased(conn: &mut DbConnection, id: UserId) -> i64 {
    traffic::balance(conn, id, ProxyKind::Premium).unwrap().0
}

fn notes(conn: &mut DbConnection, id: UserId) -> Vec<String> {
    let (rows, _) = notifications::page(conn, id, 0, 50).unwrap();
    rows.into_iter().map(|n| n.kind).collect()
}

fn ledger_matches(conn: &mut DbConnection, id: UserId) -> Cents {
    let balance = persistence::users::find_by_id(conn, id)
        .unwrap()
        .unwrap()
        .balance_cents;
    assert_eq!(
        wallet::ledger_sum(conn, id).unwrap(),
        balance,
        "ledger adds up to the balance"
    );
    balance
}

both_backends! {
    fn racing_checks_buy_once_per_window(db) {
        let mut conn = db.pool.get().unwrap();
        let (id, plan) = customer(&mut conn, "race", 2_000, GB / 2);
        let at = now();
        let outcomes = Arc::new(Mutex::new(Vec::new()));
        let seen = outcomes.clone();
        concurrently(db, 6, move |c, _| {
            for _ in 0..3 {
                let o = check(c, id, at);
                seen.lock().unwrap().push(o);
            }
        });
        let outcomes = outcomes.lock().unwrap();
        let bought: Vec<_> = outcomes.iter().filter(|o| matches!(o, Outcome::Bought { .. })).collect();
        assert_eq!(bought, [&Outcome::Bought { plan_id: plan, bytes: 2 * GB, price: Cents::new(PRICE) }]);
        assert_eq!(purchased(&mut conn, id), GB / 2 + 2 * GB);
        assert_eq!(ledger_matches(&mut conn, id), Cents::new(2_000 - PRICE), "one debit");
        assert_eq!(notes(&mut conn, id), ["renewed"]);
        let setting = auto_topup::get(&mut conn, id, ProxyKind::Premium).unwrap().unwrap();
        assert_eq!(setting.last_run_at, Some(at));
    }

    fn the_window_opens_again_later(db) {
        let mut conn = db.pool.get().unwrap();
        let (id, _) = customer(&mut conn, "window", 2_000, 0);
        let at = now();
        // The threshold is 1 GB: even 2 GB more are not enough for the setting below.
        write_transaction(&mut conn, |c| {
            let plan = auto_topup::get(c, id, ProxyKind::Premium)?.unwrap().plan_id.unwrap();
            auto_topup::save(c, id, ProxyKind::Premium, true, 10 * GB, plan, at)
        })
        .unwrap();
        assert!(matches!(check(&mut conn, id, at), Outcome::Bought { .. }));
        assert_eq!(check(&mut conn, id, at + WINDOW - 1), Outcome::NotDue, "same window");
        assert!(matches!(check(&mut conn, id, at + WINDOW), Outcome::Bought { .. }));
        assert_eq!(purchased(&mut conn, id), 4 * GB);
        assert_eq!(ledger_matches(&mut conn, id), Cents::new(2_000 - 2 * PRICE));
    }

    fn enough_left_or_off_buys_nothing(db) {
        let mut conn = db.pool.get().unwrap();
        let (id, plan) = customer(&mut conn, "enough", 2_000, 3 * GB);
        assert_eq!(check(&mut conn, id, now()), Outcome::NotDue);
        write_transaction(&mut conn, |c| {
            auto_topup::save(c, id, ProxyKind::Premium, false, 5 * GB, plan, now())
        })
        .unwrap();
        assert_eq!(check(&mut conn, id, now()), Outcome::NotDue, "off");
        // A piece kind has no top-up.
        assert_eq!(auto_topup::check(&mut conn, id, ProxyKind::Static, now(), WINDOW).unwrap(), Outcome::NotDue);
        assert_eq!(ledger_matches(&mut conn, id), Cents::new(2_000));
        assert!(notes(&mut conn, id).is_empty());
    }

    fn a_short_wallet_alerts_once_and_buys_once_funded(db) {
        let mut conn = db.pool.get().unwrap();
        let (id, _) = customer(&mut conn, "short", 100, 0);
        let at = now();
        let outcomes = Arc::new(Mutex::new(Vec::new()));
        let seen = outcomes.clone();
        concurrently(db, 4, move |c, i| {
            let o = check(c, id, at + i as i64 * WINDOW);
            seen.lock().unwrap().push(o);
        });
        let told = outcomes.lock().unwrap().iter().filter(|o| **o == Outcome::Failed { notified: true }).count();
        assert_eq!(told, 1, "one notification: {:?}", outcomes.lock().unwrap());
        assert_eq!(check(&mut conn, id, at + 10 * WINDOW), Outcome::NotDue, "told, still short");
        assert_eq!(notes(&mut conn, id), ["renewal_failed"]);
        assert_eq!(purchased(&mut conn, id), 0);
        assert_eq!(ledger_matches(&mut conn, id), Cents::new(100), "no debit");
        // Funded: the next check buys, and a later shortage is told again.
        write_transaction(&mut conn, |c| wallet::credit(c, id, Cents::new(PRICE), EntryKind::Topup, "more", None)).unwrap();
        assert!(matches!(check(&mut conn, id, at + 11 * WINDOW), Outcome::Bought { .. }));
        assert_eq!(ledger_matches(&mut conn, id), Cents::new(100));
        write_transaction(&mut conn, |c| {
            let plan = auto_topup::get(c, id, ProxyKind::Premium)?.unwrap().plan_id.unwrap();
            auto_topup::save(c, id, ProxyKind::Premium, true, 5 * GB, plan, at)
        })
        .unwrap();
        assert_eq!(check(&mut conn, id, at + 12 * WINDOW), Outcome::Failed { notified: true });
        assert_eq!(notes(&mut conn, id), ["renewal_failed", "renewed", "renewal_failed"]);
    }

    fn a_plan_off_sale_is_told_once(db) {
        let mut conn = db.pool.get().unwrap();
        let (id, plan) = customer(&mut conn, "offsale", 2_000, 0);
        plans::set_active(&mut conn, plan, false).unwrap();
        assert_eq!(check(&mut conn, id, now()), Outcome::Failed { notified: true });
        assert_eq!(check(&mut conn, id, now() + WINDOW), Outcome::NotDue);
        assert_eq!(ledger_matches(&mut conn, id), Cents::new(2_000));
        assert_eq!(notes(&mut conn, id), ["renewal_failed"]);
    }
}
