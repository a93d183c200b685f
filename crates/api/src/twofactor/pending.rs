//! The half-finished sign-in: after a right password (or Google) on an account with two-factor
//! sign-in on, the session holds who is signing in, until when (5 minutes) and how many wrong
//! codes were typed; nobody is signed in until `POST /api/login/2fa` completes it.

use crate::error::ApiError;
use crate::settings::TWO_FACTOR_PENDING_SECS;
use actix_session::Session;
use domain::UserId;
use serde::{Deserialize, Serialize};

/// The session state key of the pending sign-in.
pub const PENDING_KEY: &str = "tfa_pending";

#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct Pending {
    pub user_id: UserId,
    pub expires_at: i64,
    pub attempts: u32,
}

/// Starts the pending state for `user_id`, expiring `TWO_FACTOR_PENDING_SECS` after `now`.
pub fn start(session: &Session, user_id: UserId, now: i64) -> Result<(), ApiError> {
    let pending = Pending {
        user_id,
        expires_at: now + TWO_FACTOR_PENDING_SECS,
        attempts: 0,
    };
    save(session, &pending)
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
