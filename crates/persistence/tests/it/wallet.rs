//! The wallet's invariants on both backends: balance = sum of ledger, never below zero, each
//! (kind, reference) applied once, and a payment credited at most once, under concurrency too.

use domain::{Cents, PaymentStatus};
use persistence::testing::TestDatabase;
use persistence::wallet::{self, EntryKind, WalletError};
use persistence::{
    DbConnection, both_backends, now, payments, referrals, users, write_transaction,
};
use std::sync::{Arc, Barrier};

fn user(conn: &mut DbConnection, email: &str) -> domain::UserId {
    persistence::testing::insert_user(conn, email.split('@').next().unwrap())
}

fn balance(conn: &mut DbConnection, id: domain::UserId) -> i64 {
    users::find_by_id(conn, id)
        .unwrap()
        .unwrap()
        .balance_cents
        .get()
}

fn credit(
    conn: &mut DbConnection,
    id: domain::UserId,
    cents: i64,
    reference: &str,
) -> Result<i64, WalletError> {
    write_transaction(conn, |c| {
        wallet::credit(c, id, Cents::new(cents), EntryKind::Topup, reference, None)
    })
    .map(Cents::get)
}

fn debit(
    conn: &mut DbConnection,
    id: domain::UserId,
    cents: i64,
    reference: &str,
) -> Result<i64, WalletError> {
    write_transaction(conn, |c| {
        wallet::debit(
            c,
            id,
            Cents::new(cents),
            EntryKind::Purchase,
            reference,
            None,
        )
    })
    .map(Cents::get)
}

both_backends! {
    fn credit_and_debit_keep_the_ledger_equal_to_the_balance(db) {
        let mut conn = db.pool.get().unwrap();
        let id = user(&mut conn, "a@example.com");
        assert_eq!(credit(&mut conn, id, 2500, "pay-1").unwrap(), 2500);
        assert_eq!(debit(&mut conn, id, 1500, "order-1").unwrap(), 1000);
        assert!(matches!(debit(&mut conn, id, 1001, "order-2"), Err(WalletError::Insufficient)));
        assert_eq!(debit(&mut conn, id, 1000, "order-3").unwrap(), 0);
        assert_eq!(balance(&mut conn, id), 0);
        assert_eq!(wallet::ledger_sum(&mut conn, id).unwrap().get(), 0);
        let (rows, total) = wallet::history(&mut conn, id, 10, 0).unwrap();
        assert_eq!(total, 3, "the refused debit wrote nothing");
        assert_eq!(rows.iter().map(|r| r.amount_cents.get()).collect::<Vec<_>>(), vec![-1000, -1500, 2500]);
        assert_eq!(rows[0].balance_after.get(), 0);
    }

    fn a_reference_applies_once_and_a_duplicate_rolls_back(db) {
        let mut conn = db.pool.get().unwrap();
        let id = user(&mut conn, "b@example.com");
        credit(&mut conn, id, 500, "pay-1").unwrap();
        assert!(matches!(credit(&mut conn, id, 500, "pay-1"), Err(WalletError::Duplicate(_))));
        assert_eq!(balance(&mut conn, id), 500, "the duplicate's balance update was rolled back");
        assert_eq!(wallet::ledger_sum(&mut conn, id).unwrap().get(), 500);
        // The same reference under another kind is another operation.
        write_transaction(&mut conn, |c| wallet::credit(c, id, Cents::new(50), EntryKind::ReferralBonus, "pay-1", None)).unwrap();
        assert_eq!(balance(&mut conn, id), 550);
    }

    fn many_parallel_debits_never_overdraw(db) {
        let id = user(&mut db.pool.get().unwrap(), "c@example.com");
        credit(&mut db.pool.get().unwrap(), id, 1000, "seed").unwrap();
        // 24 debits of $1.00 race for $10.00: exactly 10 may succeed.
        let threads = 24;
        let barrier = Arc::new(Barrier::new(threads));
        let handles: Vec<_> = (0..threads)
            .map(|n| {
                let pool = db.pool.clone();
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    barrier.wait();
                    let mut conn = pool.get().unwrap();
                    debit(&mut conn, id, 100, &format!("order-{n}"))
                })
            })
            .collect();
        let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        let ok = results.iter().filter(|r| r.is_ok()).count();
        let insufficient = results.iter().filter(|r| matches!(r, Err(WalletError::Insufficient))).count();
        assert_eq!((ok, insufficient), (10, 14), "{results:?}");
        let mut conn = db.pool.get().unwrap();
        assert_eq!(balance(&mut conn, id), 0);
        assert_eq!(wallet::ledger_sum(&mut conn, id).unwrap().get(), 0);
    }

    fn a_payment_is_credited_by_exactly_one_of_many_reports(db) {
        let mut conn = db.pool.get().unwrap();
        let id = user(&mut conn, "d@example.com");
        payments::insert_pending(&mut conn, "pay_1", id, Cents::new(2500), "USDT", "local").unwrap();
        drop(conn);
        let threads = 12;
        let barrier = Arc::new(Barrier::new(threads));
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let pool = db.pool.clone();
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    barrier.wait();
                    let mut conn = pool.get().unwrap();
                    write_transaction(&mut conn, |c| -> Result<bool, WalletError> {
                        if !payments::mark_credited(c, "pay_1", PaymentStatus::Paid, "{}")? {
                            return Ok(false);
                        }
                        wallet::credit(c, id, Cents::new(2500), EntryKind::Topup, "pay_1", None)?;
                        Ok(true)
                    })
                    .unwrap()
                })
            })
            .collect();
        let credited = handles.into_iter().map(|h| h.join().unwrap()).filter(|c| *c).count();
        assert_eq!(credited, 1);
        let mut conn = db.pool.get().unwrap();
        assert_eq!(balance(&mut conn, id), 2500);
        // A late non-final report cannot undo the credit.
        assert!(!payments::record_status(&mut conn, "pay_1", PaymentStatus::Check, None).unwrap());
        assert_eq!(payments::find(&mut conn, "pay_1").unwrap().unwrap().status, PaymentStatus::Paid);
    }

    fn payments_expire_and_referral_bonuses_are_unique(db) {
        let mut conn = db.pool.get().unwrap();
        let referrer = user(&mut conn, "e@example.com");
        let referred = user(&mut conn, "f@example.com");
        payments::insert_pending(&mut conn, "pay_2", referred, Cents::new(1000), "LTC", "local").unwrap();
        payments::set_invoice(&mut conn, "pay_2", Some("uuid"), "http://x/checkout/pay_2", Some(now() - 1)).unwrap();
        assert_eq!(payments::pending_expired(&mut conn, now()).unwrap().len(), 1);
        assert!(payments::find_for_user(&mut conn, "pay_2", referrer).unwrap().is_none());
        assert!(referrals::insert(&mut conn, referrer, referred, "pay_2", Cents::new(100)).unwrap());
        assert!(!referrals::insert(&mut conn, referrer, referred, "pay_2", Cents::new(100)).unwrap());
        let rows = referrals::for_referrer(&mut conn, referrer, 10).unwrap();
        assert_eq!(rows, vec![("f@example.com".to_owned(), rows[0].1, Cents::new(100))]);
        assert_eq!(referrals::summary(&mut conn, referrer).unwrap(), (0, Cents::new(100)));
    }
}

#[test]
fn test_database_helper_is_used() {
    assert!(TestDatabase::new(persistence::Backend::Sqlite).is_some());
}
