//! The one reading of every money and quantity field of a request (docs/api.md, "Numbers"):
//!
//! - **Money and decimal amounts** (dollars, GB with decimals): a JSON number with at most two
//!   decimals, read exactly as hundredths. `1.005` is refused, never rounded; `1.50`, `1.5e0`
//!   and `150e-2` are the same value and all read as 150 hundredths.
//! - **Whole numbers** (GB bought, quantities, days, capacities, ids): a JSON number whose value
//!   is whole. JSON has one number type and JSON Schema's `integer` is a value rule, so `2`,
//!   `2.0` and `2e0` are the same whole number and all accepted; `2.5` is not whole.
//!
//! Each field then checks its own range. serde_json (without `arbitrary_precision`) keeps a
//! number that is not a whole `i64`/`u64` as the nearest `f64`; a decimal is judged by that
//! value's shortest exact text, so a text with more digits than an `f64` holds
//! (`1.00000000000000001`) is read as the value it parses to.

use crate::money::Cents;
use crate::rules::Whole;
use serde::{Deserialize, Deserializer};
use serde_json::{Number, Value};

/// The largest whole number read from a float: beyond 2^53 a float no longer tells whole
/// numbers apart.
const MAX_EXACT_FLOAT: f64 = 9_007_199_254_740_992.0;

/// Hundredths of `number` (`12.5` is 1250, `-3` is -300), or `None` when it has more than two
/// decimals or is beyond a trillion either way.
pub fn hundredths(number: &Number) -> Option<i64> {
    // serde_json writes a number as its shortest exact text (`1e2` as `100.0`).
    let text = number.to_string();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    let magnitude = Cents::parse_decimal(digits)?.get();
    Some(if negative { -magnitude } else { magnitude })
}

/// [`hundredths`] of a JSON value: `None` for anything but a number.
pub fn hundredths_of(value: &Value) -> Option<i64> {
    match value {
        Value::Number(number) => hundredths(number),
        _ => None,
    }
}

/// [`hundredths`] of a number a typed field read as `f64`; `None` for a non-finite one.
pub fn hundredths_of_f64(value: f64) -> Option<i64> {
    Number::from_f64(value).as_ref().and_then(hundredths)
}

/// `number` when its value is whole and fits `i64`: `2`, `2.0` and `2e0` alike.
pub fn whole(number: &Number) -> Option<i64> {
    if let Some(n) = number.as_i64() {
        return Some(n);
    }
    if number.is_u64() {
        return None;
    }
    number.as_f64().and_then(whole_of_f64)
}

/// [`whole`] of a JSON value: `None` for anything but a number.
pub fn whole_of(value: &Value) -> Option<i64> {
    match value {
        Value::Number(number) => whole(number),
        _ => None,
    }
}

/// [`whole`] of a number a typed field read as `f64`.
pub fn whole_of_f64(value: f64) -> Option<i64> {
    let ok = value.is_finite() && value.fract() == 0.0 && value.abs() <= MAX_EXACT_FLOAT;
    // In range and whole: the conversion is exact.
    ok.then_some(value as i64)
}

/// How many lines one generation makes, or pieces one purchase buys.
pub const QUANTITY: Whole = Whole { min: 1, max: 1000 };

/// What a quantity field (how many lines or pieces) held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// Absent, null, or a string with nothing but whitespace (an emptied field).
    Missing,
    /// Anything but a whole number: a fraction, a negative number, a string with anything but
    /// digits (a sign, a point, an exponent, whitespace around digits), a boolean, an array, an
    /// object.
    Invalid,
    /// A whole number; digit strings too long for `u64` saturate (they are over any limit).
    Whole(u64),
}

/// Reads a quantity: a whole JSON number ([`whole`]: `3`, `3.0`, `3e0`), or, as form fields
/// send it, a string of ASCII digits only (`"3"`).
pub fn quantity(value: Option<&Value>) -> Quantity {
    match value {
        None | Some(Value::Null) => Quantity::Missing,
        Some(Value::String(s)) if s.trim().is_empty() => Quantity::Missing,
        Some(Value::String(s)) if s.bytes().all(|b| b.is_ascii_digit()) => {
            Quantity::Whole(s.parse().unwrap_or(u64::MAX))
        }
        Some(Value::Number(n)) => match (n.as_u64(), whole(n)) {
            (Some(big), _) => Quantity::Whole(big),
            (None, Some(w)) => u64::try_from(w).map_or(Quantity::Invalid, Quantity::Whole),
            (None, None) => Quantity::Invalid,
        },
        Some(_) => Quantity::Invalid,
    }
}

