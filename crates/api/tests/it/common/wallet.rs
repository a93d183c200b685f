//! The wallet side of the harness: opening top-ups over HTTP, gateway callbacks signed with the
//! same local checkout key the app uses (so they verify), and direct reads of payments, ledger
//! rows, balances and referral bonuses for the assertions.

use super::{CHECKOUT_KEY, PASSWORD, Reply, TestApp};
use diesel::prelude::*;
use domain::{Cents, Coin};
use persistence::payments::PaymentRow;
use persistence::schema::{referral_bonuses, wallet_ledger};
use persistence::wallet::LedgerRow;
use secrecy::SecretString;
use serde_json::{Value, json};
use upstream::{CheckoutSigner, LocalCheckout};

pub const METHOD: &str = "cryptomous";

/// A referral bonus row: (referrer id, referred id, payment id, cents).
pub type BonusRow = (i64, i64, String, i64);

impl TestApp {
    /// A signed-in customer `email` with `dollars` paid in through the local checkout.
    pub async fn funded(backend: persistence::Backend, email: &str, dollars: f64) -> TestApp {
        let app = TestApp::start(backend, |s| s.limits.payments_per_user = 100).await;
        app.register(email, super::PASSWORD).await;
        app.add_funds(dollars).await;
        app
    }

    /// Tops up `dollars` and pays the invoice (nothing for 0).
    pub async fn add_funds(&self, dollars: f64) {
        if dollars > 0.0 {
            let id = self.top_up(dollars).await;
            self.pay(&id).await;
        }
    }

    /// A local checkout signing with `key` (the app's key unless a test forges).
    pub fn checkout_with_key(&self, key: &str) -> LocalCheckout {
        LocalCheckout::new(SecretString::from(key.to_owned()), self.address.clone())
    }

    /// A Cryptomus-shaped webhook body for `order_id`, signed with the app's key.
    pub fn signed(
        &self,
        order_id: &str,
        cents: i64,
        coin: Coin,
        status: &str,
        is_final: bool,
    ) -> Vec<u8> {
        self.checkout_with_key(CHECKOUT_KEY).signed_webhook(
            order_id,
            Cents::new(cents),
            coin,
            status,
            is_final,
        )
    }

    /// POSTs `body` to the webhook as the gateway would: no cookies, no Origin, JSON.
    pub async fn callback(&self, body: Vec<u8>) -> Reply {
        let request = reqwest::Client::new()
            .post(self.url("/api/payment/callback"))
            .header("content-type", "application/json")
            .body(body);
        self.send(request).await
    }

    /// `POST /api/payment` from `client`.
    pub async fn create_payment_with(&self, client: &reqwest::Client, body: Value) -> Reply {
        self.post_json_with(client, "/api/payment", body).await
    }

    /// Opens a top-up of `amount` dollars in `currency` from `client`; returns the payment id.
    pub async fn top_up_with(
        &self,
        client: &reqwest::Client,
        amount: f64,
        currency: &str,
    ) -> String {
        let body = json!({ "amount": amount, "method": METHOD, "currency": currency });
        let reply = self.create_payment_with(client, body).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        reply.body["paymentId"]
            .as_str()
            .expect("paymentId")
            .to_owned()
    }

    /// As `top_up_with`, from the main client.
    pub async fn top_up(&self, amount: f64) -> String {
        self.top_up_with(&self.client, amount, "LTC").await
    }

    /// Sends a final `paid` callback for `id` with its own amount and expects 200.
    pub async fn pay(&self, id: &str) {
        let row = self.payment(id);
        let coin = Coin::parse(&row.currency).expect("coin");
        let reply = self
            .callback(self.signed(id, row.amount_cents.get(), coin, "paid", true))
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }

    pub fn payment(&self, id: &str) -> PaymentRow {
        self.with_conn(|conn| persistence::payments::find(conn, id).unwrap())
            .unwrap_or_else(|| panic!("no payment {id}"))
    }

    pub fn user_id(&self, email: &str) -> domain::UserId {
        self.user(email)
            .unwrap_or_else(|| panic!("no user {email}"))
            .id
    }

