//! The operator console's customer tests: an app whose main client is an admin, customers on
//! their own clients, and direct reads of what a refusal must leave untouched (audit rows,
//! traffic purchases, ledger rows).

use super::{PASSWORD, TestApp};
use diesel::prelude::*;
use persistence::audit::{AuditFilter, AuditRow};
use persistence::schema::traffic_purchases;

pub const ADMIN: &str = "boss@example.com";

/// Everything a refused change must leave as it was, for one customer.
#[derive(Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub balance: i64,
    pub ledger_rows: usize,
    pub audit_rows: usize,
    pub traffic_purchases: i64,
    pub disabled: bool,
    pub role: String,
    pub sessions: i64,
}

impl TestApp {
    /// The app with its main client signed in as the admin `ADMIN`.
    pub async fn with_admin(backend: persistence::Backend) -> TestApp {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(ADMIN, PASSWORD).await;
        app.make_admin(ADMIN);
        app
    }

    /// Registers `email` on a client of its own, signed in; returns that client.
    pub async fn customer(&self, email: &str) -> reqwest::Client {
        let client = self.new_client();
        self.register_with(&client, email, PASSWORD).await;
        client
    }

    /// Every audit row, newest first.
    pub fn audit_rows(&self) -> Vec<AuditRow> {
        self.with_conn(|conn| {
            persistence::audit::list(conn, &AuditFilter::default(), 10_000, 0)
                .unwrap()
                .0
        })
    }

    /// The audit rows of one action, newest first (at most 100).
    pub fn audit_rows_of(&self, action: &str) -> Vec<AuditRow> {
        let filter = AuditFilter {
            action: Some(action.to_owned()),
            ..AuditFilter::default()
        };
        self.with_conn(|conn| persistence::audit::list(conn, &filter, 100, 0).unwrap().0)
    }

    /// (kind, bytes, price cents, source) of the user's traffic purchase rows, oldest first.
    pub fn traffic_purchases(&self, email: &str) -> Vec<(String, i64, i64, String)> {
        let id = self.user_id(email);
        self.with_conn(|conn| {
            traffic_purchases::table
                .filter(traffic_purchases::user_id.eq(id))
                .order(traffic_purchases::id.asc())
                .select((
                    traffic_purchases::kind,
                    traffic_purchases::bytes,
                    traffic_purchases::price_cents,
                    traffic_purchases::source,
                ))
                .load(conn)
                .unwrap()
        })
    }

    pub fn snapshot(&self, email: &str) -> Snapshot {
        let user = self.user(email).expect("user");
        Snapshot {
            balance: user.balance_cents.get(),
            ledger_rows: self.ledger(email).len(),
            audit_rows: self.audit_rows().len(),
            traffic_purchases: self.traffic_purchases(email).len() as i64,
            disabled: user.disabled,
            role: user.role.clone(),
            sessions: self.session_count(email),
        }
    }

    /// `POST /api/admin/users/{id}/{action}` from the main client.
    pub async fn admin_post(
        &self,
        email: &str,
        action: &str,
        body: serde_json::Value,
    ) -> super::Reply {
        let id = self.user_id(email);
        self.post_json(&format!("/api/admin/users/{id}/{action}"), body)
            .await
    }
}
