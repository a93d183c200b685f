//! The plan form: `POST` (every field) and `PATCH` (any field but the type) bodies, checked
//! field by field into `PlanChanges` (422 naming each field that is wrong).

use crate::form::whole;
use domain::pricing::Tier;
use domain::{Cents, FieldErrors, ProxyKind, messages as msg};
use persistence::plan_limits::LimitsChange;
use persistence::plans::PlanChanges;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

/// A plan's fields. On `POST` `type`, `name`, `price`, `amount` and `validityDays` are required;
/// on `PATCH` every field is optional and `type` cannot change. `tag`, `note` and
/// `availableUntil` may be set to null.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanForm {
    /// premium, budget, static, lte, ipv4 or ipv6 (POST only).
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// 1–80 characters, trimmed.
    #[schema(schema_with = crate::openapi::rules::plan_name_change)]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "crate::form::nullable")]
    #[schema(value_type = Option<String>)]
    pub tag: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::form::nullable")]
    #[schema(value_type = Option<String>)]
    pub note: Option<Option<String>>,
    /// USD, at least 0, at most 2 decimals.
    #[schema(minimum = 0, maximum = 1_000_000_000, multiple_of = 0.01)]
    pub price: Option<f64>,
    /// GB (traffic plans) or proxies (piece plans): a whole number above 0.
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 1_000_000_000)]
    pub amount: Option<f64>,
    /// 1 to 3650.
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 3650)]
    pub validity_days: Option<f64>,
    pub regions: Option<Vec<String>>,
    #[schema(value_type = Option<Object>)]
    pub features: Option<Map<String, Value>>,
    pub active: Option<bool>,
    pub sort: Option<i32>,
    /// Unix seconds when the plan stops being sold; null = no end.
    #[serde(default, deserialize_with = "crate::form::nullable")]
    #[schema(value_type = Option<i64>)]
    pub available_until: Option<Option<i64>>,
    /// Traffic plans (premium, budget) only: the most live connections of the kind a customer
    /// on this plan may hold across the gateway fleet, 1 to 100000; null = no limit of the
    /// plan's own.
    #[serde(default, deserialize_with = "crate::form::nullable")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 100_000)]
    pub max_connections: Option<Option<f64>>,
    /// Traffic plans (premium, budget) only: the most requests (connections opened) of the kind
    /// per second a customer on this plan may make across the gateway fleet, 1 to 100000; null =
    /// no limit of the plan's own.
    #[serde(default, deserialize_with = "crate::form::nullable")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 100_000)]
    pub max_requests_per_second: Option<Option<f64>>,
    /// Traffic plans (premium, budget) only: the most megabits per second a customer's
    /// connections of the kind on this plan move together (both directions), 1 to 100000; null
    /// = no limit of the plan's own.
    #[serde(default, deserialize_with = "crate::form::nullable")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 100_000)]
    pub bandwidth_mbps: Option<Option<f64>>,
    /// Traffic plans (premium, budget) only: volume prices for custom amounts, at most 10 rows
    /// with distinct `minGb`; a custom amount of at least a row's `minGb` GB costs that row's
    /// `pricePerGb` per GB (the row with the largest `minGb` that fits). `[]` or null removes
    /// them.
    #[serde(default, deserialize_with = "crate::form::nullable")]
    pub tiers: Option<Option<Vec<TierForm>>>,
}

/// One volume price of a traffic plan.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TierForm {
    /// From this many GB up: 1 to 10000.
    #[schema(value_type = i64, minimum = 1, maximum = 10000)]
    pub min_gb: f64,
    /// USD per GB: 0.01 to 1000.
    #[schema(minimum = 0.01, maximum = 1000, multiple_of = 0.01)]
    pub price_per_gb: f64,
}

