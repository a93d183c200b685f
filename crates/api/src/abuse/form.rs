//! The abuse report as the public form sends it, checked into `persistence::abuse::NewReport`:
//! every field's problem is a 422 naming it.

use crate::error::ApiError;
use domain::abuse::{self, DESCRIPTION, EVIDENCE};
use domain::{Email, FieldErrors, messages as msg};
use persistence::abuse::NewReport;
use serde::Deserialize;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportRequest {
    /// Where we answer; the confirmation with the case number goes there.
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub reporter_email: Option<String>,
    /// The host name or IP address our proxies reached, as in your logs.
    #[schema(required = true, schema_with = crate::openapi::abuse_rules::destination)]
    pub destination: Option<String>,
    /// The destination port, when it matters (1–65535).
    #[schema(minimum = 1, maximum = 65535)]
    pub port: Option<i64>,
    /// The window's start, an RFC 3339 time.
    #[schema(required = true, schema_with = crate::openapi::abuse_rules::instant)]
    pub from: Option<String>,
    /// The window's end, an RFC 3339 time at most 24 hours after `from`.
    #[schema(required = true, schema_with = crate::openapi::abuse_rules::instant)]
    pub to: Option<String>,
    /// What happened: 10–5000 characters, line breaks allowed.
    #[schema(required = true, schema_with = crate::openapi::abuse_rules::description)]
    pub description: Option<String>,
    /// Log lines or headers, up to 20000 characters; optional.
    #[schema(schema_with = crate::openapi::abuse_rules::evidence)]
    pub evidence: Option<String>,
}

/// An RFC 3339 time in Unix seconds (a 'T' or space between date and time, no leap second).
pub(crate) fn instant(value: &str) -> Option<i64> {
    let value = value.trim();
    let bytes = value.as_bytes();
    let separator = matches!(bytes.get(10), Some(b'T' | b't' | b' '));
    let leap = bytes.get(17..19) == Some(b"60".as_slice());
    if !separator || leap {
        return None;
    }
    OffsetDateTime::parse(value, &Rfc3339)
        .ok()
        .map(OffsetDateTime::unix_timestamp)
}

/// A text of `rule`, trimmed; `message` on `field` otherwise.
pub(crate) fn text(
    raw: Option<&str>,
    rule: domain::rules::TrimmedText,
    message: &'static str,
) -> Result<String, &'static str> {
    let value = raw.unwrap_or_default().trim();
    if rule.allows(value) {
        Ok(value.to_owned())
    } else {
        Err(message)
    }
}

impl ReportRequest {
    pub fn parse(&self, now: i64) -> Result<NewReport, ApiError> {
        let mut errors = FieldErrors::new();
        let email = errors.take(
            "reporterEmail",
            Email::parse(self.reporter_email.as_deref().unwrap_or_default()),
        );
        let destination = errors.take(
            "destination",
            abuse::destination(self.destination.as_deref().unwrap_or_default()),
        );
        let port = match self.port {
            None => Some(None),
            Some(p) => errors.take(
                "port",
                i32::try_from(p)
                    .ok()
                    .filter(|p| (1..=65_535).contains(p))
                    .map(Some)
                    .ok_or(msg::ABUSE_PORT_INVALID),
            ),
        };
        let from = errors.take(
            "from",
            instant(self.from.as_deref().unwrap_or_default()).ok_or(msg::ABUSE_FROM_INVALID),
        );
        let to = errors.take(
            "to",
            instant(self.to.as_deref().unwrap_or_default()).ok_or(msg::ABUSE_TO_INVALID),
        );
        let window = match (from, to) {
            (Some(from), Some(to)) => errors.take("to", abuse::window(from, to, now)),
            _ => None,
        };
        let description = errors.take(
            "description",
            text(
                self.description.as_deref(),
                DESCRIPTION,
                msg::ABUSE_DESCRIPTION_INVALID,
            ),
        );
        let evidence = match self.evidence.as_deref().map(str::trim) {
            None | Some("") => Some(None),
            Some(raw) => errors.take(
                "evidence",
                text(Some(raw), EVIDENCE, msg::ABUSE_EVIDENCE_INVALID).map(Some),
            ),
        };
        match (email, destination, port, window, description, evidence) {
            (
                Some(email),
                Some(destination),
                Some(port),
                Some((window_from, window_to)),
                Some(description),
                Some(evidence),
            ) if errors.is_empty() => Ok(NewReport {
                reporter_email: email.into_inner(),
                destination,
                port,
                window_from,
                window_to,
                description,
                evidence,
            }),
            _ => Err(ApiError::Validation(errors)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openapi::rules::tests::agree;

    #[test]
    fn the_document_rules_match_the_parsers() {
        let long = "x".repeat(5000);
        let too_long = "x".repeat(5001);
        let samples = [
            "short",
            "ten chars!",
            "  line one\nline two  ",
            "tab\there and more",
            long.as_str(),
            too_long.as_str(),
            "",
        ];
        agree(
            crate::openapi::abuse_rules::description(),
            |s| text(Some(s), DESCRIPTION, "").is_ok(),
            &samples,
        );
        let instants = [
            "2026-11-29T14:03:00Z",
            " 2026-11-29T14:03:00+02:00 ",
            "2026-11-29 14:03:00.5Z",
            "2026-11-29",
            "2026-11-29T14:03:60Z",
            "2026-13-01T00:00:00Z",
            "yesterday",
        ];
        agree(
            crate::openapi::abuse_rules::instant(),
            |s| instant(s).is_some(),
            &instants,
        );
    }
}