    pub fn balance_cents(&self, email: &str) -> i64 {
        self.user(email).expect("user").balance_cents.get()
    }

    /// The user's ledger rows, oldest first.
    pub fn ledger(&self, email: &str) -> Vec<LedgerRow> {
        let id = self.user_id(email);
        self.with_conn(|conn| {
            wallet_ledger::table
                .filter(wallet_ledger::user_id.eq(id))
                .order(wallet_ledger::id.asc())
                .select(LedgerRow::as_select())
                .load(conn)
                .unwrap()
        })
    }

    pub fn bonuses(&self) -> Vec<BonusRow> {
        self.with_conn(|conn| {
            referral_bonuses::table
                .order(referral_bonuses::id.asc())
                .select((
                    referral_bonuses::referrer_id,
                    referral_bonuses::referred_id,
                    referral_bonuses::payment_id,
                    referral_bonuses::amount_cents,
                ))
                .load(conn)
                .unwrap()
        })
    }

    /// The wallet invariant: each balance equals the sum of that user's ledger rows; and the
    /// same of the referral balance and its ledger.
    pub fn assert_books_balance(&self, emails: &[&str]) {
        for email in emails {
            let user = self.user(email).expect("user");
            let sum =
                self.with_conn(|conn| persistence::wallet::ledger_sum(conn, user.id).unwrap());
            assert_eq!(user.balance_cents, sum, "{email}: balance vs ledger");
            let (referral, referral_sum) = self.with_conn(|conn| {
                (
                    persistence::referral_balance::balance(conn, user.id).unwrap(),
                    persistence::referral_balance::ledger_sum(conn, user.id).unwrap(),
                )
            });
            assert_eq!(
                referral, referral_sum,
                "{email}: referral balance vs ledger"
            );
        }
    }

    /// The user's referral balance, in cents.
    pub fn referral_cents(&self, email: &str) -> i64 {
        let id = self.user_id(email);
        self.with_conn(|conn| {
            persistence::referral_balance::balance(conn, id)
                .unwrap()
                .get()
        })
    }

    /// The user's referral ledger rows, oldest first.
    pub fn referral_ledger(
        &self,
        email: &str,
    ) -> Vec<persistence::referral_balance::ReferralLedgerRow> {
        let id = self.user_id(email);
        let mut rows = self.with_conn(|conn| {
            persistence::referral_balance::history(conn, id, 1000, 0)
                .unwrap()
                .0
        });
        rows.reverse();
        rows
    }

    /// Moves the payment's invoice expiry `seconds` into the past, keeping its url.
    pub fn expire(&self, id: &str, seconds: i64) {
        let row = self.payment(id);
        self.with_conn(|conn| {
            persistence::payments::set_invoice(
                conn,
                id,
                row.provider_uuid.as_deref(),
                row.pay_url.as_deref().unwrap_or_default(),
                Some(persistence::now() - seconds),
            )
            .unwrap()
        });
    }

    /// Makes the payment one that `provider` issued (the app under test uses the local checkout).
    pub fn issued_by(&self, id: &str, provider: &str) {
        use diesel::prelude::*;
        use persistence::schema::payments;
        self.with_conn(|conn| {
            diesel::update(payments::table.find(id))
                .set(payments::provider.eq(provider))
                .execute(conn)
                .unwrap()
        });
    }

    /// A separate browser that does not follow redirects (to read a 303's Location).
    pub fn browser(&self) -> reqwest::Client {
        reqwest::Client::builder()
            .cookie_store(true)
            .pool_max_idle_per_host(0)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap()
    }

    /// Registers `email` on `client` with `ref_code` as its referral code.
    pub async fn register_referred(&self, client: &reqwest::Client, email: &str, ref_code: &str) {
        let code = self.code_for(email).await;
        let mut body = Self::registration(email, PASSWORD, &code);
        body["refCode"] = json!(ref_code);
        let reply = self.post_json_with(client, "/api/register", body).await;
        assert_eq!(reply.status, 201, "{}", reply.text);
    }
}
