//! Money is integer cents inside (stored as BIGINT cents); JSON shows dollars as numbers with
//! two decimals. Every operation on `Cents` lives here.

use serde::{Serialize, Serializer};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(
    feature = "diesel",
    derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)
)]
#[cfg_attr(feature = "diesel", diesel(sql_type = diesel::sql_types::BigInt))]
pub struct Cents(pub(crate) i64);

impl Cents {
    pub const ZERO: Cents = Cents(0);

    pub const fn new(cents: i64) -> Self {
        Cents(cents)
    }

    pub const fn get(self) -> i64 {
        self.0
    }

    /// Dollars for JSON output. Exact for every amount below 2^53 cents.
    pub fn as_dollars(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// Parses a dollar amount that came in as a JSON number, rounding half away from zero to
    /// the cent. Refuses non-finite values and amounts beyond a billion dollars.
    pub fn from_dollars(dollars: f64) -> Option<Self> {
        if !dollars.is_finite() || dollars.abs() > 1e9 {
            return None;
        }
        Some(Cents((dollars * 100.0).round() as i64))
    }

    /// "25.00": the exact decimal string payment APIs take.
    pub fn to_decimal_string(self) -> String {
        let sign = if self.get() < 0 { "-" } else { "" };
        let abs = self.get().unsigned_abs();
        format!("{sign}{}.{:02}", abs / 100, abs % 100)
    }

    /// Parses "25", "25.5", "25.50" or "25.500" exactly (no floating point); refuses a non-zero
    /// third decimal, signs, exponents and anything else.
    pub fn parse_decimal(value: &str) -> Option<Cents> {
        let (whole, frac) = value.trim().split_once('.').unwrap_or((value.trim(), ""));
        if whole.is_empty() || whole.len() > 12 || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if !frac.bytes().all(|b| b.is_ascii_digit()) || frac.len() > 8 {
            return None;
        }
        let (cents_part, rest) = frac.split_at(frac.len().min(2));
        if rest.bytes().any(|b| b != b'0') {
            return None;
        }
        let cents: i64 = format!("{cents_part:0<2}").parse().ok()?;
        Some(Cents::new(whole.parse::<i64>().ok()? * 100 + cents))
    }

    /// The price of one unit when this amount buys `units` of them, rounded up to the cent
    /// (the shop never sells below the plan's own rate); None for no units.
    pub fn per_unit_rounded_up(self, units: i64) -> Option<Cents> {
        if units <= 0 || self.0 < 0 {
            return None;
        }
        // Both are non-negative here, so this is the ceiling.
        self.0.checked_add(units - 1).map(|n| Cents::new(n / units))
    }

    /// This amount `n` times; None on overflow.
    pub fn times(self, n: i64) -> Option<Cents> {
        self.0.checked_mul(n).map(Cents::new)
    }

    /// `percent` of this amount, rounded down to the cent (referral bonuses never over-pay).
    pub fn percent(self, percent: u32) -> Cents {
        Cents::new(self.get() * i64::from(percent) / 100)
    }
}

impl std::ops::Neg for Cents {
    type Output = Cents;

    fn neg(self) -> Cents {
        Cents(-self.0)
    }
}

impl std::iter::Sum for Cents {
    fn sum<I: Iterator<Item = Cents>>(iter: I) -> Cents {
        Cents(iter.map(Cents::get).sum())
    }
}

impl std::fmt::Display for Cents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}${}.{:02}", abs / 100, abs % 100)
    }
}

impl Serialize for Cents {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.as_dollars())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_per_unit_rate_rounds_in_the_shops_favour() {
        assert_eq!(
            Cents::new(1500).per_unit_rounded_up(5),
            Some(Cents::new(300))
        );
        // $28 for 10 GB is $2.80 a GB; $10 for 3 GB is 333.33… cents, so 334.
        assert_eq!(
            Cents::new(2800).per_unit_rounded_up(10),
            Some(Cents::new(280))
        );
        assert_eq!(
            Cents::new(1000).per_unit_rounded_up(3),
            Some(Cents::new(334))
        );
        assert_eq!(Cents::new(1000).per_unit_rounded_up(0), None);
        assert_eq!(Cents::new(334).times(7), Some(Cents::new(2338)));
        assert_eq!(Cents::new(i64::MAX).times(2), None);
    }

    #[test]
    fn displays_dollars_with_two_decimals() {
        assert_eq!(Cents::new(2500).to_string(), "$25.00");
        assert_eq!(Cents::new(7).to_string(), "$0.07");
        assert_eq!(Cents::new(-1234).to_string(), "-$12.34");
    }

    #[test]
    fn parses_dollars_to_the_cent() {
        assert_eq!(Cents::from_dollars(0.1), Some(Cents::new(10)));
        assert_eq!(Cents::from_dollars(19.999), Some(Cents::new(2000)));
        assert_eq!(Cents::from_dollars(f64::NAN), None);
        assert_eq!(Cents::from_dollars(1e12), None);
    }

    #[test]
    fn decimal_strings() {
        assert_eq!(Cents::new(2500).to_decimal_string(), "25.00");
        assert_eq!(Cents::new(7).to_decimal_string(), "0.07");
        for (s, c) in [
            ("25", 2500),
            ("25.5", 2550),
            ("25.50", 2550),
            ("0.10", 10),
            ("25.500", 2550),
        ] {
            assert_eq!(Cents::parse_decimal(s), Some(Cents::new(c)), "{s}");
        }
        for s in [
            "", ".5", "25.505", "-1", "1e3", "25,00", "abc", "25.5.5", "+1",
        ] {
            assert_eq!(Cents::parse_decimal(s), None, "{s}");
        }
    }

    #[test]
    fn percent_rounds_down() {
        assert_eq!(Cents::new(2500).percent(10), Cents::new(250));
        assert_eq!(Cents::new(999).percent(10), Cents::new(99));
        assert_eq!(Cents::new(5).percent(10), Cents::ZERO);
    }

    proptest! {
        #[test]
        fn dollars_round_trip(cents in -10_000_000_000i64..10_000_000_000i64) {
            let c = Cents::new(cents);
            prop_assert_eq!(Cents::from_dollars(c.as_dollars()), Some(c));
        }

        #[test]
        fn decimal_round_trip(cents in 0i64..100_000_000_000) {
            let c = Cents::new(cents);
            prop_assert_eq!(Cents::parse_decimal(&c.to_decimal_string()), Some(c));
        }
    }
}
