//! Numbers typed into forms. Amounts (dollars, GB) typed as JSON numbers, by the operator or a
//! customer (a sub-user's cap): non-zero, at most two decimals and at most 100000 either way,
//! read exactly as hundredths (no floating-point rounding). Quantities: whole numbers given as
//! a JSON integer or a plain digit string, nothing else ([`quantity`]).

use domain::Cents;
use serde_json::Value;

const LIMIT_HUNDREDTHS: i64 = 100_000 * 100;

/// Hundredths of `value` (`12.5` is 1250, `-3` is -300), or `None` when it is not a number,
/// is zero, has more than two decimals or is beyond ±100000.
pub fn hundredths(value: Option<&Value>) -> Option<i64> {
    let Some(Value::Number(number)) = value else {
        return None;
    };
    // serde_json writes a number as its shortest exact text (`1e2` as `100.0`).
    let text = number.to_string();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    let magnitude = Cents::parse_decimal(digits)?.get();
    if magnitude == 0 || magnitude > LIMIT_HUNDREDTHS {
        return None;
    }
    Some(if negative { -magnitude } else { magnitude })
}

/// What a quantity field held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// Absent, null, or a string with nothing but whitespace (an emptied field).
    Missing,
    /// Anything but a whole number written plainly: a sign, an exponent, a decimal point
    /// (`2.0` included), whitespace around digits, a boolean, an array, an object.
    Invalid,
    /// A whole number; digit strings too long for `u64` saturate (they are over any limit).
    Whole(u64),
}

/// Reads a quantity: a JSON integer (`3`) or a string of ASCII digits only (`"3"`).
/// serde_json reads `1e2` and `2.0` as floats, so those are [`Quantity::Invalid`], as are
/// negative integers and integers beyond `u64` (read as floats too).
pub fn quantity(value: Option<&Value>) -> Quantity {
    match value {
        None | Some(Value::Null) => Quantity::Missing,
        Some(Value::String(s)) if s.trim().is_empty() => Quantity::Missing,
        Some(Value::String(s)) if s.bytes().all(|b| b.is_ascii_digit()) => {
            Quantity::Whole(s.parse().unwrap_or(u64::MAX))
        }
        Some(Value::Number(n)) => n.as_u64().map_or(Quantity::Invalid, Quantity::Whole),
        Some(_) => Quantity::Invalid,
    }
}

#[cfg(test)]
mod tests {
    use super::{Quantity, hundredths, quantity};
    use serde_json::json;

    #[test]
    fn two_decimals_non_zero_and_bounded() {
        let h = |v: serde_json::Value| hundredths(Some(&v));
        assert_eq!(h(json!(12.5)), Some(1250));
        assert_eq!(h(json!(-3)), Some(-300));
        assert_eq!(h(json!(0.01)), Some(1));
        assert_eq!(h(json!(100000)), Some(10_000_000));
        assert_eq!(h(json!(-100000)), Some(-10_000_000));
        assert_eq!(h(json!(100000.01)), None);
        assert_eq!(h(json!(0)), None);
        assert_eq!(h(json!(0.0)), None);
        assert_eq!(h(json!(1.005)), None);
        assert_eq!(h(json!("5")), None);
        assert_eq!(h(json!(null)), None);
        assert_eq!(hundredths(None), None);
        assert_eq!(h(serde_json::from_str("1e2").unwrap()), Some(10_000));
        assert_eq!(h(serde_json::from_str("1e-7").unwrap()), None);
    }

    #[test]
    fn quantities_are_plain_whole_numbers() {
        let q = |text: &str| quantity(Some(&serde_json::from_str(text).unwrap()));
        assert_eq!(quantity(None), Quantity::Missing);
        for missing in ["null", r#""""#, r#""  ""#] {
            assert_eq!(q(missing), Quantity::Missing, "{missing}");
        }
        for (text, n) in [("3", 3), (r#""3""#, 3), ("0", 0), (r#""007""#, 7)] {
            assert_eq!(q(text), Quantity::Whole(n), "{text}");
        }
        assert_eq!(q(r#""99999999999999999999999""#), Quantity::Whole(u64::MAX));
        for bad in [
            "1e2",
            r#""1e2""#,
            r#""2e0""#,
            "2.0",
            "1.5",
            r#""2.0""#,
            "-1",
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
}
