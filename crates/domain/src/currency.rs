//! Prices shown in the customer's currency (docs/configuration.md, "Display currencies"): the
//! currency codes an operator may choose, an exchange rate (units of a currency per US dollar)
//! read strictly from its decimal text, and how long a stored rate may be shown. Every amount the
//! shop charges or records stays in USD; these only make an approximate price beside it.

use std::fmt;

/// A stored rate older than this is not shown (the site falls back to USD alone).
pub const STALE_AFTER_SECS: i64 = 3 * 86_400;

/// The rates are refreshed when the newest stored one is at least this old.
pub const REFRESH_AFTER_SECS: i64 = 86_400;

/// An ISO 4217 style code: exactly three upper-case ASCII letters (`EUR`, `GBP`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CurrencyCode(String);

impl CurrencyCode {
    /// Three upper-case ASCII letters, nothing else (no trimming, no case folding).
    pub fn parse(text: &str) -> Option<Self> {
        (text.len() == 3 && text.bytes().all(|b| b.is_ascii_uppercase()))
            .then(|| CurrencyCode(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for CurrencyCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How many units of a currency one US dollar buys: a positive, finite decimal, kept as the
/// decimal text it was read from (digits, at most one point, at most 12 digits before it and
/// 12 after it), so that storing it loses nothing.
#[derive(Debug, Clone, PartialEq)]
pub struct PerUsd {
    text: String,
    value: f64,
}

impl PerUsd {
    /// A plain decimal (`0.92`, `0.92000000`, `1`): no sign, exponent, spaces or separators;
    /// zero is refused.
    pub fn parse(text: &str) -> Option<Self> {
        let (whole, fraction) = match text.split_once('.') {
            Some((whole, fraction)) => (whole, Some(fraction)),
            None => (text, None),
        };
        let digits = |s: &str, max: usize| {
            !s.is_empty() && s.len() <= max && s.bytes().all(|b| b.is_ascii_digit())
        };
        if !digits(whole, 12) || fraction.is_some_and(|f| !digits(f, 12)) {
            return None;
        }
        let value: f64 = text.parse().ok()?;
        (value.is_finite() && value > 0.0).then(|| PerUsd {
            text: text.to_owned(),
            value,
        })
    }

    /// The decimal text, as read.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The rate as a float, for display only (never for money the shop keeps).
    pub fn value(&self) -> f64 {
        self.value
    }
}

/// Whether a rate fetched at `fetched_at` may still be shown at `now`.
pub fn is_fresh(fetched_at: i64, now: i64) -> bool {
    now - fetched_at < STALE_AFTER_SECS
}

/// Whether rates whose newest was fetched at `newest` (`None`: none stored) are due a refresh.
pub fn refresh_due(newest: Option<i64>, now: i64) -> bool {
    newest.is_none_or(|at| now - at >= REFRESH_AFTER_SECS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_three_upper_case_letters() {
        assert_eq!(CurrencyCode::parse("EUR").unwrap().as_str(), "EUR");
        for bad in ["eur", "EU", "EURO", "E1R", " EUR", "", "ÉUR"] {
            assert!(CurrencyCode::parse(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn rates_are_positive_plain_decimals() {
        let rate = PerUsd::parse("0.92000000").unwrap();
        assert_eq!(rate.as_str(), "0.92000000");
        assert!((rate.value() - 0.92).abs() < 1e-12);
        assert_eq!(PerUsd::parse("150").unwrap().value(), 150.0);
        for bad in [
            "0",
            "0.000",
            "-0.92",
            "+0.92",
            "1e3",
            "NaN",
            "inf",
            "",
            ".5",
            "5.",
            "0,92",
            " 1",
            "1.2.3",
            "1234567890123",
            "0.1234567890123",
        ] {
            assert!(PerUsd::parse(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn staleness_and_refresh_are_measured_from_the_fetch() {
        assert!(is_fresh(1_000, 1_000 + STALE_AFTER_SECS - 1));
        assert!(!is_fresh(1_000, 1_000 + STALE_AFTER_SECS));
        assert!(refresh_due(None, 0));
        assert!(!refresh_due(Some(1_000), 1_000 + REFRESH_AFTER_SECS - 1));
        assert!(refresh_due(Some(1_000), 1_000 + REFRESH_AFTER_SECS));
    }
}
