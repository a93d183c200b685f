//! The self-serve refund terms (docs/configuration.md, "Refunds"; docs/refunds.md).

use super::source::{ConfigError, Source, bad, whole};
use domain::refund::RefundPolicy;

/// `PROXYSHOP_REFUND_DAYS` (default 7, 0 to 365; 0: no self-serve refunds of traffic),
/// `PROXYSHOP_REFUND_MAX_USED_PERCENT` (default 10, 1 to 100) and
/// `PROXYSHOP_PIECE_REFUND_HOURS` (default 24, 0 to 720; 0: no refunds of pieces).
pub(super) fn refund_policy(src: &Source) -> Result<RefundPolicy, ConfigError> {
    let defaults = RefundPolicy::default();
    let days = whole(src, "PROXYSHOP_REFUND_DAYS", defaults.days)?;
    if days > 365 {
        return Err(bad(
            "PROXYSHOP_REFUND_DAYS",
            "must be between 0 and 365 days",
        ));
    }
    let max_used_percent = whole(
        src,
        "PROXYSHOP_REFUND_MAX_USED_PERCENT",
        defaults.max_used_percent,
    )?;
    if !(1..=100).contains(&max_used_percent) {
        return Err(bad(
            "PROXYSHOP_REFUND_MAX_USED_PERCENT",
            "must be between 1 and 100 percent",
        ));
    }
    let piece_hours = whole(src, "PROXYSHOP_PIECE_REFUND_HOURS", defaults.piece_hours)?;
    if piece_hours > 720 {
        return Err(bad(
            "PROXYSHOP_PIECE_REFUND_HOURS",
            "must be between 0 and 720 hours",
        ));
    }
    Ok(RefundPolicy {
        days,
        max_used_percent,
        piece_hours,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(pairs: &[(&str, &str)]) -> Result<RefundPolicy, ConfigError> {
        refund_policy(&Source::from_pairs(pairs))
    }

    #[test]
    fn defaults_values_and_refusals_name_their_key() {
        assert_eq!(policy(&[]).unwrap(), RefundPolicy::default());
        let set = policy(&[
            ("PROXYSHOP_REFUND_DAYS", "3"),
            ("PROXYSHOP_REFUND_MAX_USED_PERCENT", "20"),
            ("PROXYSHOP_PIECE_REFUND_HOURS", "0"),
        ])
        .unwrap();
        assert_eq!(
            set,
            RefundPolicy {
                days: 3,
                max_used_percent: 20,
                piece_hours: 0
            }
        );
        for (key, value) in [
            ("PROXYSHOP_REFUND_DAYS", "366"),
            ("PROXYSHOP_REFUND_MAX_USED_PERCENT", "0"),
            ("PROXYSHOP_REFUND_MAX_USED_PERCENT", "101"),
            ("PROXYSHOP_PIECE_REFUND_HOURS", "721"),
            ("PROXYSHOP_REFUND_DAYS", "seven"),
        ] {
            let err = policy(&[(key, value)]).unwrap_err().to_string();
            assert!(err.contains(key), "{key}={value}: {err}");
        }
    }
}
