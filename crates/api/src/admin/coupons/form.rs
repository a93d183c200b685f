//! The coupon form: `POST` (a new coupon: `code` and one of `percentOff`, `amountOff`) and
//! `PATCH` (any field) bodies, checked field by field onto a coupon's settings (422 naming each
//! field that is wrong, with its rule).

use crate::form::{dollars, nullable, whole};
use domain::pricing::{self, CouponRules, Discount, MAX_PERCENT_OFF};
use domain::{FieldErrors, PlanId, ProxyKind, messages as msg};
use serde::Deserialize;
use utoipa::ToSchema;

/// A coupon's fields. On `POST` `code` and exactly one of `percentOff` and `amountOff` are
/// required; on `PATCH` every field is optional (set the other discount to null to switch).
/// `minSpend`, `maxUses`, `validFrom` and `validUntil` may be set to null.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponForm {
    /// 3 to 32 letters, digits, dashes or underscores; case-insensitive, unique.
    #[schema(
        min_length = 3,
        max_length = 32,
        pattern = "^\\s*[A-Za-z0-9_-]{3,32}\\s*$"
    )]
    pub code: Option<String>,
    /// 1 to 90 per cent off.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 90)]
    pub percent_off: Option<Option<f64>>,
    /// USD off (0.01 to 10000); applies only to a price above it.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<f64>, minimum = 0.01, maximum = 10000, multiple_of = 0.01)]
    pub amount_off: Option<Option<f64>>,
    /// Proxy types it applies to; empty (the default): every type.
    pub kinds: Option<Vec<String>>,
    /// Plans it applies to; empty (the default): every plan.
    pub plan_ids: Option<Vec<i64>>,
    /// USD: the least price it applies to (0.01 to 100000).
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<f64>, minimum = 0.01, maximum = 100000, multiple_of = 0.01)]
    pub min_spend: Option<Option<f64>>,
    /// Uses in all, 1 to 1000000; null: no limit.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 1000000)]
    pub max_uses: Option<Option<f64>>,
    /// Uses per customer, 1 to 1000 (default 1).
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 1000)]
    pub max_uses_per_customer: Option<f64>,
    /// Only for a customer's first purchase (default false).
    pub first_purchase_only: Option<bool>,
    /// Unix seconds from which it applies; null: at once.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<i64>, minimum = 0)]
    pub valid_from: Option<Option<i64>>,
    /// Unix seconds from which it no longer applies; null: no end.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<i64>, minimum = 0)]
    pub valid_until: Option<Option<i64>>,
    /// Default true.
    pub active: Option<bool>,
}

/// A nullable field's value checked with `check`: absent keeps `current`, null removes it, a
/// wrong value adds `message` on `field` to `errors`.
fn nullable_field<T: Copy>(
    value: Option<Option<f64>>,
    current: Option<T>,
    check: impl Fn(f64) -> Option<T>,
    (field, message): (&'static str, &'static str),
    errors: &mut FieldErrors,
) -> Option<T> {
    match value {
        None => current,
        Some(None) => None,
        Some(Some(v)) => check(v).or_else(|| {
            errors.add(field, message);
            current
        }),
    }
}

