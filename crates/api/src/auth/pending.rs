//! The half-finished sign-in: after a right password (or Google) on an account with two-factor
//! sign-in on, or any password from an unknown network while the account is under attack
//! (`app::sign_in::guard`), the session holds who is signing in, by which second factor, until
//! when (5 minutes) and under which id its attempts are counted; nobody is signed in until
//! `POST /api/login/2fa` completes it. The attempts are counted in the database (a rate window
//! keyed by that id, one conditional UPDATE each), not in the session, whose copies parallel
//! requests each read and write back on their own. It is bound to the password it was begun with
//! (`Pending::stamp`): once the password is changed or reset, it can no longer be completed.

use crate::error::ApiError;
use crate::session::Session;
use crate::settings::TWO_FACTOR_PENDING_SECS;
use app::sign_in::{code_hash, code_matches};
use domain::UserId;
use persistence::users::UserRow;
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
    /// Random, one per pending sign-in: the key its code attempts are counted under
    /// ([`Pending::attempts_key`]). Empty in a state stored before attempts were counted in the
    /// database: such a sign-in must start again.
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub method: Method,
    /// The mailed code's keyed hash (`Method::Email`).
    #[serde(default)]
    pub code_hash: Option<String>,
    /// The account's `credential_stamp` when the sign-in began: a password changed or reset
    /// since then no longer matches it, and the sign-in must start again. Empty without a proven
    /// account (and in a state stored before stamps were kept: started again too).
    #[serde(default)]
    pub stamp: String,
}

/// What the stamp is keyed to: the account, and its password hash (empty without a password).
fn stamp_parts(user: &UserRow) -> (String, &str) {
    let password = user.password_hash.as_deref().unwrap_or_default();
    (format!("pending:{}", user.id.get()), password)
}

/// A keyed hash (under the code key) of the account's password hash: changes whenever the
/// password is set, changed or reset, and tells nothing about the password.
pub fn credential_stamp(code_key: &[u8; 32], user: &UserRow) -> String {
    let (account, password) = stamp_parts(user);
    code_hash(code_key, &account, password)
}

impl Pending {
    /// A pending sign-in for `user` (None: no proven account) by `method`, expiring
    /// `TWO_FACTOR_PENDING_SECS` after `now`.
    pub fn new(code_key: &[u8; 32], user: Option<&UserRow>, method: Method, now: i64) -> Self {
        Pending {
            user_id: user.map(|u| u.id),
            expires_at: now + TWO_FACTOR_PENDING_SECS,
            id: domain::random::alphanumeric(32),
            method,
            code_hash: None,
            stamp: user
                .map(|u| credential_stamp(code_key, u))
                .unwrap_or_default(),
        }
    }

    /// The `rate_windows` key its code attempts are counted under; None for a state without an
    /// id, which takes no code.
    pub fn attempts_key(&self) -> Option<String> {
        (!self.id.is_empty()).then(|| format!("2fa:pending:{}", self.id))
    }

    /// Whether `user` (read now) still has the password this sign-in began with.
    pub fn still_holds_for(&self, code_key: &[u8; 32], user: &UserRow) -> bool {
        let (account, password) = stamp_parts(user);
        Some(user.id) == self.user_id && code_matches(code_key, &account, password, &self.stamp)
    }
}

/// Starts the pending state for `user` by the authenticator app.
pub fn start(
    session: &Session,
    code_key: &[u8; 32],
    user: &UserRow,
    now: i64,
) -> Result<(), ApiError> {
    save(
        session,
        &Pending::new(code_key, Some(user), Method::Totp, now),
    )
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
