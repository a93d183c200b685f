//! The free trial: Premium traffic for every new customer with a verified email, valid 24 hours,
//! once per mailbox ever and at most `trial_per_ip_per_day` per source address (an IPv6 /64),
//! granted in the sign-up's transaction. No money moves: the trial is traffic only, with no
//! ledger row.

use crate::error::ApiError;
use crate::settings::{Settings, TRIAL_VALIDITY_SECS};
use domain::units::MB;
use domain::{CanonicalEmail, ProxyKind};
use persistence::trials::{self, Claim, NewClaim};
use persistence::{DbConnection, traffic};

/// Grants the trial to the new account `user_id` if the settings, the mailbox and the address
/// allow; returns whether it did. Call inside the transaction that created the account.
pub fn grant(
    conn: &mut DbConnection,
    settings: &Settings,
    user_id: domain::UserId,
    mailbox: &CanonicalEmail,
    ip: &str,
) -> Result<bool, ApiError> {
    if settings.trial_mb == 0 {
        return Ok(false);
    }
    let now = persistence::now();
    let bytes = i64::from(settings.trial_mb) * MB;
    let day = domain::calendar::utc_day(now);
    let source = source_address(ip);
    let claim = trials::claim(
        conn,
        &NewClaim {
            mailbox: mailbox.as_str(),
            user_id,
            ip: &source,
            day: &day,
            per_ip: settings.trial_per_ip_per_day,
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
            tracing::info!(%user_id, mb = settings.trial_mb, "free trial granted");
            Ok(true)
        }
        refused => {
            tracing::info!(%user_id, ?refused, "no free trial");
            Ok(false)
        }
    }
}

/// The source a per-address limit counts: an IPv4 address as is, an IPv6 address by its /64 (one
/// customer's line usually gets a whole /64, so single IPv6 addresses are free to rotate).
fn source_address(ip: &str) -> String {
    match ip.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let s = v6.segments();
            let net = std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
            format!("{net}/64")
        }
        Ok(std::net::IpAddr::V6(v6)) => v6
            .to_ipv4_mapped()
            .map_or_else(|| ip.to_owned(), |v4| v4.to_string()),
        _ => ip.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ipv6_sources_count_by_their_64() {
        use super::source_address;
        assert_eq!(source_address("203.0.113.7"), "203.0.113.7");
        assert_eq!(source_address("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(source_address("2001:db8:1:2:bbbb::9"), "2001:db8:1:2::/64");
        assert_eq!(source_address("::ffff:198.51.100.4"), "198.51.100.4");
        assert_eq!(source_address("unknown"), "unknown");
    }
}
