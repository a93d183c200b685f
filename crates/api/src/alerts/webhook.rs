//! The webhook's secret and delivery log: `POST /api/user/alerts/webhook_secret` replaces the
//! signing secret and shows the new one once; `GET /api/user/alerts/deliveries` lists the calls
//! made (or to be made), newest first.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::pagination::{PageQuery, Paged};
use crate::state::AppState;
use actix_web::{HttpResponse, get, post, web};
use app::secret_box::{self, Purpose};
use domain::messages as msg;
use persistence::alerts;
use persistence::webhook_deliveries::{self, DeliveryRow};
use secrecy::SecretString;
use serde::Serialize;
use utoipa::ToSchema;

/// A fresh secret: as shown to the customer (once), and sealed for storage.
pub(super) fn new_secret(session_secret: &SecretString) -> Result<(String, String), ApiError> {
    let plain = domain::webhook::new_secret();
    let sealed = secret_box::seal_for(Purpose::Webhook, session_secret, plain.as_bytes())?;
    Ok((plain, sealed))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookSecretReply {
    /// The new signing secret (`whsec_…`); it is never shown again.
    pub webhook_secret: String,
}

#[utoipa::path(tag = "notifications",
    responses((status = 200, body = WebhookSecretReply), (status = 401),
        (status = 409, description = "No webhook URL is set")))]
#[post("/user/alerts/webhook_secret")]
pub async fn rotate_webhook_secret(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let session_secret = state.settings.session_secret.clone();
    let secret = in_transaction(&state.services.pool, move |conn| {
        let mut settings = alerts::settings(conn, id)?;
        if settings.webhook_url.is_none() {
            return Err(ApiError::Conflict(msg::WEBHOOK_URL_MISSING));
        }
        let (plain, sealed) = new_secret(&session_secret)?;
        settings.webhook_secret = Some(sealed);
        alerts::save(conn, id, &settings, persistence::now())?;
        Ok(plain)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(WebhookSecretReply {
            webhook_secret: secret,
        }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryItem {
    pub id: i64,
    pub notification_id: i64,
    pub url: String,
    /// pending, delivered or failed (for good: retries stop 24 hours after the notification).
    pub status: String,
    pub attempts: i32,
    /// The status code of the last answer; null when there was none.
    pub last_code: Option<i32>,
    /// Why the last attempt failed; null after a success.
    pub last_error: Option<String>,
    /// Unix seconds.
    pub created_at: i64,
    pub delivered_at: Option<i64>,
    /// When the next attempt is due (pending only).
    pub next_at: Option<i64>,
}

impl From<DeliveryRow> for DeliveryItem {
    fn from(row: DeliveryRow) -> Self {
        DeliveryItem {
            id: row.id,
            notification_id: row.notification_id,
            url: row.url,
            status: row.status,
            attempts: row.attempts,
            last_code: row.last_code,
            last_error: row.last_error,
            created_at: row.created_at,
            delivered_at: row.delivered_at,
            next_at: row.next_at,
        }
    }
}

#[utoipa::path(tag = "notifications", params(PageQuery),
    responses((status = 200, body = Paged<DeliveryItem>), (status = 401), (status = 422)))]
#[get("/user/alerts/deliveries")]
pub async fn list_deliveries(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let at = query.resolve(20)?;
    let (per_page, offset) = (at.per_page, at.offset);
    let id = user.0.id;
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(webhook_deliveries::page(conn, id, offset, per_page)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Paged::new(
            rows.into_iter().map(DeliveryItem::from).collect(),
            total,
            at,
        )))
}