/// The checked tiers (sorted by `minGb`), or None when a row breaks a rule.
fn tiers(rows: &[TierForm]) -> Option<Vec<Tier>> {
    if rows.len() > domain::pricing::MAX_TIERS {
        return None;
    }
    let mut tiers = rows
        .iter()
        .map(|row| {
            Some(Tier {
                min_gb: whole(row.min_gb, 1..=app::traffic::MAX_CUSTOM_GB)?,
                price_per_gb: crate::form::dollars(row.price_per_gb, 1..=100_000)?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    tiers.sort_by_key(|t| t.min_gb);
    let distinct = tiers
        .windows(2)
        .all(|pair| pair[0].min_gb != pair[1].min_gb);
    distinct.then_some(tiers)
}

/// A plan's limit: its field, the rule's message and the message for a plan sold by the piece.
pub struct LimitField {
    pub field: &'static str,
    pub rule: &'static str,
    pub traffic_only: &'static str,
}

pub const MAX_CONNECTIONS: LimitField = LimitField {
    field: "maxConnections",
    rule: "maxConnections must be a whole number from 1 to 100000, or null",
    traffic_only: "maxConnections applies to traffic plans (premium and budget)",
};

pub const MAX_REQUESTS_PER_SECOND: LimitField = LimitField {
    field: "maxRequestsPerSecond",
    rule: "maxRequestsPerSecond must be a whole number from 1 to 100000, or null",
    traffic_only: "maxRequestsPerSecond applies to traffic plans (premium and budget)",
};

pub const BANDWIDTH_MBPS: LimitField = LimitField {
    field: "bandwidthMbps",
    rule: "bandwidthMbps must be a whole number from 1 to 100000, or null",
    traffic_only: "bandwidthMbps applies to traffic plans (premium and budget)",
};

/// The largest value of any limit.
const LIMIT_MAX: i64 = 100_000;

impl LimitField {
    /// The form's value checked: absent (`None`), removed (`Some(None)`) or a whole number from
    /// 1 to `LIMIT_MAX`; a wrong one is added to `errors`.
    fn check(&self, value: Option<Option<f64>>, errors: &mut FieldErrors) -> Option<Option<i32>> {
        match value {
            None => None,
            Some(None) => Some(None),
            Some(Some(n)) => match whole(n, 1..=LIMIT_MAX) {
                Some(n) => Some(Some(n as i32)),
                None => {
                    errors.add(self.field, self.rule);
                    None
                }
            },
        }
    }
}

/// The 422 for limits set on a plan sold by the piece, naming the first such limit; None when
/// the change sets none.
pub fn traffic_only(change: &LimitsChange) -> Option<(&'static str, &'static str)> {
    [
        (change.max_connections, &MAX_CONNECTIONS),
        (change.max_requests_per_second, &MAX_REQUESTS_PER_SECOND),
        (change.bandwidth_mbps, &BANDWIDTH_MBPS),
    ]
    .into_iter()
    .find(|(value, _)| matches!(value, Some(Some(_))))
    .map(|(_, limit)| (limit.field, limit.traffic_only))
}

/// A checked plan form: the kind (on `POST`), the plan's changes, the limits it names and its
/// volume tiers (`Some`: replace them).
pub struct PlanEdit {
    pub kind: Option<ProxyKind>,
    pub changes: PlanChanges,
    pub limits: LimitsChange,
    pub tiers: Option<Vec<Tier>>,
}

impl PlanEdit {
    /// The 422 for a change a plan of `kind` cannot take: limits or tiers on a plan sold by the
    /// piece.
    pub fn refusal_for(&self, kind: ProxyKind) -> Option<(&'static str, &'static str)> {
        if kind.is_traffic() {
            return None;
        }
        traffic_only(&self.limits).or_else(|| {
            self.tiers
                .as_ref()
                .filter(|t| !t.is_empty())
                .map(|_| ("tiers", msg::TIERS_TRAFFIC_ONLY))
        })
    }
}

// The `POST /api/admin/plans` body as documented: `PlanForm` with the fields `POST` requires
// (`PlanForm::changes(true)`) required and not null. Documentation only; keep it in step with
// `PlanForm`.
/// A new plan: `type`, `name`, `price`, `amount` and `validityDays` are required.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct NewPlanForm {
    #[schema(rename = "type", schema_with = crate::openapi::rules::kind)]
    kind: String,
    /// 1–80 characters, trimmed.
    #[schema(schema_with = crate::openapi::rules::plan_name)]
    name: String,
    tag: Option<String>,
    note: Option<String>,
    /// USD, at least 0, at most 2 decimals.
    #[schema(minimum = 0, maximum = 1_000_000_000, multiple_of = 0.01)]
    price: f64,
    /// GB (traffic plans) or proxies (piece plans): a whole number above 0.
    #[schema(minimum = 1, maximum = 1_000_000_000)]
    amount: i64,
    /// 1 to 3650.
    #[schema(minimum = 1, maximum = 3650)]
    validity_days: i64,
    regions: Option<Vec<String>>,
    #[schema(value_type = Option<Object>)]
    features: Option<Map<String, Value>>,
    active: Option<bool>,
    sort: Option<i32>,
    /// Unix seconds when the plan stops being sold; null = no end.
    available_until: Option<i64>,
    /// Traffic plans only: the most live connections of a customer on the plan, 1 to 100000.
    #[schema(minimum = 1, maximum = 100_000)]
    max_connections: Option<i64>,
    /// Traffic plans only: the most requests per second of a customer on the plan, 1 to 100000.
    #[schema(minimum = 1, maximum = 100_000)]
    max_requests_per_second: Option<i64>,
    /// Traffic plans only: the most megabits per second of a customer on the plan, 1 to 100000.
    #[schema(minimum = 1, maximum = 100_000)]
    bandwidth_mbps: Option<i64>,
    /// Traffic plans only: volume prices for custom amounts (at most 10, distinct `minGb`).
    tiers: Option<Vec<TierForm>>,
}

/// Dollars with at most two decimals, 0 to a billion.
fn price(value: f64) -> Option<Cents> {
    crate::form::dollars(value, 0..=100_000_000_000)
}

fn text(value: Option<String>) -> Option<String> {
    value.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

impl PlanForm {
    /// The checked kind (when `require`) and changes; `require` makes the fields a new plan
    /// must have mandatory. A `PATCH` ignores `type`: a plan's kind never changes.
    pub fn changes(self, require: bool) -> Result<PlanEdit, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut changes = PlanChanges::default();
        let kind = if require {
            let kind = self.kind.as_deref().and_then(ProxyKind::parse);
            if kind.is_none() {
                errors.add("type", msg::UNKNOWN_TYPE);
            }
            kind
        } else {
            None
        };
        match self.name.map(|n| n.trim().to_owned()) {
            Some(name) if domain::rules::PLAN_NAME.allows(&name) => changes.name = Some(name),
            None if !require => {}
            _ => errors.add("name", msg::PLAN_NAME_REQUIRED),
        }
        match self.price.map(price) {
            Some(Some(cents)) => changes.price_cents = Some(cents),
            None if !require => {}
            _ => errors.add("price", msg::VALID_PRICE),
        }
        match self.amount.map(|a| whole(a, 1..=1_000_000_000)) {
            Some(Some(amount)) => changes.amount = Some(amount),
            None if !require => {}
            _ => errors.add("amount", msg::VALID_PLAN_AMOUNT),
        }
        match self.validity_days.map(|d| whole(d, 1..=3650)) {
            Some(Some(days)) => changes.validity_days = Some(days as i32),
            None if !require => {}
            _ => errors.add("validityDays", msg::VALID_VALIDITY),
        }
        let limits = LimitsChange {
            max_connections: MAX_CONNECTIONS.check(self.max_connections, &mut errors),
            max_requests_per_second: MAX_REQUESTS_PER_SECOND
                .check(self.max_requests_per_second, &mut errors),
            bandwidth_mbps: BANDWIDTH_MBPS.check(self.bandwidth_mbps, &mut errors),
        };
        let tiers = match self.tiers {
            None => None,
            Some(None) => Some(Vec::new()),
            Some(Some(rows)) => {
                let checked = tiers(&rows);
                if checked.is_none() {
                    errors.add("tiers", msg::TIERS_FORMAT);
                }
                checked
            }
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        changes.tag = self.tag.map(text);
        changes.note = self.note.map(text);
        changes.regions = self.regions.map(|regions| {
            regions
                .iter()
                .map(|r| r.trim().to_uppercase())
                .filter(|r| !r.is_empty())
                .collect::<Vec<_>>()
                .join(",")
        });
        changes.features = self.features.map(|f| Value::Object(f).to_string());
        changes.active = self.active;
        changes.sort = self.sort;
        changes.available_until = self.available_until;
        let edit = PlanEdit {
            kind,
            changes,
            limits,
            tiers,
        };
        if let Some(kind) = kind
            && let Some((field, message)) = edit.refusal_for(kind)
        {
            errors.add(field, message);
            return Err(errors);
        }
        Ok(edit)
    }
}
