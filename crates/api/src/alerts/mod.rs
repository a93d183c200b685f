//! Alerts (docs/notifications.md): the customer's thresholds and webhook (`GET/PUT
//! /api/user/alerts`, `form.rs` and `view.rs`) and the webhook's secret and delivery log (`webhook.rs`). The
//! jobs that fire the alerts and call the webhooks are `app::alerts`.

mod form;
mod view;
mod webhook;

pub use form::AlertsRequest;
pub use view::AlertsReply;
pub use webhook::{DeliveryItem, WebhookSecretReply};

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::state::AppState;
use actix_web::{HttpResponse, get, put, web};
use persistence::alerts;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(get_alerts)
        .service(put_alerts)
        .service(webhook::rotate_webhook_secret)
        .service(webhook::list_deliveries);
}

#[utoipa::path(tag = "notifications",
    responses((status = 200, body = AlertsReply), (status = 401)))]
#[get("/user/alerts")]
pub async fn get_alerts(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let settings = with_conn(&state.services.pool, move |conn| {
        Ok(alerts::settings(conn, id)?)
    })
    .await?;
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
    let allow_private = state.settings.webhook_allow_private;
    let session_secret = state.settings.session_secret.clone();
    let (settings, new_secret) = in_transaction(&state.services.pool, move |conn| {
        let mut settings = alerts::settings(conn, id)?;
        body.apply(&mut settings, allow_private)
            .map_err(ApiError::Validation)?;
        // The first URL gets a secret, shown in this answer only.
        let new_secret = match (&settings.webhook_url, &settings.webhook_secret) {
            (Some(_), None) => {
                let (plain, sealed) = webhook::new_secret(&session_secret)?;
                settings.webhook_secret = Some(sealed);
                Some(plain)
            }
            _ => None,
        };
        alerts::save(conn, id, &settings, persistence::now())?;
        Ok((settings, new_secret))
    })
    .await?;
    let mut reply = AlertsReply::from(&settings);
    reply.webhook_secret = new_secret;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(reply))
}
