//! Alerts (docs/notifications.md): the customer's thresholds (`GET/PUT /api/user/alerts`,
//! `form.rs`) and the job that compares them with the figures and fires each crossing once
//! (`check.rs`).

mod check;
mod form;

pub use check::check_alerts;
pub use form::{AlertsReply, AlertsRequest};

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::state::AppState;
use actix_web::{HttpResponse, get, put, web};
use persistence::alerts;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(get_alerts).service(put_alerts);
}

#[utoipa::path(tag = "notifications",
    responses((status = 200, body = AlertsReply), (status = 401)))]
#[get("/user/alerts")]
pub async fn get_alerts(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let settings = with_conn(&state.pool, move |conn| Ok(alerts::settings(conn, id)?)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(AlertsReply::from(&settings)))
}

#[utoipa::path(tag = "notifications", request_body = AlertsRequest,
    responses((status = 200, body = AlertsReply), (status = 401), (status = 422)))]
#[put("/user/alerts")]
pub async fn put_alerts(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<AlertsRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let body = body.into_inner();
    let settings = in_transaction(&state.pool, move |conn| {
        let mut settings = alerts::settings(conn, id)?;
        body.apply(&mut settings).map_err(ApiError::Validation)?;
        alerts::save(conn, id, &settings, persistence::now())?;
        Ok(settings)
    })
    .await?;
    Ok(HttpResponse::Ok().json(AlertsReply::from(&settings)))
}
