//! The referral balance and payouts on both backends: balance = sum of its ledger, never below
//! zero under parallel payout requests and moves to the wallet, each (kind, reference) applied
//! once, and a payout's status decided by one conditional UPDATE (one approval of many wins).

use domain::Cents;
use persistence::referral_balance::{self, ReferralEntryKind};
use persistence::referral_payouts::{self, Claim, PayoutStatus, ProviderReport, Refusal};
use persistence::wallet::{self, EntryKind, WalletError};
use persistence::{DbConnection, both_backends, now, users, write_transaction};
use std::sync::{Arc, Barrier};

const ADDRESS: &str = "LcHKx1nM2vq4p8wQdN5bRtYzA7sE3uFgJ9";

fn user(conn: &mut DbConnection, tag: &str) -> domain::UserId {
    persistence::testing::insert_user(conn, tag)
}

fn earn(
    conn: &mut DbConnection,
    id: domain::UserId,
    cents: i64,
    reference: &str,
) -> Result<i64, WalletError> {
    write_transaction(conn, |c| {
        referral_balance::credit(
            c,
            id,
            Cents::new(cents),
            ReferralEntryKind::Earned,
            reference,
            None,
        )
    })
    .map(Cents::get)
}

fn wallet_balance(conn: &mut DbConnection, id: domain::UserId) -> i64 {
    users::find_by_id(conn, id)
        .unwrap()
        .unwrap()
        .balance_cents
        .get()
}

/// A payout request as the use case makes it: the hold and the payout row, one transaction.
fn request(
    conn: &mut DbConnection,
    id: domain::UserId,
    cents: i64,
    order_id: &str,
) -> Result<i64, WalletError> {
    write_transaction(conn, |c| -> Result<i64, WalletError> {
        referral_balance::debit(
            c,
            id,
            Cents::new(cents),
            ReferralEntryKind::PayoutRequested,
            order_id,
            None,
        )?;
        Ok(referral_payouts::insert(c, order_id, id, Cents::new(cents), "LTC", ADDRESS, now())?.id)
    })
}

/// A move to the wallet as the use case makes it: both ledgers, one transaction.
fn to_wallet(
    conn: &mut DbConnection,
    id: domain::UserId,
    cents: i64,
    reference: &str,
) -> Result<(), WalletError> {
    write_transaction(conn, |c| -> Result<(), WalletError> {
        referral_balance::debit(
            c,
            id,
            Cents::new(cents),
            ReferralEntryKind::ToWallet,
            reference,
            None,
        )?;
        wallet::credit(
            c,
            id,
            Cents::new(cents),
            EntryKind::ReferralBonus,
            reference,
            None,
        )?;
        Ok(())
    })
}

