//! The automatic top-up settings as the API answers them: one item per traffic kind,
//! `{type, enabled, belowGb, planId, lastRunAt}`, saved or default.

use super::form::KINDS;
use domain::units::GB;
use domain::{PlanId, ProxyKind};
use persistence::auto_topup::Setting;
use serde::Serialize;
use utoipa::ToSchema;

/// Without a saved setting: off, below 1 GB, no plan chosen.
const DEFAULT_BELOW: i64 = GB;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AutoTopupItem {
    /// `premium` or `budget`.
    #[serde(rename = "type")]
    #[schema(schema_with = crate::openapi::rules::traffic_kind)]
    pub kind: ProxyKind,
    pub enabled: bool,
    pub below_gb: f64,
    /// None when no plan was chosen yet (or the chosen one was deleted).
    #[schema(value_type = Option<i64>)]
    pub plan_id: Option<PlanId>,
    /// When a top-up last bought (Unix seconds).
    pub last_run_at: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AutoTopupReply {
    pub items: Vec<AutoTopupItem>,
}

impl AutoTopupReply {
    /// Every traffic kind, saved or default.
    pub fn from_saved(saved: &[Setting]) -> AutoTopupReply {
        let items = KINDS
            .iter()
            .map(|kind| match saved.iter().find(|s| s.kind == *kind) {
                Some(s) => AutoTopupItem {
                    kind: *kind,
                    enabled: s.enabled,
                    below_gb: (s.below_bytes / (GB / 100)) as f64 / 100.0,
                    plan_id: s.plan_id,
                    last_run_at: s.last_run_at,
                },
                None => AutoTopupItem {
                    kind: *kind,
                    enabled: false,
                    below_gb: (DEFAULT_BELOW / GB) as f64,
                    plan_id: None,
                    last_run_at: None,
                },
            })
            .collect();
        AutoTopupReply { items }
    }
}
