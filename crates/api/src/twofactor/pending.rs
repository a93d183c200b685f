//! The half-finished sign-in: after a right password (or Google) on an account with two-factor
//! sign-in on, or any password from an unknown network while the account is under attack
//! (`crate::auth::guard`), the session holds who is signing in, by which second factor, until
//! when (5 minutes) and how many wrong codes were typed; nobody is signed in until
//! `POST /api/login/2fa` completes it.

use crate::error::ApiError;
use crate::session::Session;
use crate::settings::TWO_FACTOR_PENDING_SECS;
use domain::UserId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The session state key of the pending sign-in.
pub const PENDING_KEY: &str = "tfa_pending";

/// The second factor a pending sign-in waits for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// A code from the authenticator app, or a recovery code.
    #[default]
    Totp,
    /// The one-time code mailed to the account's address.
    Email,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Pending {
    /// None when no account can complete it (a wrong password, or no such account, answered
    /// like a right one while the account is under attack).
    pub user_id: Option<UserId>,
    pub expires_at: i64,
    pub attempts: u32,
    #[serde(default)]
    pub method: Method,
    /// The mailed code's keyed hash (`Method::Email`).
    #[serde(default)]
    pub code_hash: Option<String>,
}

impl Pending {
    /// A pending sign-in for `user_id` by `method`, expiring `TWO_FACTOR_PENDING_SECS` after `now`.
    pub fn new(user_id: Option<UserId>, method: Method, now: i64) -> Self {
        Pending {
            user_id,
            expires_at: now + TWO_FACTOR_PENDING_SECS,
            attempts: 0,
            method,
            code_hash: None,
        }
    }
}

/// Starts the pending state for `user_id` by the authenticator app.
pub fn start(session: &Session, user_id: UserId, now: i64) -> Result<(), ApiError> {
    save(session, &Pending::new(Some(user_id), Method::Totp, now))
}

pub fn save(session: &Session, pending: &Pending) -> Result<(), ApiError> {
    session
        .insert(PENDING_KEY, pending)
        .map_err(|e| ApiError::internal("session insert", e))
}

/// The pending state if there is one and it has not expired; an expired one is dropped.
pub fn current(session: &Session, now: i64) -> Option<Pending> {
    let pending = session.get::<Pending>(PENDING_KEY).ok().flatten()?;
    if pending.expires_at <= now {
        session.remove(PENDING_KEY);
        return None;
    }
    Some(pending)
}

pub fn clear(session: &Session) {
    session.remove(PENDING_KEY);
}
