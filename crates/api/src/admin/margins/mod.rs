//! `GET /api/admin/margins?days=30`: what the traffic sold by the GB brought in against what
//! the upstream pools charged for carrying it (docs/admin-api/margins.md), per kind and per
//! pool, per UTC day of the window (zeros filled, oldest first) and in total. The figures come
//! from `persistence::margins` in four reads.

mod view;

use super::summary::{SummaryQuery, window};
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use persistence::stats::DayRange;
use utoipa_actix_web::service_config::ServiceConfig;
use view::{AdminMargins, to_wire};

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(admin_margins);
}

#[utoipa::path(tag = "admin", params(SummaryQuery),
    responses((status = 200, body = AdminMargins), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/admin/margins")]
pub async fn admin_margins(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<SummaryQuery>,
) -> Result<HttpResponse, ApiError> {
    let days = window(query.days.as_deref())?;
    let range = DayRange::ending_at(persistence::now(), days);
    let margins = with_conn(&state.services.pool, move |conn| {
        Ok(persistence::margins::margins(conn, range)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(to_wire(days, &margins)))
}
