//! The alert settings as the API answers them: the saved thresholds and channels, whether a
//! webhook signing secret exists, and the secret itself only in the answer that created it.

use domain::Cents;
use persistence::alerts::AlertSettings;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertsReply {
    pub traffic_percent: Vec<i64>,
    pub expiry_days: Vec<i64>,
    /// Dollars; null: no balance alert.
    #[schema(value_type = Option<f64>)]
    pub balance_below: Option<Cents>,
    pub email: bool,
    /// Where notifications are POSTed; null: no webhook.
    pub webhook_url: Option<String>,
    /// Days ahead of running out (at the recent pace) to alert at; null: off.
    pub runs_out_within_days: Option<i64>,
    /// Whether the daily usage report is on (off by default).
    pub daily_report: bool,
    /// Whether a signing secret exists (it is never shown again).
    pub webhook_secret_set: bool,
    /// The signing secret, only in the answer that created it (the first webhook URL saved);
    /// it is never shown again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhook_secret: Option<String>,
}

impl From<&AlertSettings> for AlertsReply {
    fn from(s: &AlertSettings) -> Self {
        AlertsReply {
            traffic_percent: s.traffic_percent.clone(),
            expiry_days: s.expiry_days.clone(),
            balance_below: s.balance_below_cents.map(Cents::new),
            email: s.email,
            webhook_url: s.webhook_url.clone(),
            runs_out_within_days: s.runs_out_within_days,
            daily_report: s.daily_report,
            webhook_secret_set: s.webhook_secret.is_some(),
            webhook_secret: None,
        }
    }
}
