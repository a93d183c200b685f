//! An automatic top-up setting as the API receives it, `{type, enabled, belowGb, planId}`,
//! parsed here once into domain values (the plan is checked against the catalogue by the
//! handler); `view.rs` answers them.

use crate::number::hundredths;
use domain::auto_topup::BelowBytes;
use domain::{FieldErrors, PlanId, ProxyKind, messages as msg};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

/// The kinds a top-up exists for, in the order the reply lists them.
pub const KINDS: [ProxyKind; 2] = [ProxyKind::Premium, ProxyKind::Budget];

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AutoTopupRequest {
    /// The traffic kind: `premium` or `budget`.
    #[serde(rename = "type")]
    #[schema(required = true, schema_with = crate::openapi::rules::traffic_kind)]
    pub kind: Option<Value>,
    #[schema(required = true, value_type = bool)]
    pub enabled: Option<Value>,
    /// Buy when what is left of the kind falls below this many GB (above 0, at most 10000,
    /// 2 decimals).
    #[schema(required = true, schema_with = crate::openapi::rules::topup_below_gb)]
    pub below_gb: Option<Value>,
    /// The plan to buy: one of the kind's plans on sale.
    #[schema(required = true, schema_with = crate::openapi::rules::plan_id)]
    pub plan_id: Option<Value>,
}

/// A request that parsed: the plan still has to be checked against the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parsed {
    pub kind: ProxyKind,
    pub enabled: bool,
    pub below: BelowBytes,
    pub plan_id: PlanId,
}

impl AutoTopupRequest {
    /// 422 with a message per bad field.
    pub fn parse(&self) -> Result<Parsed, FieldErrors> {
        let mut errors = FieldErrors::new();
        let kind = match &self.kind {
            Some(Value::String(s)) => ProxyKind::parse(s).filter(|k| KINDS.contains(k)),
            _ => None,
        };
        if kind.is_none() {
            errors.add("type", msg::AUTO_TOPUP_TYPE);
        }
        let enabled = self.enabled.as_ref().and_then(Value::as_bool);
        if enabled.is_none() {
            errors.add("enabled", msg::AUTO_TOPUP_ENABLED);
        }
        let below = hundredths(self.below_gb.as_ref()).and_then(BelowBytes::from_hundredths_gb);
        if below.is_none() {
            errors.add("belowGb", msg::AUTO_TOPUP_BELOW);
        }
        let plan_id = self
            .plan_id
            .as_ref()
            .and_then(domain::numbers::whole_of)
            .filter(|id| *id > 0)
            .map(PlanId::new);
        if plan_id.is_none() {
            errors.add("planId", msg::AUTO_TOPUP_PLAN);
        }
        match (kind, enabled, below, plan_id) {
            (Some(kind), Some(enabled), Some(below), Some(plan_id)) if errors.is_empty() => {
                Ok(Parsed {
                    kind,
                    enabled,
                    below,
                    plan_id,
                })
            }
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(body: Value) -> Result<Parsed, FieldErrors> {
        serde_json::from_value::<AutoTopupRequest>(body)
            .unwrap()
            .parse()
    }

    #[test]
    fn a_good_request_parses_into_domain_values() {
        let parsed = parse(json!({"type": "budget", "enabled": true, "belowGb": 2.5, "planId": 7}));
        assert_eq!(
            parsed.unwrap(),
            Parsed {
                kind: ProxyKind::Budget,
                enabled: true,
                below: BelowBytes::from_hundredths_gb(250).unwrap(),
                plan_id: PlanId::new(7),
            }
        );
    }

    #[test]
    fn every_bad_field_is_named() {
        for body in [
            json!({"type": "static", "enabled": "yes", "belowGb": 0, "planId": "x"}),
            json!({"type": 1, "enabled": null, "belowGb": 10000.01, "planId": -1}),
            json!({}),
        ] {
            let errors = parse(body.clone()).unwrap_err();
            for field in ["type", "enabled", "belowGb", "planId"] {
                assert!(errors.get(field).is_some(), "{field} of {body}");
            }
        }
        assert!(
            parse(json!({"type": "premium", "enabled": true, "belowGb": 1.234, "planId": 1}))
                .is_err()
        );
    }
}
