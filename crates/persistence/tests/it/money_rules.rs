//! The storage side of issue 10's money rules on both backends: wallet amounts must be positive,
//! one mailbox holds one account (existing rows backfilled by the migration), a code request is
//! an upsert that racing requests cannot fail, trials are granted once per mailbox and a few per
//! address and day, and a referred customer's bonuses stop at the cap under concurrency.

use diesel::prelude::*;
use diesel_migrations::MigrationHarness;
use domain::Cents;
use persistence::connection::{POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
use persistence::schema::{mailboxes, referral_bonuses, trial_ip_days, wallet_ledger};
use persistence::testing::{concurrently, insert_user, insert_user_with_email as user_with_email};
use persistence::trials::{self, Claim, NewClaim};
use persistence::wallet::{self, EntryKind, WalletError};
use persistence::{
    DbConnection, DbError, both_backends, email_codes, now, payments, referrals, run_migrations,
    users, write_transaction,
};
use std::sync::{Arc, Mutex};

fn claim<'a>(mailbox: &'a str, user_id: domain::UserId, ip: &'a str, per_ip: u32) -> NewClaim<'a> {
    NewClaim {
        mailbox,
        user_id,
        ip,
        day: "2026-12-01",
        per_ip,
        bytes: 100_000_000,
        at: now(),
    }
}

both_backends! {
    fn wallet_amounts_must_be_positive(db) {
        let mut conn = db.pool.get().unwrap();
        let id = insert_user(&mut conn, "w");
        for cents in [0, -1, -500] {
            let credit = write_transaction(&mut conn, |c| wallet::credit(c, id, Cents::new(cents), EntryKind::Topup, &format!("c{cents}"), None));
            assert!(matches!(credit, Err(WalletError::NotPositive(n)) if n.get() == cents), "{credit:?}");
            let debit = write_transaction(&mut conn, |c| wallet::debit(c, id, Cents::new(cents), EntryKind::Purchase, &format!("d{cents}"), None));
            assert!(matches!(debit, Err(WalletError::NotPositive(n)) if n.get() == cents), "{debit:?}");
        }
        let rows: i64 = wallet_ledger::table.count().get_result(&mut conn).unwrap();
        assert_eq!(rows, 0, "no ledger row for a non-positive amount");
        assert_eq!(users::find_by_id(&mut conn, id).unwrap().unwrap().balance_cents.get(), 0);
    }

    fn one_mailbox_holds_one_account(db) {
        let mut conn = db.pool.get().unwrap();
        let first = user_with_email(&mut conn, "ab@gmail.com", "a").unwrap();
        for other in ["a.b+x@gmail.com", "a.b@googlemail.com", "ab+shop@gmail.com"] {
            assert!(users::email_exists(&mut conn, other).unwrap(), "{other}");
            let dup = user_with_email(&mut conn, other, "b");
            assert!(matches!(dup, Err(DbError::UniqueViolation(ref c)) if c.contains("mailboxes")), "{other}: {dup:?}");
        }
        // Outside Gmail a dot makes another mailbox; a tag does not.
        user_with_email(&mut conn, "a.b@example.com", "c").unwrap();
        user_with_email(&mut conn, "ab@example.com", "d").unwrap();
        assert!(users::email_exists(&mut conn, "ab+news@example.com").unwrap());
        assert!(!users::email_exists(&mut conn, "abc@example.com").unwrap());
        let held: Vec<(String, domain::UserId)> = mailboxes::table
            .order(mailboxes::user_id.asc())
            .select((mailboxes::email_normalized, mailboxes::user_id))
            .load(&mut conn)
            .unwrap();
        assert_eq!(held[0], ("ab@gmail.com".to_owned(), first));
        assert_eq!(held.len(), 3, "refused inserts left nothing: {held:?}");
        assert!(users::find_by_email(&mut conn, "a.b+x@gmail.com").unwrap().is_none());
    }

    fn racing_code_requests_for_one_address_all_succeed(db) {
        let failures = Arc::new(Mutex::new(Vec::new()));
        let seen = failures.clone();
        for round in 0..4 {
            let seen = seen.clone();
            concurrently(db, 8, move |conn, i| {
                let email = format!("race{round}@example.com");
                let t = now();
                let result = write_transaction(conn, |c| {
                    email_codes::find(c, &email)?;
                    email_codes::replace(c, &email, &format!("hash{i}"), t, t + 600)
                });
                if let Err(err) = result {
                    seen.lock().unwrap().push(err.to_string());
                }
            });
        }
        assert!(failures.lock().unwrap().is_empty(), "{:?}", failures.lock().unwrap());
        let mut conn = db.pool.get().unwrap();
        let row = email_codes::find(&mut conn, "race0@example.com").unwrap().unwrap();
        assert_eq!(row.attempts, 0);
        assert!(row.code_hash.starts_with("hash"));
    }

    fn a_trial_is_claimed_once_per_mailbox_and_a_few_per_network(db) {
        let mut conn = db.pool.get().unwrap();
        let id = insert_user(&mut conn, "t");
        let mut take = |c: NewClaim<'_>| write_transaction(&mut conn, |t| trials::claim(t, &c)).unwrap();
        assert_eq!(take(claim("a@example.com", id, "10.0.0.1", 2)), Claim::Granted);
        assert_eq!(take(claim("a@example.com", id, "10.0.0.2", 2)), Claim::AlreadyHad);
        assert_eq!(take(claim("b@example.com", id, "10.0.0.1", 2)), Claim::Granted);
        assert_eq!(take(claim("c@example.com", id, "10.0.0.1", 2)), Claim::NetworkLimit);
        assert_eq!(take(claim("c@example.com", id, "10.0.0.3", 0)), Claim::NetworkLimit);
        assert_eq!(take(claim("c@example.com", id, "10.0.0.3", 2)), Claim::Granted);
        // Another day, another count.
        let next_day = NewClaim { day: "2026-12-02", ..claim("d@example.com", id, "10.0.0.1", 2) };
        assert_eq!(take(next_day), Claim::Granted);
        assert!(trials::had_trial(&mut conn, "a@example.com").unwrap());
        assert!(!trials::had_trial(&mut conn, "d+x@example.com").unwrap());
        let counts: Vec<(String, String, i32, i32)> = trial_ip_days::table
            .order((trial_ip_days::ip.asc(), trial_ip_days::day.asc()))
            .select((trial_ip_days::ip, trial_ip_days::day, trial_ip_days::grants, trial_ip_days::refused))
            .load(&mut conn)
            .unwrap();
        assert_eq!(counts, vec![
            ("10.0.0.1".into(), "2026-12-01".into(), 2, 1),
            ("10.0.0.1".into(), "2026-12-02".into(), 1, 0),
            ("10.0.0.3".into(), "2026-12-01".into(), 1, 0),
        ], "refusals counted no trial, only the refusal at the limit");
        // The account's last refusal is kept with its reason.
        let refusal = persistence::trial_networks::account_trial(&mut conn, id).unwrap();
        assert_eq!(refusal.refused.as_deref(), Some("network"));
        assert_eq!(trials::purge_days_before(&mut conn, "2026-12-02").unwrap(), 2);
    }

    fn an_account_is_on_trial_until_a_payment_is_credited(db) {
        let mut conn = db.pool.get().unwrap();
        let id = insert_user(&mut conn, "t");
        let key = id.to_string();
        assert_eq!(trials::on_trial(&mut conn, &key).unwrap(), Some(false), "no trial granted");
        let granted = write_transaction(&mut conn, |t| trials::claim(t, &claim("t@example.com", id, "10.0.0.1", 2)));
        assert_eq!(granted.unwrap(), Claim::Granted);
        assert_eq!(trials::on_trial(&mut conn, &key).unwrap(), Some(true));
        persistence::payments::insert_pending(&mut conn, "p1", id, Cents::new(500), "USD", "local").unwrap();
        assert_eq!(trials::on_trial(&mut conn, &key).unwrap(), Some(true), "a pending payment is no payment");
        assert!(persistence::payments::mark_credited(&mut conn, "p1", domain::PaymentStatus::Paid, "{}").unwrap());
        assert_eq!(trials::on_trial(&mut conn, &key).unwrap(), Some(false));
        assert_eq!(trials::on_trial(&mut conn, "not a number").unwrap(), None);
    }

    fn racing_sign_ups_from_one_network_share_its_limit(db) {
        let id = insert_user(&mut db.pool.get().unwrap(), "r");
        let outcomes = Arc::new(Mutex::new(Vec::new()));
        let seen = outcomes.clone();
        concurrently(db, 8, move |conn, i| {
            let mailbox = format!("racer{i}@example.com");
            let got = write_transaction(conn, |c| trials::claim(c, &claim(&mailbox, id, "10.9.9.9", 3))).unwrap();
            seen.lock().unwrap().push(got);
        });
        let outcomes = outcomes.lock().unwrap();
        assert_eq!(outcomes.iter().filter(|o| **o == Claim::Granted).count(), 3, "{outcomes:?}");
        assert_eq!(outcomes.iter().filter(|o| **o == Claim::NetworkLimit).count(), 5, "{outcomes:?}");
    }

    fn racing_sign_ups_of_one_mailbox_get_one_trial(db) {
        let id = insert_user(&mut db.pool.get().unwrap(), "m");
        let outcomes = Arc::new(Mutex::new(Vec::new()));
        let seen = outcomes.clone();
        concurrently(db, 8, move |conn, i| {
            let ip = format!("10.1.1.{i}");
            let got = write_transaction(conn, |c| trials::claim(c, &claim("same@example.com", id, &ip, 3))).unwrap();
            seen.lock().unwrap().push(got);
        });
        let outcomes = outcomes.lock().unwrap();
        assert_eq!(outcomes.iter().filter(|o| **o == Claim::Granted).count(), 1, "{outcomes:?}");
        let counted: Vec<i32> = trial_ip_days::table
            .select(trial_ip_days::grants)
            .load(&mut db.pool.get().unwrap())
            .unwrap();
        assert_eq!(counted.iter().sum::<i32>(), 1, "losers gave their address's count back");
    }

    fn racing_bonuses_for_one_customer_stop_at_the_cap(db) {
        let mut conn = db.pool.get().unwrap();
        let referrer = insert_user(&mut conn, "ref");
        let referred = insert_user(&mut conn, "friend");
        for i in 0..8 {
            payments::insert_pending(&mut conn, &format!("pay_{i}"), referred, Cents::new(10_000), "LTC", "local").unwrap();
        }
        drop(conn);
        concurrently(db, 8, move |conn, i| {
            write_transaction(conn, |c| {
                referrals::insert_capped(c, referrer, referred, &format!("pay_{i}"), Cents::new(1_000), Cents::new(2_500))
            })
            .unwrap();
        });
        let mut conn = db.pool.get().unwrap();
        let amounts: Vec<i64> = referral_bonuses::table
            .select(referral_bonuses::amount_cents)
            .load(&mut conn)
            .unwrap();
        assert_eq!(amounts.iter().sum::<i64>(), 2_500, "{amounts:?}");
        assert!(amounts.iter().all(|a| *a > 0), "no zero rows: {amounts:?}");
        // Nothing is left for a ninth payment.
        payments::insert_pending(&mut conn, "pay_9", referred, Cents::new(10_000), "LTC", "local").unwrap();
        let more = write_transaction(&mut conn, |c| referrals::insert_capped(c, referrer, referred, "pay_9", Cents::new(1_000), Cents::new(2_500))).unwrap();
        assert_eq!(more.get(), 0);
    }
}

// Accounts that existed before mailboxes were unique get theirs from the migration, with the
// same rule as `domain::canonical_email`; accounts that already shared one leave it to the
// oldest.
both_backends! {
    fn the_migration_backfills_mailboxes(db) {
        let backend = db.backend;
        let mut conn = db.pool.get().unwrap();
        // Back to just before the migration that adds mailboxes (and every later one).
        let mut reverted = 0;
        loop {
            let version = match &mut *conn {
                DbConnection::Sqlite(c) => c.revert_last_migration(SQLITE_MIGRATIONS),
                DbConnection::Postgres(c) => c.revert_last_migration(POSTGRES_MIGRATIONS),
            }
            .unwrap()
            .to_string();
            reverted += 1;
            // Back to (and including) the migration that creates the mailboxes; later migrations
            // may end in the same sequence number, so the whole version is compared.
            let digits: String = version.chars().filter(char::is_ascii_digit).collect();
            if digits == MAILBOXES_MIGRATION {
                break;
            }
        }
        let emails = [
            "a.b+x@gmail.com",
            "ab@googlemail.com",
            "bob+shop@example.com",
            "bob.smith@example.com",
            "+only@example.com",
            "carol@example.org",
        ];
        for (n, email) in emails.iter().enumerate() {
            diesel::sql_query(format!(
                "INSERT INTO users (email, name, role, ref_code, proxy_username, proxy_password, created_at, updated_at) \
                 VALUES ('{email}', 'x', 'user', 'R{n}', 'u{n}', 'pw', 0, 0)"
            ))
            .execute(&mut conn)
            .unwrap();
        }
        assert_eq!(run_migrations(&mut conn).unwrap(), reverted);
        let held: Vec<(String, String)> = mailboxes::table
            .inner_join(persistence::schema::users::table)
            .order(persistence::schema::users::id.asc())
            .select((
                persistence::schema::users::email,
                mailboxes::email_normalized,
            ))
            .load(&mut conn)
            .unwrap();
        let want: Vec<(String, String)> = emails
            .iter()
            .filter(|e| **e != "ab@googlemail.com") // shares ab@gmail.com with the older account
            .map(|e| (e.to_string(), domain::canonical_email(e)))
            .collect();
        assert_eq!(held, want, "{backend:?}");
        assert!(users::email_exists(&mut conn, "a.b@gmail.com").unwrap());
        assert!(user_with_email(&mut conn, "ab+new@gmail.com", "new").is_err());
    }
}

/// The version of `2026-12-01-000003_mailboxes_and_trials`, digits only.
const MAILBOXES_MIGRATION: &str = "20261201000003";
