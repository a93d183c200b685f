//! The account rules that handlers share: code hashing and starting a session. Password hashing
//! and creating users are the application's (`app::accounts`).

use crate::auth::guard;
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::session::Session;
use crate::session::USER_ID_KEY;
use hmac::{Hmac, Mac};
use persistence::users::{self, UserRow};
use persistence::{DbPool, login_networks, now, rate_windows};
use sha2::Sha256;

/// HMAC-SHA256 of the code, bound to its email address, keyed by a server secret.
pub fn code_hash(key: &[u8; 32], email: &str, code: &str) -> String {
    let Ok(mut mac) = <Hmac<Sha256> as Mac>::new_from_slice(key) else {
        unreachable!("HMAC takes keys of any length")
    };
    mac.update(email.as_bytes());
    mac.update(b":");
    mac.update(code.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

pub fn code_matches(key: &[u8; 32], email: &str, code: &str, stored: &str) -> bool {
    use subtle::ConstantTimeEq;
    code_hash(key, email, code)
        .as_bytes()
        .ct_eq(stored.as_bytes())
        .into()
}

/// Records the sign-in, then starts a signed-in session under a new id (defeats session
/// fixation). In that order: a sign-in answered with an error leaves nobody signed in.
pub async fn sign_in(
    pool: &DbPool,
    session: &Session,
    ip: &ClientIp,
    user: &UserRow,
) -> Result<(), ApiError> {
    let id = user.id;
    let network = ip.network();
    let pair = guard::pair_key(&user.email, &network);
    with_conn(pool, move |conn| {
        users::record_login(conn, id)?;
        // The network is known from now on, and its failed attempts on this account are
        // forgiven (`crate::auth::guard`).
        login_networks::record(conn, id, &network, now())?;
        Ok(rate_windows::forget(conn, &pair)?)
    })
    .await?;
    session.renew();
    session
        .insert(USER_ID_KEY, id)
        .map_err(|e| ApiError::internal("session insert", e))?;
    metrics::counter!("proxyshop_sessions_started_total").increment(1);
    Ok(())
}