/// serde's `deserialize_with` for an optional whole-number field (`Option<i64>` with
/// `#[serde(default)]`): a JSON number whose value is whole ([`whole`]), or null; anything else
/// is a type error ("a whole number") that names the field.
pub fn optional_whole<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    match Option::<Number>::deserialize(d)? {
        None => Ok(None),
        Some(number) => whole(&number).map(Some).ok_or_else(|| {
            serde::de::Error::invalid_value(
                serde::de::Unexpected::Other("a number that is not whole"),
                &"a whole number",
            )
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn number(text: &str) -> Number {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn money_has_at_most_two_decimals_read_exactly() {
        let h = |text: &str| hundredths(&number(text));
        assert_eq!(h("12.5"), Some(1250));
        assert_eq!(h("-3"), Some(-300));
        assert_eq!(h("0.01"), Some(1));
        assert_eq!(h("1.50"), Some(150));
        assert_eq!(h("1.5e0"), Some(150));
        assert_eq!(h("150e-2"), Some(150));
        assert_eq!(h("1e2"), Some(10_000));
        assert_eq!(h("0"), Some(0));
        assert_eq!(h("1.005"), None);
        assert_eq!(h("1e-7"), None);
        assert_eq!(h("1e20"), None);
        assert_eq!(hundredths_of_f64(1.005), None);
        assert_eq!(hundredths_of_f64(10.1), Some(1010));
        assert_eq!(hundredths_of_f64(0.1), Some(10));
        assert_eq!(hundredths_of_f64(f64::NAN), None);
        assert_eq!(hundredths_of(&json!("5")), None);
        assert_eq!(hundredths_of(&json!(null)), None);
    }

    #[test]
    fn whole_numbers_are_judged_by_value() {
        let w = |text: &str| whole(&number(text));
        for (text, n) in [("2", 2), ("2.0", 2), ("2e0", 2), ("1e2", 100), ("-3", -3)] {
            assert_eq!(w(text), Some(n), "{text}");
        }
        for text in ["2.5", "1e-1", "1e20", "18446744073709551615"] {
            assert_eq!(w(text), None, "{text}");
        }
        assert_eq!(whole_of(&json!("2")), None);
        assert_eq!(whole_of_f64(f64::INFINITY), None);
    }

    #[test]
    fn quantities_are_whole_numbers_or_digit_strings() {
        let q = |text: &str| quantity(Some(&serde_json::from_str(text).unwrap()));
        assert_eq!(quantity(None), Quantity::Missing);
        for missing in ["null", r#""""#, r#""  ""#] {
            assert_eq!(q(missing), Quantity::Missing, "{missing}");
        }
        for (text, n) in [
            ("3", 3),
            ("3.0", 3),
            ("3e0", 3),
            ("1e2", 100),
            (r#""3""#, 3),
            ("0", 0),
            (r#""007""#, 7),
        ] {
            assert_eq!(q(text), Quantity::Whole(n), "{text}");
        }
        assert_eq!(q(r#""99999999999999999999999""#), Quantity::Whole(u64::MAX));
        for bad in [
            r#""1e2""#,
            r#""2e0""#,
            "1.5",
            r#""2.0""#,
            "-1",
            "-1.0",
            r#""-1""#,
            r#""+1""#,
            r#"" 1""#,
            r#""1 ""#,
            r#""abc""#,
            "true",
            "[1]",
            r#"{"a":1}"#,
            "1e20",
            "99999999999999999999999",
        ] {
            assert_eq!(q(bad), Quantity::Invalid, "{bad}");
        }
    }

    #[test]
    fn a_whole_field_takes_any_spelling_of_a_whole_value() {
        #[derive(Deserialize)]
        struct Body {
            #[serde(default, deserialize_with = "optional_whole")]
            n: Option<i64>,
        }
        let n = |text: &str| serde_json::from_str::<Body>(text).map(|b| b.n);
        assert_eq!(n(r#"{"n": 5}"#).unwrap(), Some(5));
        assert_eq!(n(r#"{"n": 5.0}"#).unwrap(), Some(5));
        assert_eq!(n(r#"{"n": null}"#).unwrap(), None);
        assert_eq!(n("{}").unwrap(), None);
        assert!(n(r#"{"n": 5.5}"#).is_err());
        assert!(n(r#"{"n": "5"}"#).is_err());
    }
}
