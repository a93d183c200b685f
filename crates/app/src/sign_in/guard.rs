//! The sign-in guard: what `POST /api/login` does about failed passwords, so that an attacker
//! can neither guess freely nor lock the owner out (docs/account.md, "Failed sign-ins"). Every
//! count is a `rate_windows` row, so the rules hold across instances:
//!
//! - `login:net:<network>` counts every attempt from a network, on any account; past
//!   `login_per_ip` the network is refused (429) until its window ends.
//! - `login:pair:<email>|<network>` counts the attempts on one account from one network since
//!   the last success there; from `login_slow_after` failures each further attempt waits a
//!   growing delay, and past `login_per_account_network` that network is refused for that
//!   account. Other networks are not affected.
//! - `login:fail:<email>` counts the failures on one account from networks it never signed in
//!   from. From `login_attack_failures` on the account is under attack: such networks wait a
//!   delay that grows with the count, and a right password from them must still pass a second
//!   factor (the authenticator app when it is on, else a code mailed to the owner). The owner is
//!   mailed once a day (`login:alert:<email>`, claimed in the database).
//! - A network the account completed a sign-in from in the last 90 days (`login_networks`) is
//!   never slowed down or stepped up by other networks' failures.

use crate::accounts::KNOWN_NETWORK_SECS;
use crate::blocking::in_transaction;
use crate::error::AppError;
use crate::settings::RateLimits;
use domain::{UserId, messages as msg};
use persistence::{DbConnection, DbPool, login_networks, now, rate_windows};
use std::time::Duration;
use upstream::OutgoingMail;

/// How often at most the owner of an account under attack is mailed about it.
const ALERT_EVERY_SECS: i64 = 86_400;
/// The longest delay, in units of `login_delay_unit`.
const MAX_DELAY_UNITS: u32 = 30;

/// The key counting the attempts on `email` from `network` since the last success there.
pub fn pair_key(email: &str, network: &str) -> String {
    format!("login:pair:{email}|{network}")
}

/// What the guard decided before the password is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// How long to hold the answer.
    pub delay: Duration,
    /// The network completed a sign-in to this account before.
    pub known: bool,
    /// The account is under attack and this network is not known: a right password must still
    /// pass a second factor.
    pub step_up: bool,
}

/// The delay before an attempt that follows `pair_failures` failures on the account from this
/// network and, from networks the account does not know, `attack_failures` (0 for a known
/// network). Doubles from one unit at `slow_after` pair failures, and from one unit at `attack`
/// account failures doubles every further `attack`; never above 30 units.
pub fn delay(limits: &RateLimits, pair_failures: u32, attack_failures: u32) -> Duration {
    let pair_steps = pair_failures
        .checked_sub(limits.login_slow_after)
        .map(|over| over + 1);
    let attack = limits.login_attack_failures.max(1);
    let attack_steps = attack_failures
        .checked_sub(attack)
        .map(|over| over / attack + 1);
    let Some(steps) = pair_steps.max(attack_steps) else {
        return Duration::ZERO;
    };
    let units = 1u32
        .checked_shl(steps.saturating_sub(1).min(31))
        .unwrap_or(u32::MAX)
        .min(MAX_DELAY_UNITS);
    limits.login_delay_unit * units
}

fn count(hits: Option<(i32, i64)>) -> u32 {
    hits.map_or(0, |(n, _)| u32::try_from(n).unwrap_or(0))
}

fn refuse(retry: i64) -> AppError {
    AppError::RateLimited {
        message: msg::TOO_MANY_REQUESTS.to_owned(),
        retry_after: retry.unsigned_abs().max(1),
    }
}

fn window_secs(window: Duration) -> i64 {
    i64::try_from(window.as_secs()).unwrap_or(i64::MAX)
}

/// Counts one sign-in attempt for `email` from `network` (`user`: the account, when there is
/// one) and decides: 429 over a limit (counting nothing), else the delay and whether a right
/// password must still pass a second factor.
pub async fn before(
    pool: &DbPool,
    limits: &RateLimits,
    email: &str,
    user: Option<UserId>,
    network: &str,
) -> Result<Verdict, AppError> {
    let limits = limits.clone();
    let (email, network) = (email.to_owned(), network.to_owned());
    in_transaction(pool, move |conn| {
        let now = now();
        let window = window_secs(limits.login_window);
        let per = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
        let net_key = format!("login:net:{network}");
        if let Some(retry) =
            rate_windows::hit(conn, &net_key, per(limits.login_per_ip), window, now)?
        {
            tracing::warn!(key = %net_key, "sign-in attempts from one network refused");
            return Err(refuse(retry));
        }
        let pair = pair_key(&email, &network);
        let pair_limit = per(limits.login_per_account_network);
        if let Some(retry) = rate_windows::hit(conn, &pair, pair_limit, window, now)? {
            tracing::warn!("sign-in attempts on one account from one network refused");
            return Err(refuse(retry));
        }
        // This attempt is counted: the ones before it failed (a success forgets the count).
        let pair_failures =
            count(rate_windows::current(conn, &pair, window, now)?).saturating_sub(1);
        let known = match user {
            Some(id) => login_networks::is_known(conn, id, &network, now - KNOWN_NETWORK_SECS)?,
            None => false,
        };
        let attack_failures = if known {
            0
        } else {
            count(rate_windows::current(conn, &fail_key(&email), window, now)?)
        };
        Ok(Verdict {
            delay: delay(&limits, pair_failures, attack_failures),
            known,
            step_up: !known && attack_failures >= limits.login_attack_failures,
        })
    })
    .await
}

