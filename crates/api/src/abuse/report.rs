//! `GET /api/abuse` (what the form says about attribution) and `POST /api/abuse` (file a report).

use super::form::ReportRequest;
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::{ClientIp, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, post, web};
use app::accounts::mails::send_notice;
use app::rate_limit::check_limits;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AbuseTerms {
    /// Days the connection records are kept (`PROXYSHOP_USAGE_RECORDS_DAYS`): a report about
    /// older traffic cannot be attributed.
    pub days_kept: u32,
    /// The longest window a report may name, in hours.
    pub max_window_hours: i64,
}

/// `GET /api/abuse`: how far back the desk can attribute traffic, for the public form.
#[utoipa::path(tag = "abuse", security(()), responses((status = 200, body = AbuseTerms)))]
#[get("/abuse")]
pub async fn abuse_terms(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(AbuseTerms {
        days_kept: state.settings.usage_records_days,
        max_window_hours: domain::abuse::MAX_WINDOW_SECS / 3600,
    })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReportFiled {
    /// The case number, also in the confirmation mail.
    pub id: i64,
}

/// `POST /api/abuse`: files a report as an open case and mails the reporter its number. At
/// most `abuse_per_ip` reports per network and `abuse_per_email` per reporter address an hour,
/// counted in the database (every instance together).
#[utoipa::path(tag = "abuse", security(()), request_body = ReportRequest,
    responses((status = 202, body = ReportFiled), (status = 400, body = ErrorResponse),
        (status = 422, body = ErrorResponse, description = "a field invalid, named"),
        (status = 429, body = ErrorResponse)))]
#[post("/abuse")]
pub async fn file_report(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: JsonObject<ReportRequest>,
) -> Result<HttpResponse, ApiError> {
    let now = persistence::now();
    let report = body.parse(now)?;
    let limits = &state.settings.limits;
    check_limits(
        &state.services.pool,
        limits.abuse_window,
        vec![
            (format!("abuse:net:{}", ip.network()), limits.abuse_per_ip),
            (
                format!("abuse:email:{}", report.reporter_email),
                limits.abuse_per_email,
            ),
        ],
    )
    .await?;
    let (to, destination) = (report.reporter_email.clone(), report.destination.clone());
    let id = in_transaction(&state.services.pool, move |conn| {
        Ok(persistence::abuse::insert(conn, &report, now)?)
    })
    .await?;
    tracing::info!(case = id, "abuse report filed");
    let mail = app::abuse::confirmation(to, id, &destination, state.settings.usage_records_days);
    send_notice(state.services.mailer.as_ref(), mail).await;
    Ok(HttpResponse::Accepted().json(ReportFiled { id }))
}
