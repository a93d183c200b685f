//! One-line rendering of an error and its causes, for logs and error messages.

/// Renders an error with its whole `source()` chain on one line ("a: b: c"), because the
/// outermost message of reqwest or lettre errors alone ("error sending request") hides the cause.
pub(crate) fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        // Some libraries repeat their source's message in their own; do not print it twice.
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}
