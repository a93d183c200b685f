//! How Proxy-Seller's fields are read: ids and amounts come as text or as numbers, whole numbers
//! as numbers or digits, and text is trimmed; a value of the wrong type counts as absent.

use serde::Deserialize;

/// A scalar the provider sends as text or as a number (ids, amounts).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(super) enum Loose {
    Text(String),
    Number(serde_json::Number),
}

impl Loose {
    /// As text: a number as written, a string trimmed; `None` when empty.
    pub(super) fn text(&self) -> Option<String> {
        match self {
            Loose::Number(number) => Some(number.to_string()),
            Loose::Text(text) => trimmed(Some(text)),
        }
    }
}

/// A whole number sent as a number or as digits (`"50102"`, trimmed).
#[derive(Debug, Clone, Copy, Deserialize)]
pub(super) struct Whole(pub u32);

impl std::str::FromStr for Whole {
    type Err = std::num::ParseIntError;
    fn from_str(digits: &str) -> Result<Self, Self::Err> {
        digits.trim().parse().map(Whole)
    }
}

/// A non-empty string, trimmed.
pub(super) fn trimmed(text: Option<&String>) -> Option<String> {
    text.map(|text| text.trim())
        .filter(|text| !text.is_empty())
        .map(str::to_owned)
}

/// An amount sent as a number (`9`, `1.35`) or as decimal text, as decimal text.
pub(super) fn amount(value: Option<&Loose>) -> Option<String> {
    let amount = match value? {
        Loose::Number(number) => number.to_string(),
        Loose::Text(text) => text.trim().to_owned(),
    };
    let (whole, fraction) = amount.split_once('.').unwrap_or((&amount, ""));
    let decimal = !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
        && !amount.ends_with('.');
    decimal.then_some(amount)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn loose(value: Value) -> Option<Loose> {
        serde_json::from_value(value).ok()
    }

    #[test]
    fn amounts_are_kept_as_decimal_text() {
        assert_eq!(amount(loose(json!(9)).as_ref()).as_deref(), Some("9"));
        assert_eq!(amount(loose(json!(1.35)).as_ref()).as_deref(), Some("1.35"));
        assert_eq!(
            amount(loose(json!("12.50")).as_ref()).as_deref(),
            Some("12.50")
        );
        for bad in [
            json!(-1),
            json!("1e3"),
            json!("12."),
            json!(""),
            json!(null),
            json!("$9"),
        ] {
            assert_eq!(amount(loose(bad.clone()).as_ref()), None, "{bad}");
        }
    }
}
