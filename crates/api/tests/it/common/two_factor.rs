//! Two-factor sign-in from the customer's side: enrolling with a code computed here from the
//! secret the API showed (as an authenticator app would), codes for a given step, and arranging
//! what HTTP alone cannot (a pending sign-in that has expired, a used step forgotten).

use super::TestApp;
use diesel::prelude::*;
use persistence::schema::{sessions, user_totp};
use serde_json::{Value, json};

/// What enrolment handed out.
pub struct Enrolled {
    pub secret: Vec<u8>,
    /// The step whose code turned it on (already used).
    pub step: i64,
    pub recovery_codes: Vec<String>,
}

/// The code an authenticator app shows for `step`.
pub fn code_at(secret: &[u8], step: i64) -> String {
    domain::totp::code_at(secret, u64::try_from(step).unwrap(), 6)
}

/// The current step, by this machine's clock.
pub fn step_now() -> i64 {
    domain::totp::step_at(persistence::now())
}

impl TestApp {
    /// Sets up and turns on two-factor sign-in for the account `client` is signed in as.
    pub async fn enrol_with(&self, client: &reqwest::Client) -> Enrolled {
        let setup = self
            .post_json_with(client, "/api/user/2fa/setup", json!({}))
            .await;
        assert_eq!(setup.status, 200, "{}", setup.text);
        let secret = domain::base32::decode(setup.body["secret"].as_str().unwrap()).unwrap();
        let step = step_now();
        let reply = self
            .post_json_with(
                client,
                "/api/user/2fa/enable",
                json!({ "code": code_at(&secret, step) }),
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let recovery_codes = reply.body["recoveryCodes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_owned())
            .collect();
        Enrolled {
            secret,
            step,
            recovery_codes,
        }
    }

    /// `POST /api/login/2fa` on `client`.
    pub async fn second_factor(&self, client: &reqwest::Client, code: &str) -> super::Reply {
        self.post_json_with(client, "/api/login/2fa", json!({ "code": code }))
            .await
    }

    /// Moves every pending sign-in's expiry into the past, as if five minutes had gone by.
    /// Returns how many sessions held one.
    pub fn expire_pending_sign_ins(&self) -> usize {
        self.with_conn(|conn| {
            let rows: Vec<(String, String)> = sessions::table
                .select((sessions::id, sessions::data))
                .load(conn)
                .unwrap();
            let mut changed = 0;
            for (id, data) in rows {
                let mut state: serde_json::Map<String, Value> =
                    serde_json::from_str(&data).unwrap();
                let Some(raw) = state.get("tfa_pending").and_then(Value::as_str) else {
                    continue;
                };
                let mut pending: Value = serde_json::from_str(raw).unwrap();
                pending["expires_at"] = json!(persistence::now() - 1);
                state.insert("tfa_pending".into(), json!(pending.to_string()));
                diesel::update(sessions::table.find(&id))
                    .set(sessions::data.eq(Value::Object(state).to_string()))
                    .execute(conn)
                    .unwrap();
                changed += 1;
            }
            changed
        })
    }

    /// Forgets which step `email` last used, so that a fresh code of the current step works.
    pub fn forget_used_step(&self, email: &str) {
        let user = self.user(email).unwrap();
        self.with_conn(|conn| {
            diesel::update(user_totp::table.find(user.id.get()))
                .set(user_totp::last_step.eq(0))
                .execute(conn)
                .unwrap()
        });
    }

    /// The stored `user_totp` row's secret column and the stored recovery code hashes.
    pub fn stored_two_factor(&self, email: &str) -> (Option<String>, Vec<String>) {
        use persistence::schema::recovery_codes;
        let user = self.user(email).unwrap();
        self.with_conn(|conn| {
            let secret = user_totp::table
                .find(user.id.get())
                .select(user_totp::secret)
                .first(conn)
                .optional()
                .unwrap();
            let hashes = recovery_codes::table
                .filter(recovery_codes::user_id.eq(user.id.get()))
                .select(recovery_codes::code_hash)
                .load(conn)
                .unwrap();
            (secret, hashes)
        })
    }
}
