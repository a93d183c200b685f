//! The alert settings as the API writes them (`view.rs` has them as it reads them):
//! `{trafficPercent, expiryDays, balanceBelow, email, webhookUrl, runsOutWithinDays,
//! dailyReport}`. A field left out stays as it was; each list holds at most
//! 5 whole numbers (percent 1 to 100, days 1 to 30; a repeat counts, then is kept once), sorted
//! from the largest; a webhook URL is a `domain::webhook::WebhookUrl`, and null removes it with
//! its secret.

use crate::number::hundredths;
use domain::alerts::MAX_THRESHOLDS;
use domain::webhook::WebhookUrl;
use domain::{FieldErrors, messages as msg};
use persistence::alerts::AlertSettings;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertsRequest {
    /// Percent of a traffic kind's bought GB used at which to alert (whole, 1 to 100).
    #[schema(schema_with = crate::openapi::rules::alert_percents)]
    #[serde(default, deserialize_with = "present")]
    pub traffic_percent: Option<Value>,
    /// Days before traffic or a piece expires at which to alert (whole, 1 to 30).
    #[schema(schema_with = crate::openapi::rules::alert_days)]
    #[serde(default, deserialize_with = "present")]
    pub expiry_days: Option<Value>,
    /// Alert when the wallet balance falls below this many dollars (above 0, at most 100000, 2
    /// decimals); null: no balance alert.
    #[schema(schema_with = crate::openapi::rules::balance_threshold)]
    #[serde(default, deserialize_with = "present")]
    pub balance_below: Option<Value>,
    /// Send alerts by email too (they always reach the notification centre).
    #[schema(value_type = Option<bool>)]
    pub email: Option<Value>,
    /// An https URL every notification is POSTed to (signed); null removes the webhook.
    #[schema(schema_with = crate::openapi::rules::webhook_url)]
    #[serde(default, deserialize_with = "present")]
    pub webhook_url: Option<Value>,
    /// Alert when a traffic kind would run out within this many days at the pace of the last
    /// 7 days (whole, 1 to 30); null: no such alert.
    #[schema(schema_with = crate::openapi::rules::runs_out_days)]
    #[serde(default, deserialize_with = "present")]
    pub runs_out_within_days: Option<Value>,
    /// Send a report of the previous UTC day's usage every day (notification centre, and by
    /// the channels above: email when on, the webhook when set); off by default.
    // Not nullable: null is refused (the field is left out to keep it).
    #[schema(value_type = bool)]
    #[serde(default, deserialize_with = "present")]
    pub daily_report: Option<Value>,
}

/// Tells a field given as null (Some(Null)) from a field left out (None): null turns the balance
/// alert and the webhook off, and is refused for the two lists and the daily report (their
/// schema has no null).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

