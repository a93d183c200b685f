//! Owning both ends of a referral does not pay: another spelling of one's own mailbox cannot
//! register, a self-referral (same account or same mailbox) earns nothing, and one referred
//! customer earns their referrer at most the configured cap, also under concurrent callbacks.

use crate::common::{PASSWORD, TestApp};
use diesel::prelude::*;
use domain::Coin;
use persistence::schema::users;

const REFERRER: &str = "alice@example.com";
const FRIEND: &str = "bob@example.com";

/// Alice on the main client; Bob, registered with Alice's code, on the returned client; a
/// referral cap of `cap_cents`.
async fn referred_pair(
    backend: persistence::Backend,
    cap_cents: i64,
) -> (TestApp, reqwest::Client) {
    let app = TestApp::start(backend, |s| {
        s.referral_percent = 10;
        s.referral_cap_cents = cap_cents;
        s.limits.payments_per_user = 100;
    })
    .await;
    let alice = app.register(REFERRER, PASSWORD).await;
    let bob = app.new_client();
    app.register_referred(&bob, FRIEND, alice["refCode"].as_str().unwrap())
        .await;
    (app, bob)
}

fn bonus_cents(app: &TestApp) -> Vec<i64> {
    app.bonuses()
        .into_iter()
        .map(|(_, _, _, cents)| cents)
        .collect()
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_bonus_stops_at_the_cap_per_referred_customer(backend) {
        let (app, bob) = referred_pair(backend, 1_500).await;

        for _ in 0..3 {
            let id = app.top_up_with(&bob, 100.0, "LTC").await;
            app.pay(&id).await;
        }

        // $10, then the $5 the $15 cap leaves, then nothing.
        assert_eq!(bonus_cents(&app), vec![1_000, 500]);
        assert_eq!(app.referral_cents(REFERRER), 1_500);
        let kinds: Vec<_> = app.referral_ledger(REFERRER).into_iter().map(|r| r.amount_cents.get()).collect();
        assert_eq!(kinds, vec![1_000, 500], "no zero bonus row");
        assert_eq!(app.balance_cents(FRIEND), 30_000);
        app.assert_books_balance(&[REFERRER, FRIEND]);
    }

    async fn the_default_cap_is_fifty_dollars(backend) {
        let app = TestApp::start(backend, |s| s.limits.payments_per_user = 100).await;
        let alice = app.register(REFERRER, PASSWORD).await;
        let bob = app.new_client();
        app.register_referred(&bob, FRIEND, alice["refCode"].as_str().unwrap()).await;

        for _ in 0..6 {
            let id = app.top_up_with(&bob, 100.0, "LTC").await;
            app.pay(&id).await;
        }

        assert_eq!(app.referral_cents(REFERRER), 5_000);
        app.assert_books_balance(&[REFERRER, FRIEND]);
    }

    async fn concurrent_callbacks_for_one_customer_share_the_cap(backend) {
        let (app, bob) = referred_pair(backend, 2_500).await;
        let mut bodies = Vec::new();
        for _ in 0..6 {
            let id = app.top_up_with(&bob, 100.0, "TRX").await;
            bodies.push(app.signed(&id, 10_000, Coin::Trx, "paid", true));
        }

        let replies = futures::future::join_all(bodies.into_iter().map(|b| app.callback(b))).await;

        for reply in &replies {
            assert_eq!(reply.status, 200, "{}", reply.text);
        }
        assert_eq!(app.balance_cents(FRIEND), 60_000);
        assert_eq!(bonus_cents(&app).iter().sum::<i64>(), 2_500, "{:?}", app.bonuses());
        assert_eq!(app.referral_cents(REFERRER), 2_500);
        app.assert_books_balance(&[REFERRER, FRIEND]);
    }

    async fn a_self_referral_by_the_same_account_pays_nothing(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(REFERRER, PASSWORD).await;
        let id = app.user_id(REFERRER);
        app.with_conn(|conn| {
            diesel::update(users::table.find(id))
                .set(users::referred_by.eq(id))
                .execute(conn)
                .unwrap()
        });

        app.add_funds(100.0).await;

        assert_eq!(app.balance_cents(REFERRER), 10_000);
        assert_eq!(app.referral_cents(REFERRER), 0);
        assert!(app.bonuses().is_empty());
        app.assert_books_balance(&[REFERRER]);
    }

    // An account from before mailboxes were unique may spell the referrer's own mailbox.
    async fn a_self_referral_by_the_same_mailbox_pays_nothing(backend) {
        let (app, bob) = referred_pair(backend, 5_000).await;
        let own = "Alice+second@Example.com".to_lowercase();
        app.with_conn(|conn| {
            diesel::update(users::table.filter(users::email.eq(FRIEND)))
                .set(users::email.eq(&own))
                .execute(conn)
                .unwrap()
        });

        let id = app.top_up_with(&bob, 100.0, "LTC").await;
        app.pay(&id).await;

        assert_eq!(app.balance_cents(&own), 10_000);
        assert!(app.bonuses().is_empty());
        assert_eq!(app.referral_cents(REFERRER), 0);
        app.assert_books_balance(&[REFERRER, &own]);
    }
}
