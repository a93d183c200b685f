//! The schemas of the query filters (the usage records', the breakdowns', the lists' free text)
//! and of the same filters as fields of a JSON body, null allowed; re-exported by `rules.rs`,
//! whose rules they follow.

use super::schema_build::{
    CONTROL, done, given_choice, kind_words, nullable_string, one_of, role_names, string,
};
use domain::usage::Grouping;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema};

/// An optional kind filter of the usage records (`usage::filters`, trimmed, then
/// `ProxyKind::parse`): blank is no filter.
pub fn kind_filter() -> RefOr<Schema> {
    done(kind_filter_on(string()))
}

/// An optional outcome filter of the usage records (`usage::filters`, trimmed, then
/// `Outcome::parse`): blank is no filter.
pub fn outcome_filter() -> RefOr<Schema> {
    done(outcome_filter_on(string()))
}

/// An optional credential filter of the usage records (`usage::filters::credential`, trimmed):
/// `kind:label`, the label not blank and free of control characters; blank is no filter.
pub fn credential_filter() -> RefOr<Schema> {
    done(credential_filter_on(string()))
}

/// An optional time bound of the usage records (`usage::filters::instant`, trimmed): a date
/// `YYYY-MM-DD` or an RFC 3339 time; blank is no bound. (A date the pattern allows but the
/// calendar does not, 2026-02-30, is refused: scripts/fuzz/schemathesis.toml says so.)
pub fn instant_filter() -> RefOr<Schema> {
    done(instant_filter_on(string()))
}

/// The same filters as fields of a JSON body (`POST /api/user/requests/exports`), where null
/// is read as absent: no filter.
pub fn kind_filter_or_null() -> RefOr<Schema> {
    done(kind_filter_on(nullable_string()))
}

/// [`outcome_filter`] in a JSON body, null allowed.
pub fn outcome_filter_or_null() -> RefOr<Schema> {
    done(outcome_filter_on(nullable_string()))
}

/// [`credential_filter`] in a JSON body, null allowed.
pub fn credential_filter_or_null() -> RefOr<Schema> {
    done(credential_filter_on(nullable_string()))
}

/// [`instant_filter`] in a JSON body, null allowed.
pub fn instant_filter_or_null() -> RefOr<Schema> {
    done(instant_filter_on(nullable_string()))
}

/// [`filter_text`] in a JSON body, null allowed.
pub fn filter_text_or_null() -> RefOr<Schema> {
    done(filter_text_on(nullable_string()))
}

fn kind_filter_on(base: ObjectBuilder) -> ObjectBuilder {
    let words = kind_words(|_| true);
    base.pattern(Some(format!(r"^\s*(?:{words})?\s*$")))
}

fn outcome_filter_on(base: ObjectBuilder) -> ObjectBuilder {
    let words = domain::usage::Outcome::ALL
        .map(domain::usage::Outcome::as_str)
        .join("|");
    base.pattern(Some(format!(r"^\s*(?:{words})?\s*$")))
}

fn credential_filter_on(base: ObjectBuilder) -> ObjectBuilder {
    let words = domain::usage::CredentialKind::ALL
        .map(domain::usage::CredentialKind::as_str)
        .join("|");
    let free = r"[^\x00-\x1f\x7f-\x9f]";
    let seen = r"[^\s\x00-\x1f\x7f-\x9f]";
    base.pattern(Some(format!(
        r"^\s*(?:(?:{words}):{free}*{seen}{free}*)?\s*$"
    )))
}

fn instant_filter_on(base: ObjectBuilder) -> ObjectBuilder {
    base.pattern(Some(
        r"^\s*(?:[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])(?:[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]+)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9]))?)?\s*$",
    ))
}

/// What a usage breakdown groups by (`usage::breakdown`).
pub fn grouping() -> RefOr<Schema> {
    one_of(&Grouping::ALL.map(Grouping::as_str))
}

/// `GET /api/user/usage/health?by=`.
pub fn health_grouping() -> RefOr<Schema> {
    one_of(
        &domain::traffic_health::HealthGrouping::ALL
            .map(domain::traffic_health::HealthGrouping::as_str),
    )
}

/// `GET /api/user/proxies?type=`: a kind, `all`, or blank.
pub fn kind_or_all() -> RefOr<Schema> {
    let words = kind_words(|_| true);
    done(string().pattern(Some(format!(r"^\s*(?:{words}|all)?\s*$"))))
}

/// `GET /api/admin/users?role=`: admin, user, or blank for both.
pub fn role_filter() -> RefOr<Schema> {
    given_choice(&role_names().join("|"))
}

/// `GET /api/admin/orders?type=` (`query_text::given`, then `ProxyKind::parse`): blank is no
/// filter.
pub fn given_kind_filter() -> RefOr<Schema> {
    given_choice(&kind_words(|_| true))
}

/// A free-text filter (`?q=`, `?status=`, `?host=`, read by `query_text::given`): any text
/// without a control character (one is 422 on the parameter).
pub fn filter_text() -> RefOr<Schema> {
    done(filter_text_on(string()))
}

fn filter_text_on(base: ObjectBuilder) -> ObjectBuilder {
    base.pattern(Some(format!("^[^{CONTROL}]*$")))
        .description(Some(
            "Any text without a control character; blank filters nothing.",
        ))
}