fn thresholds(value: &Value, range: std::ops::RangeInclusive<i64>) -> Option<Vec<i64>> {
    let Value::Array(items) = value else {
        return None;
    };
    // The count the schema's `maxItems` states, repeats included (they are then kept once).
    if items.len() > MAX_THRESHOLDS {
        return None;
    }
    let mut out = Vec::new();
    for item in items {
        let n = domain::numbers::whole_of(item).filter(|n| range.contains(n))?;
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out.sort_unstable_by(|a, b| b.cmp(a));
    Some(out)
}

impl AlertsRequest {
    /// Applies the fields given to `settings`; 422 with a message per bad field.
    /// `allow_private`: http and internal webhook hosts are accepted (tests, local runs).
    pub fn apply(
        &self,
        settings: &mut AlertSettings,
        allow_private: bool,
    ) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        if let Some(value) = &self.traffic_percent {
            match thresholds(value, domain::alerts::PERCENTS.range()) {
                Some(list) => settings.traffic_percent = list,
                None => errors.add("trafficPercent", msg::ALERT_PERCENT),
            }
        }
        if let Some(value) = &self.expiry_days {
            match thresholds(value, domain::alerts::DAYS.range()) {
                Some(list) => settings.expiry_days = list,
                None => errors.add("expiryDays", msg::ALERT_DAYS),
            }
        }
        match &self.balance_below {
            None => {}
            Some(Value::Null) => settings.balance_below_cents = None,
            Some(value) => match hundredths(Some(value)).filter(|c| *c > 0) {
                Some(cents) => settings.balance_below_cents = Some(cents),
                None => errors.add("balanceBelow", msg::ALERT_BALANCE),
            },
        }
        match &self.runs_out_within_days {
            None => {}
            Some(Value::Null) => settings.runs_out_within_days = None,
            Some(value) => match domain::numbers::whole_of(value)
                .filter(|n| domain::alerts::DAYS.range().contains(n))
            {
                Some(days) => settings.runs_out_within_days = Some(days),
                None => errors.add("runsOutWithinDays", msg::ALERT_RUNS_OUT),
            },
        }
        match &self.email {
            None => {}
            Some(Value::Bool(on)) => settings.email = *on,
            Some(_) => errors.add("email", msg::ALERT_EMAIL),
        }
        match &self.daily_report {
            None => {}
            Some(Value::Bool(on)) => settings.daily_report = *on,
            Some(_) => errors.add("dailyReport", msg::ALERT_DAILY_REPORT),
        }
        match &self.webhook_url {
            None => {}
            Some(Value::Null) => {
                settings.webhook_url = None;
                settings.webhook_secret = None;
            }
            Some(Value::String(text)) => match WebhookUrl::parse(text, allow_private) {
                Ok(url) => settings.webhook_url = Some(url.into_string()),
                Err(message) => errors.add("webhookUrl", message),
            },
            Some(_) => errors.add("webhookUrl", msg::WEBHOOK_URL),
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn apply(body: Value) -> Result<AlertSettings, FieldErrors> {
        let request: AlertsRequest = serde_json::from_value(body).unwrap();
        let mut settings = AlertSettings::default();
        request.apply(&mut settings, false).map(|()| settings)
    }

    #[test]
    fn lists_are_whole_numbers_in_range_deduplicated_largest_first() {
        let s = apply(json!({"trafficPercent": [50, 90, 50, 100], "expiryDays": [1, 7]})).unwrap();
        assert_eq!(s.traffic_percent, [100, 90, 50]);
        assert_eq!(s.expiry_days, [7, 1]);
        for bad in [
            json!([0]),
            json!([101]),
            json!([80.5]),
            json!(["80"]),
            json!(80),
            json!([1, 2, 3, 4, 5, 6]),
            json!(null),
        ] {
            assert!(apply(json!({ "trafficPercent": bad })).is_err(), "{bad}");
        }
        assert!(apply(json!({"expiryDays": null})).is_err());
        assert!(apply(json!({"expiryDays": [31]})).is_err());
        // The schema's maxItems counts repeats too: six items are refused even if one distinct.
        assert!(apply(json!({"expiryDays": [1, 1, 1, 1, 1, 1]})).is_err());
        assert_eq!(
            apply(json!({"expiryDays": [1, 1, 1, 1, 1]}))
                .unwrap()
                .expiry_days,
            [1]
        );
        assert_eq!(
            apply(json!({"trafficPercent": []}))
                .unwrap()
                .traffic_percent,
            Vec::<i64>::new()
        );
    }

    #[test]
    fn a_field_left_out_stays_and_null_turns_the_balance_alert_off() {
        let s = apply(json!({"balanceBelow": 12.5})).unwrap();
        assert_eq!(s.balance_below_cents, Some(1250));
        assert_eq!(s.traffic_percent, [95, 80]);
        let request: AlertsRequest = serde_json::from_value(json!({"balanceBelow": null})).unwrap();
        let mut on = s.clone();
        request.apply(&mut on, false).unwrap();
        assert_eq!(on.balance_below_cents, None);
        let request: AlertsRequest = serde_json::from_value(json!({})).unwrap();
        let mut kept = s.clone();
        request.apply(&mut kept, false).unwrap();
        assert_eq!(kept, s);
        for bad in [json!(0), json!(-1), json!("5"), json!(1.234)] {
            assert!(apply(json!({ "balanceBelow": bad })).is_err(), "{bad}");
        }
        assert!(apply(json!({"email": "yes"})).is_err());
    }

    #[test]
    fn the_runs_out_alert_takes_days_from_1_to_30_and_null_turns_it_off() {
        let s = apply(json!({"runsOutWithinDays": 3})).unwrap();
        assert_eq!(s.runs_out_within_days, Some(3));
        let request: AlertsRequest =
            serde_json::from_value(json!({"runsOutWithinDays": null})).unwrap();
        let mut off = s.clone();
        request.apply(&mut off, false).unwrap();
        assert_eq!(off.runs_out_within_days, None);
        for bad in [json!(0), json!(31), json!(2.5), json!("3"), json!([3])] {
            let errors = apply(json!({ "runsOutWithinDays": bad })).unwrap_err();
            assert_eq!(
                errors.get("runsOutWithinDays"),
                Some(msg::ALERT_RUNS_OUT),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_daily_report_is_off_by_default_and_takes_true_or_false_only() {
        assert!(!AlertSettings::default().daily_report);
        assert!(apply(json!({"dailyReport": true})).unwrap().daily_report);
        let mut on = AlertSettings {
            daily_report: true,
            ..AlertSettings::default()
        };
        let left_out: AlertsRequest = serde_json::from_value(json!({})).unwrap();
        left_out.apply(&mut on, false).unwrap();
        assert!(on.daily_report, "a field left out stays");
        for bad in [json!(null), json!("yes"), json!(1), json!([true])] {
            let errors = apply(json!({ "dailyReport": bad })).unwrap_err();
            assert_eq!(
                errors.get("dailyReport"),
                Some(msg::ALERT_DAILY_REPORT),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_webhook_url_is_parsed_and_null_removes_it_with_its_secret() {
        let s = apply(json!({"webhookUrl": "https://hooks.example.com/in"})).unwrap();
        assert_eq!(
            s.webhook_url.as_deref(),
            Some("https://hooks.example.com/in")
        );
        for bad in [
            json!("http://hooks.example.com/"),
            json!("https://10.0.0.1/"),
            json!(5),
        ] {
            assert!(apply(json!({ "webhookUrl": bad })).is_err(), "{bad}");
        }
        let mut set = AlertSettings {
            webhook_url: Some("https://hooks.example.com/in".into()),
            webhook_secret: Some("v1:sealed".into()),
            ..AlertSettings::default()
        };
        let request: AlertsRequest = serde_json::from_value(json!({"webhookUrl": null})).unwrap();
        request.apply(&mut set, false).unwrap();
        assert_eq!((set.webhook_url, set.webhook_secret), (None, None));
        let request: AlertsRequest =
            serde_json::from_value(json!({"webhookUrl": "http://127.0.0.1:9/"})).unwrap();
        let mut local = AlertSettings::default();
        request.apply(&mut local, true).unwrap();
        assert_eq!(local.webhook_url.as_deref(), Some("http://127.0.0.1:9/"));
    }
}
