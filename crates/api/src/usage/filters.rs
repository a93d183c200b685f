//! The filters the usage routes share (`?type=&from=&to=&host=&outcome=&credential=`), parsed once into
//! the persistence filter; a bad one is a 400 naming it, a `host` holding a control character
//! a 422 on `host` (as the lists' `q`).

use crate::error::ApiError;
use crate::extractors::Viewer;
use domain::messages as msg;
use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};
use persistence::connection_records::RecordFilter;
use serde::Deserialize;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use utoipa::{IntoParams, ToSchema};

/// The filters as a query (the list, the CSV, the breakdowns) or as the JSON body of a
/// background export.
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
pub struct RecordQuery {
    /// premium, budget, static, lte, ipv4 or ipv6; blank for all.
    #[serde(rename = "type")]
    #[param(schema_with = crate::openapi::rules::kind_filter)]
    #[schema(schema_with = crate::openapi::rules::kind_filter_or_null)]
    pub kind: Option<String>,
    /// From this day (YYYY-MM-DD, UTC) or time (RFC 3339), inclusive.
    #[param(schema_with = crate::openapi::rules::instant_filter)]
    #[schema(schema_with = crate::openapi::rules::instant_filter_or_null)]
    pub from: Option<String>,
    /// Up to this time (RFC 3339), exclusive; a day (YYYY-MM-DD) includes all of it.
    #[param(schema_with = crate::openapi::rules::instant_filter)]
    #[schema(schema_with = crate::openapi::rules::instant_filter_or_null)]
    pub to: Option<String>,
    /// Part of the target host, case-insensitive; no control characters (422).
    #[param(schema_with = crate::openapi::rules::filter_text)]
    #[schema(schema_with = crate::openapi::rules::filter_text_or_null)]
    pub host: Option<String>,
    /// ok, refused, upstream_error or cut_quota; blank for all.
    #[param(schema_with = crate::openapi::rules::outcome_filter)]
    #[schema(schema_with = crate::openapi::rules::outcome_filter_or_null)]
    pub outcome: Option<String>,
    /// One credential, as the breakdown by credential names it: `kind:label` (main, subuser,
    /// allowlist or piece, a colon, the label exactly); blank for all.
    #[param(schema_with = crate::openapi::rules::credential_filter)]
    #[schema(schema_with = crate::openapi::rules::credential_filter_or_null)]
    pub credential: Option<String>,
}

