//! The public status page's API (`GET /api/status`, docs/status.md): served from the last
//! computed answer, kept in memory as its JSON and ETag. An answer older than the freshness
//! (`Settings::status_fresh`, 15 s) is still served at once while one request's worth of
//! recomputing runs beside it, so the page answers at the speed of `/healthz` and stays up when
//! the database is slow or down: it answers from the last computed state. Only before the first
//! answer was ever computed does a request wait for the database (at most `FIRST_WAIT`).

mod page;
pub mod view;

use crate::compress::GZIP;
use crate::content_coding::{self, Encoding};
use crate::state::AppState;
use crate::status_cache::Snapshot;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, web};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use utoipa_actix_web::service_config::ServiceConfig;
use view::StatusPage;

/// How long the first request waits for the first answer.
const FIRST_WAIT: Duration = Duration::from_secs(5);
/// How long the first request after an operator's change waits for the new answer.
const CHANGE_WAIT: Duration = Duration::from_secs(1);

/// Computes the page now and keeps it; none when the database failed (logged).
async fn recompute(state: &AppState) -> Option<Arc<Snapshot>> {
    let built = app::blocking::with_conn(&state.services.pool, |conn| {
        page::build(conn, persistence::now())
    })
    .await;
    match built {
        Ok(page) => match serde_json::to_vec(&page) {
            Ok(json) => Some(state.status.store(json)),
            Err(err) => {
                tracing::warn!(%err, "status page not serialised");
                None
            }
        },
        Err(err) => {
            tracing::warn!(%err, "status page not recomputed; serving the last answer");
            None
        }
    }
}

fn answer(req: &HttpRequest, snapshot: &Snapshot) -> HttpResponse {
    let matches = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|t| t.trim() == snapshot.etag));
    let mut response = if matches {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::CACHE_CONTROL, "public, max-age=15"))
        .insert_header((header::ETAG, snapshot.etag.clone()));
    // The answer's coding depends on the request's `Accept-Encoding` (a 304 names it too).
    response.insert_header((header::VARY, "Accept-Encoding"));
    if matches {
        return response.finish();
    }
    response.content_type("application/json");
    let accepts = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok());
    match (&snapshot.gzip, content_coding::negotiate(accepts, GZIP)) {
        // Already compressed, so the compression middleware leaves it as it is.
        (Some(body), Encoding::Gzip) => response
            .insert_header((header::CONTENT_ENCODING, "gzip"))
            .body(body.clone()),
        _ => response.body(snapshot.json.clone()),
    }
}

/// `GET /api/status`: the components, their 90 days, incidents and maintenance (public).
#[utoipa::path(tag = "status", security(()),
    responses((status = 200, body = StatusPage), (status = 304),
              (status = 503, body = crate::view::ErrorResponse)))]
#[get("/status")]
pub async fn status_page(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    match state.status.current() {
        Some(snapshot) if state.status.changed.swap(false, Ordering::AcqRel) => {
            match tokio::time::timeout(CHANGE_WAIT, recompute(&state)).await {
                Ok(Some(fresh)) => answer(&req, &fresh),
                _ => answer(&req, &snapshot),
            }
        }
        Some(snapshot) => {
            if snapshot.at.elapsed() >= state.settings.status_fresh
                && !state.status.refreshing.swap(true, Ordering::AcqRel)
            {
                let state = state.clone();
                actix_web::rt::spawn(async move {
                    recompute(&state).await;
                    state.status.refreshing.store(false, Ordering::Release);
                });
            }
            answer(&req, &snapshot)
        }
        None => match tokio::time::timeout(FIRST_WAIT, recompute(&state)).await {
            Ok(Some(snapshot)) => answer(&req, &snapshot),
            _ => HttpResponse::ServiceUnavailable()
                .insert_header((header::RETRY_AFTER, "5"))
                .json(serde_json::json!({ "message": domain::messages::STATUS_UNAVAILABLE })),
        },
    }
}

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(status_page);
}
