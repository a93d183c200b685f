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
}