/// The value as given, trimmed; `None` when absent or blank (a blank filter filters nothing).
pub(crate) fn given(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// `kind:label` (the whole value trimmed): a credential kind, a colon, and a label that is not
/// blank and holds no control character.
pub(crate) fn credential(value: &str) -> Option<(CredentialKind, String)> {
    let (kind, label) = value.trim().split_once(':')?;
    let kind = CredentialKind::parse(kind)?;
    let valid = !label.trim().is_empty() && !label.chars().any(char::is_control);
    valid.then(|| (kind, label.to_owned()))
}

/// A day (its first second, or with `end` the first second after it) or an RFC 3339 time, in
/// unix seconds.
pub(crate) fn instant(value: &str, end: bool) -> Option<i64> {
    let bytes = value.as_bytes();
    if bytes.len() > 10 {
        // The parser takes any separator and a leap second; the documented form does not.
        let separator = matches!(bytes[10], b'T' | b't' | b' ');
        let leap = bytes.get(17..19) == Some(b"60".as_slice());
        if !separator || leap {
            return None;
        }
        return OffsetDateTime::parse(value, &Rfc3339)
            .ok()
            .map(OffsetDateTime::unix_timestamp);
    }
    let day = time::Date::parse(value, format_description!("[year]-[month]-[day]")).ok()?;
    let start = day.midnight().assume_utc().unix_timestamp();
    Some(if end { start + 86_400 } else { start })
}

impl RecordQuery {
    /// The filter over the records `viewer` may read: its account's, and for a caller limited
    /// to a sub-user only that sub-user's (a blank `credential` becomes the sub-user; another
    /// credential is refused with 403), from the sub-user's creation on: records are filed
    /// under the sub-user's name, and a removed sub-user's name may be given to a new one,
    /// whose viewers must not see the old one's traffic.
    pub fn parse_for(&self, viewer: &Viewer) -> Result<RecordFilter, ApiError> {
        let mut filter = self.parse(viewer.user.id)?;
        if let Some(scope) = &viewer.subuser {
            let own = scope.credential();
            match &filter.credential {
                None => filter.credential = Some(own),
                Some(asked) if *asked == own => {}
                Some(_) => return Err(ApiError::Forbidden(msg::SUBUSER_OTHER_DATA)),
            }
            filter.since = Some(scope.subuser.created_at);
        }
        Ok(filter)
    }

    /// The filter over `user_id`'s records.
    pub fn parse(&self, user_id: UserId) -> Result<RecordFilter, ApiError> {
        let bad = |message: &str| ApiError::BadRequest(message.to_owned());
        let kind = match given(self.kind.as_deref()) {
            Some(k) => Some(ProxyKind::parse(k).ok_or_else(|| bad(msg::UNKNOWN_TYPE))?),
            None => None,
        };
        let outcome = match given(self.outcome.as_deref()) {
            Some(o) => Some(Outcome::parse(o).ok_or_else(|| bad(msg::UNKNOWN_RECORD_OUTCOME))?),
            None => None,
        };
        let from = match given(self.from.as_deref()) {
            Some(v) => Some(instant(v, false).ok_or_else(|| bad(msg::BAD_FROM))?),
            None => None,
        };
        let to = match given(self.to.as_deref()) {
            Some(v) => Some(instant(v, true).ok_or_else(|| bad(msg::BAD_TO))?),
            None => None,
        };
        if let (Some(from), Some(to)) = (from, to)
            && from >= to
        {
            return Err(bad(msg::FROM_AFTER_TO));
        }
        let host = crate::query_text::given("host", self.host.as_deref())?;
        let credential = match given(self.credential.as_deref()) {
            Some(v) => Some(credential(v).ok_or_else(|| bad(msg::BAD_CREDENTIAL_FILTER))?),
            None => None,
        };
        Ok(RecordFilter {
            user_id,
            kind,
            from,
            to,
            host: host.map(str::to_owned),
            outcome,
            credential,
            since: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openapi::rules::tests::agree;

    /// The document's `from` and `to` (`openapi::rules::instant_filter`) accept what [`instant`]
    /// accepts (checked here, beside the parser, so that the rules import no user of theirs).
    #[test]
    fn the_instant_filter_matches_its_parser() {
        let parser = |v: &str| {
            let v = v.trim();
            v.is_empty() || instant(v, false).is_some()
        };
        // Calendar-valid samples only: the pattern cannot know how long each month is
        // (2026-02-30 passes it and is refused; scripts/fuzz/schemathesis.toml allows that 400).
        agree(
            crate::openapi::rules::instant_filter(),
            parser,
            &[
                "",
                "2026-12-01",
                " 2026-12-01 ",
                "2024-02-29",
                "2026-12-01T00:00:00Z",
                "2026-12-01t23:59:59.123z",
                "2026-12-01T08:00:00+05:30",
                "2026-12-01T08:00:00-00:00",
                "2026-12-1",
                "2026-13-01",
                "2026-12-32",
                "2026-12-01T24:00:00Z",
                "2026-12-01T08:00:00",
                "2026-12-01 08:00:00Z",
                "2026-12-01_08:00:00Z",
                "1796083200",
                "yesterday",
                "2026-12-31T23:59:60Z",
                "2026-06-30T23:59:60+00:00",
            ],
        );
    }

    /// The document's `credential` (`openapi::rules::credential_filter`) accepts what
    /// [`credential`] accepts, and the parser splits at the first colon.
    #[test]
    fn the_credential_filter_matches_its_parser() {
        let parser = |v: &str| v.trim().is_empty() || credential(v).is_some();
        agree(
            crate::openapi::rules::credential_filter(),
            parser,
            &[
                "",
                " ",
                "main:uabc123",
                " subuser:team-a ",
                "allowlist:10.0.0.0/24",
                "piece:p:1",
                "main: x",
                "main:",
                "main: ",
                "subuser:a\tb",
                "gold:x",
                "MAIN:x",
                "uabc123",
                ":x",
            ],
        );
        assert_eq!(
            credential(" piece:p:1 "),
            Some((CredentialKind::Piece, "p:1".to_owned()))
        );
    }

    #[test]
    fn days_and_times_bound_the_records() {
        // 2026-12-01T00:00:00Z.
        let day = 1_796_083_200;
        assert_eq!(instant("2026-12-01", false), Some(day));
        assert_eq!(
            instant("2026-12-01", true),
            Some(day + 86_400),
            "the whole day"
        );
        assert_eq!(instant("2026-12-01T01:00:00Z", true), Some(day + 3_600));
        assert_eq!(instant("2026-12-01t01:00:00.5z", false), Some(day + 3_600));
        assert_eq!(
            instant("2026-12-01T03:00:00+02:00", false),
            Some(day + 3_600)
        );
        for bad in [
            "2026-02-30",
            "2026-12-1",
            "yesterday",
            "1796083200",
            "2026-12-01T25:00:00Z",
        ] {
            assert_eq!(instant(bad, false), None, "{bad}");
        }
    }

    #[test]
    fn a_bad_filter_names_itself() {
        let query = |kind: &str, outcome: &str, from: &str, to: &str| RecordQuery {
            kind: Some(kind.into()),
            from: Some(from.into()),
            to: Some(to.into()),
            host: Some("  ".into()),
            outcome: Some(outcome.into()),
            credential: Some(" ".into()),
        };
        let message = |q: RecordQuery| match q.parse(UserId::new(1)) {
            Err(ApiError::BadRequest(m)) => m,
            other => panic!("{other:?}"),
        };
        assert_eq!(message(query("gold", "", "", "")), msg::UNKNOWN_TYPE);
        assert_eq!(
            message(query("", "fine", "", "")),
            msg::UNKNOWN_RECORD_OUTCOME
        );
        assert_eq!(message(query("", "", "2026-13-01", "")), msg::BAD_FROM);
        assert_eq!(message(query("", "", "", "soon")), msg::BAD_TO);
        assert_eq!(
            message(query("", "", "2026-12-02", "2026-12-01")),
            msg::FROM_AFTER_TO
        );
        let filter = query(" static ", "cut_quota", "2026-12-01", "2026-12-01")
            .parse(UserId::new(1))
            .unwrap();
        assert_eq!(filter.kind, Some(ProxyKind::Static));
        assert_eq!(filter.outcome, Some(Outcome::CutQuota));
        assert_eq!(
            (filter.host, filter.credential),
            (None, None),
            "blank is no filter"
        );
        assert_eq!(filter.to.unwrap() - filter.from.unwrap(), 86_400);
    }

    #[test]
    fn a_host_with_a_control_character_is_refused_on_host() {
        for bad in ["\0", "exa\nmple", "\u{1f}"] {
            let query = RecordQuery {
                kind: None,
                from: None,
                to: None,
                host: Some(bad.into()),
                outcome: None,
                credential: None,
            };
            match query.parse(UserId::new(1)) {
                Err(ApiError::Validation(errors)) => {
                    assert_eq!(
                        errors.get("host"),
                        Some(msg::control_characters("host").as_str())
                    );
                }
                other => panic!("{bad:?}: {other:?}"),
            }
        }
    }
}
