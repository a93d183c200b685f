//! Money is integer cents inside; JSON shows dollars as numbers with two decimals.

use serde::{Serialize, Serializer};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Cents(i64);

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

    proptest! {
        #[test]
        fn dollars_round_trip(cents in -10_000_000_000i64..10_000_000_000i64) {
            let c = Cents::new(cents);
            prop_assert_eq!(Cents::from_dollars(c.as_dollars()), Some(c));
        }
    }
}