fn fail_key(email: &str) -> String {
    format!("login:fail:{email}")
}

/// Records a wrong password for `email` from a network the account does not know (a known
/// network's failures count only for itself, in its pair count). True when this failure put the
/// account under attack and this instance claimed the day's notice to the owner.
pub async fn failed(pool: &DbPool, limits: &RateLimits, email: &str) -> Result<bool, AppError> {
    let limits = limits.clone();
    let email = email.to_owned();
    in_transaction(pool, move |conn| {
        let now = now();
        let window = window_secs(limits.login_window);
        rate_windows::hit(conn, &fail_key(&email), i32::MAX, window, now)?;
        let failures = count(rate_windows::current(conn, &fail_key(&email), window, now)?);
        if failures < limits.login_attack_failures {
            return Ok(false);
        }
        claim_alert(conn, &email, now)
    })
    .await
}

/// Claims the notice to the owner of `email` for the next day: true for exactly one caller.
fn claim_alert(conn: &mut DbConnection, email: &str, now: i64) -> Result<bool, AppError> {
    let key = format!("login:alert:{email}");
    Ok(rate_windows::hit(conn, &key, 1, ALERT_EVERY_SECS, now)?.is_none())
}

/// The notice to the owner of an account under attack.
pub fn attack_notice(to: &str, site: &str, failures: u32) -> OutgoingMail {
    OutgoingMail {
        to: to.to_owned(),
        subject: "Someone is trying to sign in to your ProxyShop account".to_owned(),
        text: format!(
            "There were {failures} or more failed attempts to sign in to your ProxyShop account \
             from networks you have not signed in from before, in the last few minutes.\n\n\
             Your account is not locked: from a network you used before you sign in as usual. \
             From any other network, a right password now also needs a code that we mail to \
             this address (or the code from your authenticator app), and attempts are slowed \
             down.\n\n\
             If you think someone knows your password, sign in at {site}/login, change it, and \
             turn on two-factor sign-in in the settings.\n"
        ),
    }
}

/// The mail carrying the one-time code of a stepped-up sign-in.
pub fn sign_in_code(to: &str, code: &str) -> OutgoingMail {
    OutgoingMail {
        to: to.to_owned(),
        subject: format!("{code} is your ProxyShop sign-in code"),
        text: format!(
            "Your ProxyShop sign-in code is {code}. It is valid for 5 minutes.\n\n\
             We ask for it because there were many failed attempts to sign in to your account \
             from other networks. If you did not just sign in, someone knows your password: \
             change it at once and turn on two-factor sign-in in the settings.\n"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> RateLimits {
        RateLimits {
            login_delay_unit: Duration::from_secs(1),
            ..RateLimits::default()
        }
    }

    #[test]
    fn no_delay_below_both_thresholds() {
        let l = limits();
        assert_eq!(delay(&l, 0, 0), Duration::ZERO);
        assert_eq!(
            delay(&l, l.login_slow_after - 1, l.login_attack_failures - 1),
            Duration::ZERO
        );
    }

    #[test]
    fn a_networks_own_failures_double_the_delay_up_to_thirty_units() {
        let l = limits();
        let s = l.login_slow_after;
        let secs: Vec<u64> = (0..8).map(|n| delay(&l, s + n, 0).as_secs()).collect();
        assert_eq!(secs, [1, 2, 4, 8, 16, 30, 30, 30]);
    }

    #[test]
    fn failures_from_unknown_networks_double_the_delay_every_threshold() {
        let l = limits();
        let a = l.login_attack_failures;
        assert_eq!(delay(&l, 0, a).as_secs(), 1);
        assert_eq!(delay(&l, 0, 2 * a - 1).as_secs(), 1);
        assert_eq!(delay(&l, 0, 2 * a).as_secs(), 2);
        assert_eq!(delay(&l, 0, 3 * a).as_secs(), 4);
        assert_eq!(delay(&l, 0, 1000 * a).as_secs(), 30);
        // The larger of the two applies.
        assert_eq!(delay(&l, l.login_slow_after + 3, 2 * a).as_secs(), 8);
    }

    #[test]
    fn a_zero_unit_never_waits() {
        let l = RateLimits {
            login_delay_unit: Duration::ZERO,
            ..RateLimits::default()
        };
        assert_eq!(delay(&l, 100, 100), Duration::ZERO);
    }
}
