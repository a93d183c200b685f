//! Numbers typed into forms, read by the one rule of `domain::numbers` (docs/api.md,
//! "Numbers"). Amounts (dollars, GB) typed as JSON numbers, by the operator or a customer (a
//! sub-user's cap): non-zero, at most two decimals and at most 100000 either way, read exactly
//! as hundredths. Quantities: whole numbers ([`quantity`]).

pub use domain::numbers::{Quantity, quantity};
use serde_json::Value;

/// Hundredths of `value` (`12.5` is 1250, `-3` is -300), or `None` when it is not a number,
/// is zero, has more than two decimals or is beyond ±100000.
pub fn hundredths(value: Option<&Value>) -> Option<i64> {
    let signed = domain::numbers::hundredths_of(value?)?;
    let allowed = domain::rules::SIGNED_AMOUNT
        .iter()
        .any(|r| r.contains(signed));
    allowed.then_some(signed)
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
