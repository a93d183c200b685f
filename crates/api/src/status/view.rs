//! The public status page's answer (`GET /api/status`, docs/status.md).

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StatusPage {
    /// up, degraded or down.
    pub overall: String,
    pub components: Vec<ComponentStatus>,
    /// Open incidents and those resolved in the last 30 days, newest first.
    pub incidents: Vec<IncidentView>,
    /// Maintenance scheduled, in progress or completed in the last 30 days, newest first.
    pub maintenance: Vec<MaintenanceView>,
    /// SLA credits of this month and the last two (one line per month and kind credited).
    #[serde(rename = "slaCredits")]
    pub sla_credits: Vec<CreditLine>,
    /// When this answer was computed (unix seconds).
    #[serde(rename = "updatedAt")]
    pub updated_at: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ComponentStatus {
    pub id: String,
    pub name: String,
    /// up, degraded or down.
    pub status: String,
    /// Percent of the measured minutes up over the last 30 days; null before any was measured.
    #[serde(rename = "uptime30d")]
    pub uptime_30d: Option<f64>,
    #[serde(rename = "uptime90d")]
    pub uptime_90d: Option<f64>,
    /// The last 90 UTC days, oldest first.
    pub days: Vec<DayUptime>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DayUptime {
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    /// Percent up of the day's measured minutes; null when none was measured.
    pub uptime: Option<f64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct IncidentUpdate {
    /// Unix seconds.
    pub at: i64,
    pub body: String,
    /// The status the update moved the incident to.
    pub status: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct IncidentView {
    pub id: i64,
    pub title: String,
    /// investigating, identified, monitoring or resolved.
    pub status: String,
    /// Component ids.
    pub components: Vec<String>,
    #[serde(rename = "startedAt")]
    pub started_at: i64,
    #[serde(rename = "resolvedAt")]
    pub resolved_at: Option<i64>,
    /// Oldest first.
    pub updates: Vec<IncidentUpdate>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MaintenanceView {
    pub id: i64,
    pub title: String,
    /// scheduled, in_progress or completed.
    pub status: String,
    pub components: Vec<String>,
    #[serde(rename = "startsAt")]
    pub starts_at: i64,
    #[serde(rename = "endsAt")]
    pub ends_at: i64,
    pub updates: Vec<IncidentUpdate>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CreditLine {
    /// `YYYY-MM`.
    pub month: String,
    /// The traffic kind (premium, budget) whose month fell below the promise.
    pub kind: String,
    /// Customers credited.
    pub customers: i64,
}
