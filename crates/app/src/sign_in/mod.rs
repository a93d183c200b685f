//! Signing in, apart from HTTP: the guard against guessed passwords (`guard.rs`) and the limits
//! on guessed second-factor codes (`guesses.rs`), how emailed codes are kept (`codes.rs`),
//! recording a completed sign-in, whether a proven account must still pass a second factor, and
//! the customer's sessions (`sessions.rs`). The API holds the
//! session itself: the cookie, the renewed id, the sign-in held for its second factor.

pub mod codes;
pub mod guard;
pub mod guesses;
pub mod sessions;

pub use codes::{code_hash, code_matches, email_code_hash};

use crate::blocking::with_conn;
use crate::error::AppError;
use domain::UserId;
use persistence::users::{self, UserRow};
use persistence::{DbPool, login_networks, now, rate_windows, two_factor};

/// Records a completed sign-in of `user` from `network` (a `network_key`): the account's last
/// sign-in, the network known to it from now on, and that network's failed attempts on the
/// account forgiven (`guard`). The API starts the session only once this is written, so that a
/// sign-in answered with an error leaves nobody signed in.
pub async fn record_sign_in(
    pool: &DbPool,
    user: &UserRow,
    network: String,
) -> Result<(), AppError> {
    let id = user.id;
    let pair = guard::pair_key(&user.email, &network);
    with_conn(pool, move |conn| {
        users::record_login(conn, id)?;
        login_networks::record(conn, id, &network, now())?;
        Ok(rate_windows::forget(conn, &pair)?)
    })
    .await
}

/// Whether `user` has two-factor sign-in on: a sign-in proven by password, Google or a reset
/// code then waits for the second factor.
pub async fn second_factor_on(pool: &DbPool, user: UserId) -> Result<bool, AppError> {
    with_conn(pool, move |conn| Ok(two_factor::is_enabled(conn, user)?)).await
}
