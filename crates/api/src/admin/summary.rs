//! `GET /api/admin/summary?days=30`: the operator's overview (docs/admin-api/summary.md):
//! customers, top-ups, sales and traffic per UTC day of the window (zeros filled, oldest first),
//! pieces live, stock, and what waits for an operator. The figures come from
//! `persistence::stats` in a fixed number of grouped queries.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use domain::messages as msg;
use domain::rules::SUMMARY_DAYS;
use persistence::stats;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;
use view::{AdminSummary, to_wire};

mod view;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(admin_summary);
}

const DEFAULT_DAYS: u16 = 30;

#[derive(Debug, Deserialize, IntoParams)]
pub struct SummaryQuery {
    /// How many UTC days, ending today: 1 to 365 (default 30).
    #[param(schema_with = crate::openapi::rules::summary_days)]
    pub days: Option<String>,
}

/// The window asked for; anything but a whole number in 1..=365 is 422 on `days`.
pub(crate) fn window(raw: Option<&str>) -> Result<u16, ApiError> {
    match raw {
        None => Ok(DEFAULT_DAYS),
        Some(text) => text
            .trim()
            .parse::<u16>()
            .ok()
            .filter(|days| SUMMARY_DAYS.contains(i64::from(*days)))
            .ok_or(ApiError::field("days", msg::VALID_DAYS)),
    }
}

#[utoipa::path(tag = "admin", params(SummaryQuery),
    responses((status = 200, body = AdminSummary), (status = 401), (status = 403), (status = 422)))]
#[get("/admin/summary")]
pub async fn admin_summary(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<SummaryQuery>,
) -> Result<HttpResponse, ApiError> {
    let days = window(query.days.as_deref())?;
    let at = persistence::now();
    let range = stats::DayRange::ending_at(at, days);
    let figures = with_conn(&state.services.pool, move |conn| {
        Ok(stats::summary(conn, range, at)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(to_wire(days, figures)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_is_one_to_365_days() {
        assert_eq!(window(None).ok(), Some(30));
        assert_eq!(window(Some("1")).ok(), Some(1));
        assert_eq!(window(Some(" 365 ")).ok(), Some(365));
        for bad in ["0", "366", "-1", "", "7.5", "abc", "70000"] {
            assert!(window(Some(bad)).is_err(), "{bad}");
        }
    }
}
