//! `POST /api/user/check {proxy}`: tests one generated line through our own gateway against the
//! operator's IP-echo service and answers `{ok, exitIp, latencyMs, error}`.
//!
//! The line is accepted only when its host and port are this shop's gateway (the public host
//! and its HTTP or SOCKS5 port, as generated lines carry them); anything else is refused before
//! any connection, so the checker can never carry a customer's credentials, or anyone's, to a
//! host of the caller's choosing. The echo URL comes from the configuration only. A SOCKS5
//! line is checked through the gateway's HTTP port with the same credential (same account,
//! same traffic). Each customer gets `check_per_user` checks per window, counted in the
//! database like every other limit.

use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use app::rate_limit::check_limits;
use domain::messages as msg;
use domain::proxy_line::ProxyLine;
use serde::{Deserialize, Serialize};
use upstream::CheckRequest;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct CheckProxyRequest {
    /// A generated line in any of the four output formats.
    #[schema(required = true, schema_with = crate::openapi::rules::non_blank)]
    pub proxy: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckProxyResponse {
    /// The request went through and the echo service answered an IP.
    pub ok: bool,
    /// The address the echo service saw (present when `ok`).
    pub exit_ip: Option<String>,
    /// The whole request, in milliseconds (present when `ok`).
    pub latency_ms: Option<u64>,
    /// Why it failed, in words (present when not `ok`).
    pub error: Option<String>,
}

/// The reading of `line` that points at our gateway, with the port to check through.
fn ours(state: &AppState, line: &str) -> Result<CheckRequest, ApiError> {
    let gateway = &state.settings.gateway;
    let readings = ProxyLine::readings(line);
    if readings.is_empty() {
        return Err(ApiError::BadRequest(msg::CHECK_NOT_A_LINE.to_owned()));
    }
    readings
        .into_iter()
        .find(|r| {
            r.host.eq_ignore_ascii_case(&gateway.host)
                && (r.port == gateway.http_port || r.port == gateway.socks_port)
        })
        .map(|r| CheckRequest {
            // Our configured address, never the line's spelling of it.
            host: gateway.host.clone(),
            port: gateway.http_port,
            username: r.username,
            password: r.password,
        })
        .ok_or_else(|| ApiError::BadRequest(msg::CHECK_NOT_OURS.to_owned()))
}

#[utoipa::path(tag = "traffic", request_body = CheckProxyRequest,
    responses((status = 200, body = CheckProxyResponse), (status = 400, body = ErrorResponse),
              (status = 401, body = ErrorResponse), (status = 422, body = ErrorResponse),
              (status = 429, body = ErrorResponse)))]
#[post("/user/check")]
pub async fn check_proxy(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<CheckProxyRequest>,
) -> Result<HttpResponse, ApiError> {
    limit_checks(&state, user.0.id).await?;
    let line = body
        .proxy
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .ok_or_else(|| ApiError::field("proxy", msg::CHECK_LINE_REQUIRED))?;
    let request = ours(&state, line)?;
    Ok(HttpResponse::Ok().json(run_check(&state, &request).await))
}

/// Counts one check of customer `user` (`check_per_user` per window, shared by every kind of
/// check); 429 past it.
pub(crate) async fn limit_checks(state: &AppState, user: domain::UserId) -> Result<(), ApiError> {
    let limits = &state.settings.limits;
    check_limits(
        &state.services.pool,
        limits.check_window,
        vec![(format!("check:user:{user}"), limits.check_per_user)],
    )
    .await?;
    Ok(())
}

/// Runs one check of `request` (which must point at our gateway) and answers its outcome.
pub(crate) async fn run_check(state: &AppState, request: &CheckRequest) -> CheckProxyResponse {
    match state.checker.check(request).await {
        Ok(outcome) => CheckProxyResponse {
            ok: true,
            exit_ip: Some(outcome.exit_ip.to_string()),
            latency_ms: Some(u64::try_from(outcome.latency.as_millis()).unwrap_or(u64::MAX)),
            error: None,
        },
        Err(reason) => CheckProxyResponse {
            ok: false,
            exit_ip: None,
            latency_ms: None,
            error: Some(reason.to_string()),
        },
    }
}
