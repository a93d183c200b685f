//! Text query parameters of the lists (`?q=`, `?status=`, `?actor=`, `?host=`, …): the admin
//! lists, the customer's proxy list and usage records.

use crate::error::ApiError;
use domain::{FieldErrors, messages as msg};

/// The parameter `name` as given, trimmed; `None` when absent or blank (a blank filter filters
/// nothing); 422 on `name` when it holds a control character (`%00` is not an empty search).
pub(crate) fn given<'a>(
    name: &'static str,
    value: Option<&'a str>,
) -> Result<Option<&'a str>, ApiError> {
    if value.is_some_and(|v| v.chars().any(char::is_control)) {
        let mut errors = FieldErrors::new();
        errors.add(name, msg::control_characters(name));
        return Err(ApiError::Validation(errors));
    }
    Ok(value.map(str::trim).filter(|v| !v.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::given;

    #[test]
    fn blank_is_no_filter_and_control_characters_are_refused() {
        assert_eq!(given("q", None).ok(), Some(None));
        assert_eq!(given("q", Some("  ")).ok(), Some(None));
        assert_eq!(given("q", Some(" alice ")).ok(), Some(Some("alice")));
        for bad in ["\0", "a\nb", "\u{7f}", "\t"] {
            assert!(given("q", Some(bad)).is_err(), "{bad:?}");
        }
    }

    /// The document's schemas of the parameters read through [`given`] accept what it accepts
    /// (the fuzzer sends what a schema allows and expects it answered).
    #[test]
    fn the_filter_schemas_match_given() {
        use crate::openapi::rules::{filter_text, given_kind_filter, role_filter, tests::agree};
        let samples = [
            "",
            "  ",
            "alice",
            " a b ",
            "\u{a0}admin\u{3000}",
            "admin",
            " user ",
            "\tadmin",
            "admin\n",
            "\u{85}",
            "\u{9f}x",
            "\u{17}\u{7}",
            "static",
            " lte ",
            "Premium",
            "ipv4\r",
            "\u{2028}ipv6",
            "all",
            "%00",
        ];
        agree(filter_text(), |v| given("q", Some(v)).is_ok(), &samples);
        let role = |v: &str| matches!(given("role", Some(v)), Ok(None | Some("admin" | "user")));
        agree(role_filter(), role, &samples);
        let kind = |v: &str| match given("type", Some(v)) {
            Ok(None) => true,
            Ok(Some(k)) => domain::ProxyKind::parse(k).is_some(),
            Err(_) => false,
        };
        agree(given_kind_filter(), kind, &samples);
    }
}
