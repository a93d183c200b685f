//! Every answer carries `X-Request-Id`: the caller's own when it is a sane token (1 to 64
//! letters, digits, `-`, `_` or `.`), otherwise a fresh random one. The same outermost
//! middleware opens the request's tracing span, so every log line of the request names the id;
//! the span holds the method and the route pattern (and the status, on the line that ends a
//! 5xx answer), never the raw path, query, headers or cookies. The route pattern is found once
//! here and kept in the request's extensions (`Route`) for the layers inside (metrics): finding
//! it walks the route table, matching every dynamic pattern on the way.

use actix_web::HttpMessage;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use std::rc::Rc;
use tracing::Instrument;

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

/// The route pattern the request matched (`/api/admin/users/{id}`), or "unmatched"; shared by
/// the layers that label by route.
#[derive(Debug, Clone)]
pub struct Route(pub Rc<str>);

impl Route {
    /// The pattern `assign` found for this request; found here only if `assign` did not wrap
    /// the layer asking (the application always mounts it outermost).
    pub fn of(req: &actix_web::HttpRequest) -> Route {
        if let Some(route) = req.extensions().get::<Route>() {
            return route.clone();
        }
        Route::find(req)
    }

    fn find(req: &actix_web::HttpRequest) -> Route {
        Route(Rc::from(
            req.match_pattern().as_deref().unwrap_or("unmatched"),
        ))
    }
}

/// Outermost middleware: picks the id, opens the request's span around everything inside, and
/// sets the response header (on error answers too).
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
    let route = Route::find(req.request());
    let span = tracing::info_span!(
        "request",
        request_id = %id,
        method = %req.method(),
        route = %route.0,
        status = tracing::field::Empty,
    );
    {
        let mut extensions = req.extensions_mut();
        extensions.insert(RequestId(id.clone()));
        extensions.insert(route);
    }
    let outcome = next.call(req).instrument(span.clone()).await;
    let status = match &outcome {
        Ok(res) => res.status(),
        Err(err) => err.as_response_error().status_code(),
    };
    if status.is_server_error() {
        // Only the line below is written after the answer is known: recorded for it alone (the
        // span's fields are formatted as they are recorded, a cost on every request otherwise).
        span.record("status", status.as_u16());
        let error = match &outcome {
            Ok(res) => res.response().error().map(ToString::to_string),
            Err(err) => Some(err.to_string()),
        };
        // Inside the span: the line names the request. What failed inside was logged where it
        // failed, with its cause (`ApiError`); this line says the request ended so.
        span.in_scope(|| {
            tracing::error!(error = error.as_deref().unwrap_or(""), "answered {status}")
        });
    }
    match outcome {
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
