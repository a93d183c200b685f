//! The abuse desk's request field schemas (`abuse::form`, `admin::abuse::form`), from the rules
//! in `domain::abuse`.

use super::schema_build::{
    done, given_choice, nullable_string, one_of, string, trimmed_core, trimmed_text,
};
use domain::abuse::{CaseStatus, DESCRIPTION, DESTINATION_MAX, EVIDENCE, MESSAGE};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::Schema;

/// `domain::abuse::destination`: a host name or an IP address (IPv6 perhaps in brackets).
pub fn destination() -> RefOr<Schema> {
    done(
        string()
            .pattern(Some(
                r"^\s*(?:[A-Za-z0-9_.-]+\.[A-Za-z0-9_-]+\.?|[0-9A-Fa-f:.]+|\[[0-9A-Fa-f:.]+\])\s*$",
            ))
            .max_length(Some(DESTINATION_MAX + 2)),
    )
}

/// A report's bound: an RFC 3339 time (`2026-11-29T14:03:00Z`).
pub fn instant() -> RefOr<Schema> {
    done(string().pattern(Some(
        r"^\s*[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]+)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])\s*$",
    )))
}

/// `domain::abuse::DESCRIPTION`.
pub fn description() -> RefOr<Schema> {
    done(string().pattern(Some(trimmed_text(DESCRIPTION))))
}

/// `domain::abuse::EVIDENCE`; absent, null or blank for none.
pub fn evidence() -> RefOr<Schema> {
    let core = trimmed_core(EVIDENCE);
    done(nullable_string().pattern(Some(format!(r"^\s*(?:{core})?\s*$"))))
}

/// `domain::abuse::MESSAGE`: the reply to the reporter, the warning to the customer.
pub fn message() -> RefOr<Schema> {
    done(string().pattern(Some(trimmed_text(MESSAGE))))
}

/// A case's status.
pub fn status() -> RefOr<Schema> {
    one_of(&CaseStatus::ALL.map(CaseStatus::as_str))
}

/// `GET /api/admin/abuse?status=`: a status, or blank for all (`query_text::given`).
pub fn status_filter() -> RefOr<Schema> {
    given_choice(&CaseStatus::ALL.map(CaseStatus::as_str).join("|"))
}
