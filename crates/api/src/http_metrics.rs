//! Counts every answer and times it, labelled by the matched route pattern (never the raw path:
//! no ids or probes in labels), the method and the status; sign-in failures are counted by what
//! the sign-in routes answered. Names are listed in docs/operations.md.

use crate::request_id::Route;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use metrics::{Counter, Histogram};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
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
    if SIGN_IN_ROUTES.contains(&&*route.0)
        && let Some(reason) = sign_in_failure(status)
    {
        metrics::counter!("proxyshop_sign_in_failures_total", "route" => route.0.to_string(), "reason" => reason)
            .increment(1);
    }
    let handles = handles(route.0, method, status);
    handles.duration.record(started.elapsed().as_secs_f64());
    handles.requests.increment(1);
    result
}

/// The two metrics of one answer's labels.
struct Handles {
    duration: Histogram,
    requests: Counter,
}

/// An answer's labels: route pattern, method label, status.
type Labels = (Rc<str>, &'static str, u16);

thread_local! {
    /// The handles this worker has used, by labels. Registering a metric builds its key (the
    /// labels as strings) and looks it up in the recorder's registry, which cost more than
    /// recording; the label sets are few (route patterns, method labels, statuses).
    static HANDLES: RefCell<HashMap<Labels, Rc<Handles>>> = RefCell::new(HashMap::new());
}

fn handles(route: Rc<str>, method: &'static str, status: StatusCode) -> Rc<Handles> {
    let key: Labels = (route, method, status.as_u16());
    if let Some(handles) = HANDLES.with(|h| h.borrow().get(&key).cloned()) {
        return handles;
    }
    let (route, code) = (key.0.to_string(), key.2.to_string());
    let handles = Rc::new(Handles {
        duration: metrics::histogram!(
            "proxyshop_http_request_duration_seconds",
            "method" => method, "route" => route.clone(), "status" => code.clone()
        ),
        requests: metrics::counter!(
            "proxyshop_http_requests_total",
            "method" => method, "route" => route, "status" => code
        ),
    });
    // Until the recorder is installed the macros give handles that record nothing: not kept.
    if app::telemetry::recorder_installed() {
        HANDLES.with(|h| h.borrow_mut().insert(key, handles.clone()));
    }
    handles
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The one test of this binary that installs the process's recorder.
    #[test]
    fn handles_are_kept_once_the_recorder_is_installed_and_keep_counting() {
        // A thread of its own: the handles are kept per thread.
        std::thread::spawn(|| {
            let kept = || HANDLES.with(|h| h.borrow().len());
            assert!(!app::telemetry::recorder_installed());
            handles(Rc::from("/before"), "GET", StatusCode::OK)
                .requests
                .increment(1);
            assert_eq!(kept(), 0, "a handle that records nothing was kept");

            let recorder = app::telemetry::install_recorder().unwrap();
            for _ in 0..3 {
                handles(Rc::from("/after"), "GET", StatusCode::OK)
                    .requests
                    .increment(1);
            }
            handles(Rc::from("/after"), "GET", StatusCode::NOT_FOUND)
                .requests
                .increment(1);
            assert_eq!(kept(), 2);
            let text = recorder.render();
            for line in [
                r#"proxyshop_http_requests_total{method="GET",route="/after",status="200"} 3"#,
                r#"proxyshop_http_requests_total{method="GET",route="/after",status="404"} 1"#,
            ] {
                assert!(text.contains(line), "{line} not in:\n{text}");
            }
        })
        .join()
        .unwrap();
    }
}