impl CouponForm {
    /// The settings of a new coupon (`base` None) or of `base` with this form's changes.
    pub fn settings(self, base: Option<CouponRules>) -> Result<CouponRules, FieldErrors> {
        let mut errors = FieldErrors::new();
        let code = match self.code.as_deref().map(pricing::coupon_code) {
            Some(Some(code)) => code,
            None if base.is_some() => base.as_ref().map(|b| b.code.clone()).unwrap_or_default(),
            _ => {
                errors.add("code", msg::COUPON_CODE_FORMAT);
                String::new()
            }
        };
        let (percent, amount) = match base.as_ref().map(|b| b.discount) {
            Some(Discount::Percent(p)) => (Some(p), None),
            Some(Discount::Amount(a)) => (None, Some(a)),
            None => (None, None),
        };
        let percent = nullable_field(
            self.percent_off,
            percent,
            |v| whole(v, 1..=i64::from(MAX_PERCENT_OFF)).map(|p| p as i32),
            ("percentOff", msg::COUPON_PERCENT),
            &mut errors,
        );
        let amount = nullable_field(
            self.amount_off,
            amount,
            |v| dollars(v, 1..=1_000_000),
            ("amountOff", msg::COUPON_AMOUNT),
            &mut errors,
        );
        let discount = match (percent, amount) {
            (Some(p), None) => Some(Discount::Percent(p)),
            (None, Some(a)) => Some(Discount::Amount(a)),
            _ => None,
        };
        if discount.is_none() {
            errors.add("percentOff", msg::COUPON_ONE_DISCOUNT);
        }
        let kinds = match self.kinds {
            None => base.as_ref().map(|b| b.kinds.clone()).unwrap_or_default(),
            Some(names) => {
                let mut kinds: Vec<ProxyKind> = Vec::new();
                for name in &names {
                    match ProxyKind::parse(name.trim()) {
                        Some(kind) if !kinds.contains(&kind) => kinds.push(kind),
                        Some(_) => {}
                        None => errors.add("kinds", msg::COUPON_KINDS),
                    }
                }
                kinds
            }
        };
        let plan_ids = match self.plan_ids {
            None => base
                .as_ref()
                .map(|b| b.plan_ids.clone())
                .unwrap_or_default(),
            Some(mut ids) => {
                ids.sort_unstable();
                ids.dedup();
                ids.into_iter().map(PlanId::new).collect()
            }
        };
        let min_spend = nullable_field(
            self.min_spend,
            base.as_ref().and_then(|b| b.min_spend),
            |v| dollars(v, 1..=10_000_000),
            ("minSpend", msg::COUPON_MIN_SPEND),
            &mut errors,
        );
        let max_uses = nullable_field(
            self.max_uses,
            base.as_ref().and_then(|b| b.max_uses),
            |v| whole(v, 1..=1_000_000).map(|n| n as i32),
            ("maxUses", msg::COUPON_MAX_USES),
            &mut errors,
        );
        let max_uses_per_customer = match self.max_uses_per_customer {
            None => base.as_ref().map_or(1, |b| b.max_uses_per_customer),
            Some(v) => whole(v, 1..=1000).map_or_else(
                || {
                    errors.add("maxUsesPerCustomer", msg::COUPON_PER_CUSTOMER);
                    1
                },
                |n| n as i32,
            ),
        };
        let date = |value: Option<Option<i64>>, current: Option<i64>, errors: &mut FieldErrors| {
            match value {
                None => current,
                Some(None) => None,
                Some(Some(at)) if at >= 0 => Some(at),
                Some(Some(_)) => {
                    errors.add("validFrom", msg::COUPON_DATE);
                    current
                }
            }
        };
        let valid_from = date(
            self.valid_from,
            base.as_ref().and_then(|b| b.valid_from),
            &mut errors,
        );
        let valid_until = date(
            self.valid_until,
            base.as_ref().and_then(|b| b.valid_until),
            &mut errors,
        );
        if let (Some(from), Some(until)) = (valid_from, valid_until)
            && until <= from
        {
            errors.add("validUntil", msg::COUPON_WINDOW);
        }
        let (Some(discount), true) = (discount, errors.is_empty()) else {
            return Err(errors);
        };
        Ok(CouponRules {
            code,
            discount,
            kinds,
            plan_ids,
            min_spend,
            max_uses,
            max_uses_per_customer,
            first_purchase_only: self
                .first_purchase_only
                .unwrap_or(base.as_ref().is_some_and(|b| b.first_purchase_only)),
            valid_from,
            valid_until,
            active: self
                .active
                .unwrap_or(base.as_ref().is_none_or(|b| b.active)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::Cents;

    fn form(json: &str) -> CouponForm {
        serde_json::from_str(json).unwrap()
    }

    fn errors(result: Result<CouponRules, FieldErrors>) -> Vec<(String, String)> {
        let errors = result.unwrap_err();
        errors
            .iter()
            .map(|(f, m)| (f.to_string(), m.to_string()))
            .collect()
    }

    #[test]
    fn a_new_coupon_needs_a_code_and_one_discount() {
        let made = form(r#"{"code":" save20 ","percentOff":20,"kinds":["premium","premium"]}"#)
            .settings(None)
            .unwrap();
        assert_eq!(made.code, "SAVE20");
        assert_eq!(made.discount, Discount::Percent(20));
        assert_eq!(made.kinds, vec![ProxyKind::Premium]);
        assert_eq!((made.max_uses_per_customer, made.active), (1, true));
        assert_eq!(
            errors(form(r#"{"percentOff":20}"#).settings(None)),
            vec![("code".to_owned(), msg::COUPON_CODE_FORMAT.to_owned())]
        );
        assert_eq!(
            errors(form(r#"{"code":"ABC","percentOff":20,"amountOff":5}"#).settings(None)),
            vec![("percentOff".to_owned(), msg::COUPON_ONE_DISCOUNT.to_owned())]
        );
        let wrong = form(
            r#"{"code":"ABC","percentOff":91,"maxUses":0,"kinds":["x"],"validFrom":10,"validUntil":10}"#,
        )
        .settings(None);
        let fields: Vec<String> = errors(wrong).into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, vec!["percentOff", "kinds", "maxUses", "validUntil"]);
    }

    #[test]
    fn an_edit_changes_only_what_it_names() {
        let base = form(r#"{"code":"ABC","percentOff":20,"maxUses":3}"#)
            .settings(None)
            .unwrap();
        let edited = form(r#"{"percentOff":null,"amountOff":5,"maxUses":null}"#)
            .settings(Some(base.clone()))
            .unwrap();
        assert_eq!(edited.discount, Discount::Amount(Cents::new(500)));
        assert_eq!((edited.code.as_str(), edited.max_uses), ("ABC", None));
        let off = form(r#"{"active":false}"#).settings(Some(base)).unwrap();
        assert!(!off.active);
        assert_eq!(off.discount, Discount::Percent(20));
    }
}
