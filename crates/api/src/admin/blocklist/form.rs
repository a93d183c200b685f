//! The body of `POST /api/admin/blocklist` and `PATCH /api/admin/blocklist/{id}`, checked into
//! canonical values: a pattern (`domain::blocklist::Pattern`), the kinds it applies to (each
//! once, at least one; all when left out on `POST`), the reason (the audit reason's rule: it is
//! also what the acceptable use page says) and whether it is active.

use crate::admin::audit_trail::reason;
use crate::error::ApiError;
use domain::blocklist::{MAX_PATTERN_LEN, Pattern};
use domain::{FieldErrors, ProxyKind, messages as msg};
use persistence::blocklist::RuleChange;
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RuleForm {
    /// A domain with its subdomains (`example.gov`), the subdomains alone (`*.gov`), an IP
    /// address or CIDR range, or a port (`:25`). Required on `POST`.
    #[schema(min_length = 1, max_length = 253)]
    pub pattern: Option<String>,
    /// The proxy kinds the rule applies to, each once; all when left out on `POST`.
    #[schema(schema_with = crate::openapi::rules::kinds_list)]
    pub kinds: Option<Vec<String>>,
    /// Why it is blocked (3–200 characters): the audit reason and the acceptable use page's
    /// words. Required on `POST`.
    #[schema(schema_with = crate::openapi::rules::reason)]
    pub reason: Option<String>,
    /// Enforced (default `true`).
    pub active: Option<bool>,
}

/// A pattern in its canonical form, or the field error.
pub(crate) fn pattern(text: &str) -> Result<String, &'static str> {
    if text.len() > MAX_PATTERN_LEN {
        return Err(msg::BLOCKLIST_PATTERN);
    }
    Pattern::parse(text)
        .map(|p| p.canonical())
        .ok_or(msg::BLOCKLIST_PATTERN)
}

/// Kind names, each once, at least one, as stored (comma-separated).
fn kinds(names: &[String]) -> Result<String, &'static str> {
    let mut kinds = Vec::new();
    for name in names {
        let kind = ProxyKind::parse(name).ok_or(msg::BLOCKLIST_KINDS)?;
        if kinds.contains(&kind) {
            return Err(msg::BLOCKLIST_KINDS);
        }
        kinds.push(kind);
    }
    if kinds.is_empty() {
        return Err(msg::BLOCKLIST_KINDS);
    }
    kinds.sort();
    Ok(kinds
        .iter()
        .map(|k| k.as_str())
        .collect::<Vec<_>>()
        .join(","))
}

impl RuleForm {
    /// The fields present, checked (`new`: a new rule, whose pattern and reason are required
    /// and whose kinds and state default to all and active); every bad field is named at once.
    pub(crate) fn check(self, new: bool) -> Result<RuleChange, ApiError> {
        let mut errors = FieldErrors::new();
        let mut change = RuleChange {
            active: self.active.or(new.then_some(true)),
            ..RuleChange::default()
        };
        match self.pattern.as_deref().map(pattern) {
            Some(Ok(p)) => change.pattern = Some(p),
            Some(Err(m)) => errors.add("pattern", m),
            None if new => errors.add("pattern", msg::BLOCKLIST_PATTERN),
            None => {}
        }
        let all: Vec<String>;
        let names = match self.kinds.as_deref() {
            None if new => {
                all = ProxyKind::ALL.iter().map(|k| k.to_string()).collect();
                Some(all.as_slice())
            }
            names => names,
        };
        match names.map(kinds) {
            Some(Ok(k)) => change.kinds = Some(k),
            Some(Err(m)) => errors.add("kinds", m),
            None => {}
        }
        match self.reason.as_deref() {
            Some(text) => match reason(Some(text)) {
                Ok(r) => change.reason = Some(r),
                Err(_) => errors.add("reason", msg::REASON_REQUIRED),
            },
            None if new => errors.add("reason", msg::REASON_REQUIRED),
            None => {}
        }
        if errors.is_empty() {
            Ok(change)
        } else {
            Err(ApiError::Validation(errors))
        }
    }
}
