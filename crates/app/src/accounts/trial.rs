//! The free trial: Premium traffic for every new customer with a verified email, valid 24 hours,
//! once per mailbox ever and at most `per_ip_per_day` per network (an IPv4 /24, an IPv6 /64:
//! `trial_network_of`) and UTC day, plus what the operator allowed that network for the day,
//! granted in the sign-up's transaction. A sign-up refused a trial is recorded with its reason,
//! which the dashboard tells the customer. No money moves: the trial is traffic only, with no
//! ledger row.

use crate::error::AppError;
use crate::settings::{TRIAL_VALIDITY_SECS, TrialPolicy};
use domain::units::MB;
use domain::{CanonicalEmail, ProxyKind};
use persistence::trials::{self, Claim, NewClaim};
use persistence::{DbConnection, traffic};

/// What a sign-up's claim came to, and when it was made (the trial's validity counts from it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrialClaim {
    pub claim: Claim,
    pub at: i64,
}

/// Grants the trial to the new account `user_id` if the policy, the mailbox and the address
/// allow; returns what came of the claim (None when the shop offers no trial). Call inside the
/// transaction that created the account.
pub fn grant(
    conn: &mut DbConnection,
    policy: TrialPolicy,
    user_id: domain::UserId,
    mailbox: &CanonicalEmail,
    ip: &str,
) -> Result<Option<TrialClaim>, AppError> {
    if policy.mb == 0 {
        return Ok(None);
    }
    let now = persistence::now();
    let bytes = i64::from(policy.mb) * MB;
    let day = domain::calendar::utc_day(now);
    let source = domain::network::trial_network_of(ip);
    let claim = trials::claim(
        conn,
        &NewClaim {
            mailbox: mailbox.as_str(),
            user_id,
            ip: &source,
            day: &day,
            per_ip: policy.per_ip_per_day,
            bytes,
            at: now,
        },
    )?;
    match claim {
        Claim::Granted => {
            traffic::add_purchased(
                conn,
                user_id,
                ProxyKind::Premium,
                bytes,
                Some(now + TRIAL_VALIDITY_SECS),
            )?;
            tracing::info!(%user_id, mb = policy.mb, "free trial granted");
        }
        refused => tracing::info!(%user_id, ?refused, "no free trial"),
    }
    Ok(Some(TrialClaim { claim, at: now }))
}