both_backends! {
    fn the_referral_ledger_equals_the_balance_and_applies_each_reference_once(db) {
        let mut conn = db.pool.get().unwrap();
        let id = user(&mut conn, "referral-a");
        assert_eq!(referral_balance::balance(&mut conn, id).unwrap(), Cents::ZERO, "no row yet is zero");
        assert_eq!(earn(&mut conn, id, 700, "pay-1").unwrap(), 700);
        assert_eq!(earn(&mut conn, id, 300, "pay-2").unwrap(), 1000);
        assert!(matches!(earn(&mut conn, id, 300, "pay-2"), Err(WalletError::Duplicate(_))));
        assert_eq!(referral_balance::balance(&mut conn, id).unwrap().get(), 1000, "the duplicate rolled back");
        assert!(matches!(to_wallet(&mut conn, id, 1001, "rt-1"), Err(WalletError::Insufficient)));
        to_wallet(&mut conn, id, 400, "rt-2").unwrap();
        assert_eq!(wallet_balance(&mut conn, id), 400);
        assert_eq!(referral_balance::balance(&mut conn, id).unwrap().get(), 600);
        assert_eq!(referral_balance::ledger_sum(&mut conn, id).unwrap().get(), 600);
        let (rows, total) = referral_balance::history(&mut conn, id, 10, 0).unwrap();
        assert_eq!(total, 3, "the refused move wrote nothing");
        assert_eq!(rows.iter().map(|r| (r.kind, r.amount_cents.get(), r.balance_after.get())).collect::<Vec<_>>(),
            vec![(ReferralEntryKind::ToWallet, -400, 600), (ReferralEntryKind::Earned, 300, 1000), (ReferralEntryKind::Earned, 700, 700)]);
        assert!(matches!(
            write_transaction(&mut conn, |c| referral_balance::credit(c, id, Cents::ZERO, ReferralEntryKind::Earned, "pay-3", None)),
            Err(WalletError::NotPositive(_))
        ));
    }

    fn parallel_payout_requests_and_moves_never_overdraw(db) {
        let id = user(&mut db.pool.get().unwrap(), "referral-b");
        earn(&mut db.pool.get().unwrap(), id, 1000, "seed").unwrap();
        // 24 operations of $1.00 (half payout requests, half moves to the wallet) race for
        // $10.00: exactly 10 may succeed.
        let threads = 24;
        let barrier = Arc::new(Barrier::new(threads));
        let handles: Vec<_> = (0..threads)
            .map(|n| {
                let pool = db.pool.clone();
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    barrier.wait();
                    let mut conn = pool.get().unwrap();
                    if n % 2 == 0 {
                        request(&mut conn, id, 100, &format!("payout-{n}")).map(|_| ())
                    } else {
                        to_wallet(&mut conn, id, 100, &format!("rt-{n}"))
                    }
                })
            })
            .collect();
        let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        let ok = results.iter().filter(|r| r.is_ok()).count();
        let refused = results.iter().filter(|r| matches!(r, Err(WalletError::Insufficient))).count();
        assert_eq!((ok, refused), (10, 14), "{results:?}");
        let mut conn = db.pool.get().unwrap();
        assert_eq!(referral_balance::balance(&mut conn, id).unwrap(), Cents::ZERO);
        assert_eq!(referral_balance::ledger_sum(&mut conn, id).unwrap(), Cents::ZERO);
        let payouts = referral_payouts::for_user(&mut conn, id, 100).unwrap();
        let moved = wallet_balance(&mut conn, id);
        assert_eq!(payouts.len() as i64 * 100 + moved, 1000, "every cent is a payout or in the wallet");
        assert_eq!(wallet::ledger_sum(&mut conn, id).unwrap().get(), moved);
    }

    fn a_whole_balance_move_takes_it_once(db) {
        let id = user(&mut db.pool.get().unwrap(), "referral-c");
        earn(&mut db.pool.get().unwrap(), id, 2500, "seed").unwrap();
        let threads = 8;
        let barrier = Arc::new(Barrier::new(threads));
        let handles: Vec<_> = (0..threads)
            .map(|n| {
                let pool = db.pool.clone();
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    barrier.wait();
                    let mut conn = pool.get().unwrap();
                    write_transaction(&mut conn, |c| -> Result<i64, WalletError> {
                        let reference = format!("rt-all-{n}");
                        let taken = referral_balance::debit_all(c, id, ReferralEntryKind::ToWallet, &reference, None)?;
                        if taken > Cents::ZERO {
                            wallet::credit(c, id, taken, EntryKind::ReferralBonus, &reference, None)?;
                        }
                        Ok(taken.get())
                    })
                    .unwrap()
                })
            })
            .collect();
        let mut taken: Vec<i64> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        taken.sort_unstable();
        assert_eq!(taken, [0, 0, 0, 0, 0, 0, 0, 2500]);
        let mut conn = db.pool.get().unwrap();
        assert_eq!(wallet_balance(&mut conn, id), 2500);
        assert_eq!(referral_balance::balance(&mut conn, id).unwrap(), Cents::ZERO);
    }

    fn a_payouts_status_moves_once_and_a_retry_needs_a_free_claim(db) {
        let mut conn = db.pool.get().unwrap();
        let (id, operator) = (user(&mut conn, "referral-d"), user(&mut conn, "operator-d"));
        earn(&mut conn, id, 6000, "seed").unwrap();
        let payout = request(&mut conn, id, 2500, "payout-d1").unwrap();
        let t = now();
        assert_eq!(referral_payouts::claim(&mut conn, payout, operator, t, t + 120).unwrap(), Claim::Approved);
        assert_eq!(referral_payouts::claim(&mut conn, payout, operator, t, t + 120).unwrap(), Claim::InFlight);
        assert_eq!(referral_payouts::refuse(&mut conn, payout, operator, "no", t).unwrap(), Refusal::InFlight);
        // The provider's answer was lost: it may have paid, so it cannot be refused; a retry
        // (the same order id) may start.
        assert!(referral_payouts::mark_failed(&mut conn, payout, "timeout", true).unwrap());
        assert_eq!(referral_payouts::refuse(&mut conn, payout, operator, "no", t).unwrap(), Refusal::OutcomeUnknown);
        assert_eq!(referral_payouts::claim(&mut conn, payout, operator, t, t + 120).unwrap(), Claim::Retry);
        // Refused by the provider this time: the operator may refuse it.
        assert!(referral_payouts::mark_failed(&mut conn, payout, "bad address", false).unwrap());
        assert_eq!(referral_payouts::refuse(&mut conn, payout, operator, "bad address", t).unwrap(), Refusal::Refused);
        assert_eq!(referral_payouts::claim(&mut conn, payout, operator, t, t + 120).unwrap(), Claim::Settled);
        assert!(!referral_payouts::apply_provider(&mut conn, payout, &paid_report(Some("uuid"), t)).unwrap(), "a refused payout is never paid");
        let row = referral_payouts::find(&mut conn, payout).unwrap().unwrap();
        assert_eq!((row.status, row.reason.as_deref(), row.decided_by), (PayoutStatus::Refused, Some("bad address"), Some(operator.get())));

        // A process that died during its call: once its claim runs out the payout may be paid,
        // so it is retried, never refused.
        let crashed = request(&mut conn, id, 1000, "payout-d3").unwrap();
        assert_eq!(referral_payouts::claim(&mut conn, crashed, operator, t - 200, t - 80).unwrap(), Claim::Approved);
        assert_eq!(referral_payouts::refuse(&mut conn, crashed, operator, "no", t).unwrap(), Refusal::OutcomeUnknown);
        assert_eq!(referral_payouts::claim(&mut conn, crashed, operator, t, t + 120).unwrap(), Claim::Retry);

        let second = request(&mut conn, id, 2500, "payout-d2").unwrap();
        assert_eq!(referral_payouts::claim(&mut conn, second, operator, t, t + 120).unwrap(), Claim::Approved);
        let processing = ProviderReport { target: PayoutStatus::Processing, provider_status: "process", ..paid_report(Some("uuid-2"), t) };
        assert!(referral_payouts::apply_provider(&mut conn, second, &processing).unwrap());
        assert!(!referral_payouts::apply_provider(&mut conn, second, &processing).unwrap(), "the same report twice changes nothing");
        assert_eq!(referral_payouts::refuse(&mut conn, second, operator, "late", t).unwrap(), Refusal::WithProvider);
        assert_eq!(referral_payouts::claim(&mut conn, second, operator, t, t + 120).unwrap(), Claim::WithProvider);
        assert_eq!(referral_payouts::tracking(&mut conn, second).unwrap().provider_status.as_deref(), Some("process"));
        assert!(referral_payouts::apply_provider(&mut conn, second, &paid_report(None, t)).unwrap());
        assert!(!referral_payouts::apply_provider(&mut conn, second, &paid_report(None, t)).unwrap());
        assert_eq!(referral_payouts::refuse(&mut conn, second, operator, "late", t).unwrap(), Refusal::Settled);
        assert_eq!(referral_payouts::claim(&mut conn, 999_999, operator, t, t + 120).unwrap(), Claim::NotFound);
        let (paid, total) = referral_payouts::list(&mut conn, Some(PayoutStatus::Paid), 10, 0).unwrap();
        assert_eq!((paid.len(), total, paid[0].payout.provider_ref.as_deref()), (1, 1, Some("uuid-2")));
        assert_eq!(referral_payouts::list(&mut conn, None, 10, 0).unwrap().1, 3);
    }

    fn of_many_parallel_approvals_one_claims_the_payout(db) {
        let mut conn = db.pool.get().unwrap();
        let (id, operator) = (user(&mut conn, "referral-e"), user(&mut conn, "operator-e"));
        earn(&mut conn, id, 2000, "seed").unwrap();
        let payout = request(&mut conn, id, 2000, "payout-e1").unwrap();
        drop(conn);
        let threads = 8;
        let barrier = Arc::new(Barrier::new(threads));
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let pool = db.pool.clone();
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    barrier.wait();
                    let mut conn = pool.get().unwrap();
                    let t = now();
                    write_transaction(&mut conn, |c| referral_payouts::claim(c, payout, operator, t, t + 120)).unwrap()
                })
            })
            .collect();
        let claims: Vec<Claim> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        assert_eq!(claims.iter().filter(|c| **c == Claim::Approved).count(), 1, "{claims:?}");
        assert!(claims.iter().all(|c| matches!(c, Claim::Approved | Claim::InFlight)), "{claims:?}");
    }
}

fn paid_report(provider_ref: Option<&str>, at: i64) -> ProviderReport<'_> {
    ProviderReport {
        target: PayoutStatus::Paid,
        provider_ref,
        provider_status: "paid",
        source: persistence::payout_events::PayoutSource::Callback,
        at,
    }
}
