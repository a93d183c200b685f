//! What every operator action shares: the reason it must give, and the audit row it writes in
//! its own transaction (persistence::audit), so the change and its record commit together.

use crate::error::ApiError;
use domain::{UserId, messages as msg};
use persistence::DbConnection;
use persistence::audit::{self, AuditEntry};
use serde::Serialize;

/// The operator's reason, trimmed: 3 to 200 characters, otherwise 422 on the field `reason`.
pub(crate) fn reason(raw: Option<&str>) -> Result<String, ApiError> {
    let text = raw.unwrap_or_default().trim();
    if domain::rules::REASON.allows(text) {
        Ok(text.to_owned())
    } else {
        Err(ApiError::field("reason", msg::REASON_REQUIRED))
    }
}

/// A reason where one is optional: absent or blank is none, otherwise it must be valid.
pub(crate) fn optional_reason(raw: Option<&str>) -> Result<Option<String>, ApiError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => reason(Some(text)).map(Some),
    }
}

/// One audited change: `actor` did `action` to `target` (e.g. `user:12`), with the target's
/// state `before` and `after` (serialised to JSON). Call inside the change's transaction.
pub(crate) fn audit<B: Serialize, A: Serialize>(
    conn: &mut DbConnection,
    actor: UserId,
    action: &str,
    target: &str,
    reason: Option<&str>,
    before: Option<&B>,
    after: Option<&A>,
) -> Result<(), ApiError> {
    let before = before
        .map(serde_json::to_value)
        .transpose()
        .map_err(|e| ApiError::internal("audit before", e))?;
    let after = after
        .map(serde_json::to_value)
        .transpose()
        .map_err(|e| ApiError::internal("audit after", e))?;
    audit::record(
        conn,
        &AuditEntry {
            actor,
            action,
            target,
            reason,
            before,
            after,
        },
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openapi::rules::tests::agree;

    /// The document's reasons (`openapi::rules::reason`, `optional_reason`) accept what these
    /// parsers accept (checked here, beside the parsers, so that the rules import no user of
    /// theirs).
    #[test]
    fn reasons_match_the_audit_reason() {
        let samples = [
            "ok!",
            "  ok!  ",
            "ab",
            " a b ",
            "a\nb",
            &"x".repeat(200),
            &"x".repeat(201),
            &format!("  {}  ", "x".repeat(200)),
            "",
            "   ",
        ];
        agree(
            crate::openapi::rules::reason(),
            |s| reason(Some(s)).is_ok(),
            &samples,
        );
        agree(
            crate::openapi::rules::optional_reason(),
            |s| optional_reason(Some(s)).is_ok(),
            &samples,
        );
    }
}
