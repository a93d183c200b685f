//! Counts every answer and times it, labelled by the matched route pattern (never the raw path:
//! no ids or probes in labels), the method and the status; sign-in failures are counted by what
//! the sign-in routes answered. Names are listed in docs/operations.md.

use crate::request_id::Route;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use std::time::Instant;

/// The routes a sign-in attempt goes to: password, second factor, Google.
const SIGN_IN_ROUTES: [&str; 3] = ["/api/login", "/api/login/2fa", "/api/google-getway"];

pub async fn record(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = method_label(req.method());
    let route = Route::of(req.request());
    let result = next.call(req).await;
    let status = match &result {
        Ok(res) => res.status(),
        Err(err) => err.as_response_error().status_code(),
    };
    let route = route.0.to_string();
    let code = status.as_u16().to_string();
    if SIGN_IN_ROUTES.contains(&route.as_str())
        && let Some(reason) = sign_in_failure(status)
    {
        metrics::counter!("proxyshop_sign_in_failures_total", "route" => route.clone(), "reason" => reason)
            .increment(1);
    }
    metrics::histogram!(
        "proxyshop_http_request_duration_seconds",
        "method" => method, "route" => route.clone(), "status" => code.clone()
    )
    .record(started.elapsed().as_secs_f64());
    metrics::counter!(
        "proxyshop_http_requests_total",
        "method" => method, "route" => route, "status" => code
    )
    .increment(1);
    result
}

/// Methods outside the standard set share one label, so that a client cannot mint label values.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "OTHER",
    }
}

fn sign_in_failure(status: StatusCode) -> Option<&'static str> {
    match status.as_u16() {
        401 => Some("invalid_credentials"),
        403 => Some("refused"),
        422 => Some("invalid_form"),
        429 => Some("rate_limited"),
        _ => None,
    }
}
