//! Every answer carries `X-Request-Id`: the caller's own when it is a sane token (1 to 64
//! letters, digits, `-`, `_` or `.`), otherwise a fresh random one. The id is a field of the
//! request's tracing span (`RequestSpan`), so every log line of the request names it; the span
//! holds the method, the route pattern and the status, never the raw path, query, headers or
//! cookies.

use actix_web::HttpMessage;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use tracing::Span;
use tracing_actix_web::RootSpanBuilder;

pub const HEADER: &str = "x-request-id";

/// The id of the request being served (in the request's extensions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestId(pub String);

/// Whether a caller's id may be taken as it is (it ends up in logs and in a header).
pub fn is_sane(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

fn generate() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

/// Outermost middleware: picks the id, keeps it for the span, and sets the response header
/// (on error answers too).
pub async fn assign(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let id = req
        .headers()
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| is_sane(v))
        .map_or_else(generate, str::to_owned);
    req.extensions_mut().insert(RequestId(id.clone()));
    match next.call(req).await {
        Ok(mut res) => {
            set_header(res.headers_mut(), &id);
            Ok(res.map_into_boxed_body())
        }
        // A middleware's refusal becomes its answer later, outside this one: carry the id along.
        Err(err) => Err(WithRequestId { err, id }.into()),
    }
}

fn set_header(headers: &mut actix_web::http::header::HeaderMap, id: &str) {
    if let Ok(value) = HeaderValue::from_str(id) {
        headers.insert(HeaderName::from_static(HEADER), value);
    }
}

/// An error answered as it would have been, plus the request id header.
#[derive(Debug)]
struct WithRequestId {
    err: actix_web::Error,
    id: String,
}

impl std::fmt::Display for WithRequestId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.err.fmt(f)
    }
}

impl actix_web::ResponseError for WithRequestId {
    fn status_code(&self) -> actix_web::http::StatusCode {
        self.err.as_response_error().status_code()
    }

    fn error_response(&self) -> actix_web::HttpResponse {
        let mut res = self.err.error_response();
        set_header(res.headers_mut(), &self.id);
        res
    }
}

/// The root span of every request: method, route pattern, request id, and the status once
/// answered.
pub struct RequestSpan;

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let id = request
            .extensions()
            .get::<RequestId>()
            .map(|id| id.0.clone())
            .unwrap_or_default();
        let route = request
            .match_pattern()
            .unwrap_or_else(|| "unmatched".to_owned());
        tracing::info_span!(
            "request",
            request_id = %id,
            method = %request.method(),
            route = %route,
            status = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(
        span: Span,
        outcome: &Result<ServiceResponse<B>, actix_web::Error>,
    ) {
        let status = match outcome {
            Ok(res) => res.status(),
            Err(err) => err.as_response_error().status_code(),
        };
        span.record("status", status.as_u16());
    }
}
