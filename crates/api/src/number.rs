//! Amounts (dollars, GB) typed as JSON numbers, by the operator or a customer (a sub-user's
//! cap): non-zero, at most two decimals and at most 100000 either way, read exactly as
//! hundredths (no floating-point rounding).

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

#[cfg(test)]
mod tests {
    use super::hundredths;
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
}
