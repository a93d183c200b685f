//! Wallet top-ups: the coins accepted, the one payment method, the amount rules of the Add Funds
//! dialog (docs/api.md#wallet), and exact decimal strings for provider APIs.

use crate::messages as msg;
use crate::money::Cents;
use crate::validation::FieldErrors;

/// The coins a customer may pay with. LTC is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Coin {
    Doge,
    Trx,
    Ltc,
    Usdt,
}

impl Coin {
    pub const ALL: [Coin; 4] = [Coin::Doge, Coin::Trx, Coin::Ltc, Coin::Usdt];
    pub const DEFAULT: Coin = Coin::Ltc;

    pub fn as_str(self) -> &'static str {
        match self {
            Coin::Doge => "DOGE",
            Coin::Trx => "TRX",
            Coin::Ltc => "LTC",
            Coin::Usdt => "USDT",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(value.trim()))
    }
}

/// The single payment method, spelled as the front end has always sent it (sic).
pub const METHOD_CRYPTOMUS: &str = "cryptomous";
/// Smallest top-up: $0.10 ("Amount must be greater than 0.1" below it).
pub const MIN_TOPUP: Cents = Cents::new(10);
/// Largest single top-up: $10,000.
pub const MAX_TOPUP: Cents = Cents::new(1_000_000);

/// A valid Add Funds request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopUp {
    pub amount: Cents,
    pub coin: Coin,
}

impl TopUp {
    pub fn parse(
        amount: Option<f64>,
        method: Option<&str>,
        currency: Option<&str>,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let method = method.map(str::trim).filter(|m| !m.is_empty());
        let (Some(amount), Some(method)) = (amount, method) else {
            let field = if amount.is_none() { "amount" } else { "method" };
            errors.add(field, msg::FILL_ALL_FIELDS);
            return Err(errors);
        };
        let cents = Cents::from_dollars(amount);
        match cents {
            Some(c) if c >= MIN_TOPUP && c <= MAX_TOPUP => {}
            Some(c) if c > MAX_TOPUP => errors.add("amount", msg::AMOUNT_TOO_LARGE),
            _ => errors.add("amount", msg::AMOUNT_TOO_SMALL),
        }
        if method != METHOD_CRYPTOMUS {
            errors.add("method", msg::UNSUPPORTED_METHOD);
        }
        let coin = match currency.map(str::trim).filter(|c| !c.is_empty()) {
            None => Some(Coin::DEFAULT),
            Some(c) => Coin::parse(c),
        };
        if coin.is_none() {
            errors.add("currency", msg::UNSUPPORTED_CURRENCY);
        }
        match (cents, coin) {
            (Some(amount), Some(coin)) if errors.is_empty() => Ok(TopUp { amount, coin }),
            _ => Err(errors),
        }
    }
}

impl Cents {
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

    /// `percent` of this amount, rounded down to the cent (referral bonuses never over-pay).
    pub fn percent(self, percent: u32) -> Cents {
        Cents::new(self.get() * i64::from(percent) / 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn top_up_rules_and_messages() {
        let err = |a, m, c| TopUp::parse(a, m, c).unwrap_err();
        assert_eq!(
            err(None, Some("cryptomous"), None).get("amount"),
            Some(msg::FILL_ALL_FIELDS)
        );
        assert_eq!(
            err(Some(5.0), None, None).get("method"),
            Some(msg::FILL_ALL_FIELDS)
        );
        assert_eq!(
            err(Some(5.0), Some(" "), None).get("method"),
            Some(msg::FILL_ALL_FIELDS)
        );
        assert_eq!(
            err(Some(0.09), Some("cryptomous"), None).get("amount"),
            Some(msg::AMOUNT_TOO_SMALL)
        );
        assert_eq!(
            err(Some(-1.0), Some("cryptomous"), None).get("amount"),
            Some(msg::AMOUNT_TOO_SMALL)
        );
        assert_eq!(
            err(Some(f64::NAN), Some("cryptomous"), None).get("amount"),
            Some(msg::AMOUNT_TOO_SMALL)
        );
        assert_eq!(
            err(Some(10_000.01), Some("cryptomous"), None).get("amount"),
            Some(msg::AMOUNT_TOO_LARGE)
        );
        assert_eq!(
            err(Some(5.0), Some("paypal"), None).get("method"),
            Some(msg::UNSUPPORTED_METHOD)
        );
        assert_eq!(
            err(Some(5.0), Some("cryptomous"), Some("BTC")).get("currency"),
            Some(msg::UNSUPPORTED_CURRENCY)
        );
        let ok = TopUp::parse(Some(0.1), Some("cryptomous"), None).unwrap();
        assert_eq!(
            ok,
            TopUp {
                amount: Cents::new(10),
                coin: Coin::Ltc
            }
        );
        let ok = TopUp::parse(Some(25.0), Some("cryptomous"), Some("usdt")).unwrap();
        assert_eq!(
            ok,
            TopUp {
                amount: Cents::new(2500),
                coin: Coin::Usdt
            }
        );
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
        fn decimal_round_trip(cents in 0i64..100_000_000_000) {
            let c = Cents::new(cents);
            prop_assert_eq!(Cents::parse_decimal(&c.to_decimal_string()), Some(c));
        }
    }
}
