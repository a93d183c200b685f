//! The incident and maintenance forms, checked field by field (422 naming each wrong field).

use domain::status::IncidentStatus;
use domain::{FieldErrors, messages as msg};
use serde::Deserialize;
use utoipa::ToSchema;

/// `POST /api/admin/incidents`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct IncidentForm {
    /// 3–200 characters, trimmed.
    #[schema(min_length = 3, max_length = 200)]
    pub title: Option<String>,
    /// The first update's text: 1–5000 characters, trimmed.
    #[schema(min_length = 1, max_length = 5000)]
    pub body: Option<String>,
    /// Component ids of the status page (`GET /api/status`), at least one.
    pub components: Option<Vec<String>>,
    /// investigating, identified, monitoring or resolved.
    pub status: Option<String>,
}

/// `POST /api/admin/maintenance`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct MaintenanceForm {
    #[schema(min_length = 3, max_length = 200)]
    pub title: Option<String>,
    #[schema(min_length = 1, max_length = 5000)]
    pub body: Option<String>,
    pub components: Option<Vec<String>>,
    /// Unix seconds.
    #[serde(rename = "startsAt")]
    pub starts_at: Option<i64>,
    /// Unix seconds, after `startsAt`.
    #[serde(rename = "endsAt")]
    pub ends_at: Option<i64>,
}

/// `PATCH /api/admin/incidents/{id}`: an update's text and the new status.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct IncidentUpdateForm {
    #[schema(min_length = 1, max_length = 5000)]
    pub body: Option<String>,
    /// investigating, identified, monitoring or resolved.
    pub status: Option<String>,
}

fn bounded(raw: Option<&str>, min: usize, max: usize) -> Option<String> {
    let text = raw.unwrap_or_default().trim();
    (min..=max)
        .contains(&text.chars().count())
        .then(|| text.to_owned())
}

pub(super) fn title(raw: Option<&str>, errors: &mut FieldErrors) -> String {
    errors
        .take("title", bounded(raw, 3, 200).ok_or(msg::INCIDENT_TITLE))
        .unwrap_or_default()
}

pub(super) fn body(raw: Option<&str>, errors: &mut FieldErrors) -> String {
    errors
        .take("body", bounded(raw, 1, 5000).ok_or(msg::INCIDENT_BODY))
        .unwrap_or_default()
}

pub(super) fn status(raw: Option<&str>, errors: &mut FieldErrors) -> Option<IncidentStatus> {
    errors.take(
        "status",
        raw.and_then(IncidentStatus::parse)
            .ok_or(msg::INCIDENT_STATUS),
    )
}

/// The named components, each one the page lists (`known`), without repeats.
pub(super) fn components(
    raw: Option<&[String]>,
    known: &[String],
    errors: &mut FieldErrors,
) -> Vec<String> {
    let mut ids: Vec<String> = raw.unwrap_or_default().to_vec();
    ids.sort();
    ids.dedup();
    let valid = !ids.is_empty() && ids.iter().all(|id| known.contains(id));
    errors
        .take(
            "components",
            if valid {
                Ok(ids)
            } else {
                Err(msg::INCIDENT_COMPONENTS)
            },
        )
        .unwrap_or_default()
}
