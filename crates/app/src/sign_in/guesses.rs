//! How second-factor codes are limited per account (`POST /api/login/2fa`, `POST
//! /api/user/2fa/disable`), so that someone who knows the password cannot lock the owner out at
//! the second step (docs/two-factor-and-sessions.md, "Guessing"):
//!
//! - `2fa:net:<network>` counts every code from a network, on any account (`two_factor_per_ip`).
//! - `2fa:user:<id>` counts the codes on the account from networks it does not know
//!   (`two_factor_per_user`): every outsider shares it, however many networks they use.
//! - `2fa:pair:<id>|<network>` counts the codes on the account from one network it completed a
//!   sign-in from in the last 90 days (`login_networks`), with the same limit, for that network
//!   alone: an outsider cannot spend it, so the owner's right code from home is never refused
//!   because others guessed, as the first step promises (`guard`).

use crate::accounts::KNOWN_NETWORK_SECS;
use crate::blocking::with_conn;
use crate::error::AppError;
use crate::rate_limit::check_limits;
use crate::settings::RateLimits;
use domain::UserId;
use persistence::{DbPool, login_networks, now};

/// The keys one code attempt on `user` (None: no account proven) from `network` counts against.
fn keys(
    limits: &RateLimits,
    user: Option<UserId>,
    network: &str,
    known: bool,
) -> Vec<(String, u32)> {
    let mut keys = vec![(format!("2fa:net:{network}"), limits.two_factor_per_ip)];
    if let Some(id) = user {
        let account = if known {
            format!("2fa:pair:{}|{network}", id.get())
        } else {
            format!("2fa:user:{}", id.get())
        };
        keys.push((account, limits.two_factor_per_user));
    }
    keys
}

/// Counts one code attempt on `user` from `network` (the client's `network_key`) in the
/// database; `RateLimited` "Too many requests. Please try again later" past a limit, counting
/// nothing.
pub async fn count(
    pool: &DbPool,
    limits: &RateLimits,
    user: Option<UserId>,
    network: String,
) -> Result<(), AppError> {
    let known = match user {
        Some(id) => {
            let network = network.clone();
            with_conn(pool, move |conn| {
                let since = now() - KNOWN_NETWORK_SECS;
                Ok(login_networks::is_known(conn, id, &network, since)?)
            })
            .await?
        }
        None => false,
    };
    check_limits(
        pool,
        limits.two_factor_window,
        keys(limits, user, &network, known),
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_network_counts_apart_from_the_outsiders() {
        let limits = RateLimits::default();
        let user = Some(UserId::new(7));
        let names = |known| -> Vec<String> {
            keys(&limits, user, "198.51.100.7", known)
                .into_iter()
                .map(|(key, _)| key)
                .collect()
        };
        assert_eq!(names(false), ["2fa:net:198.51.100.7", "2fa:user:7"]);
        assert_eq!(
            names(true),
            ["2fa:net:198.51.100.7", "2fa:pair:7|198.51.100.7"]
        );
        assert_eq!(keys(&limits, None, "203.0.113.1", false).len(), 1);
    }
}
