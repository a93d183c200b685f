//! Substring search with SQL LIKE on both backends.

/// The pattern that finds `text` (lower-cased) anywhere in a lower-cased column, with LIKE's
/// wildcards and the escape character escaped; use it with `.escape('\\')`.
pub(crate) fn contains(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('%');
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn wildcards_are_escaped_and_text_lowered() {
        assert_eq!(super::contains("A_b%c\\d"), "%a\\_b\\%c\\\\d%");
    }
}
