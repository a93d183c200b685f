//! The notification centre (docs/notifications.md): `GET /api/user/notifications` lists a
//! customer's notifications newest first with the unread count (the bell in the top bar);
//! `POST /api/user/notifications/read` marks some or all of them read.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::pagination::{PageQuery, Paged};
use crate::state::AppState;
use actix_web::{HttpResponse, get, post, web};
use persistence::notifications::{self, NotificationRow};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_notifications).service(mark_read);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationItem {
    pub id: i64,
    /// alert, renewed, renewal_failed, payment_credited, order_delivered, abuse_warning,
    /// incident.opened, incident.updated, incident.resolved or sla_credit.
    pub kind: String,
    pub title: String,
    pub body: String,
    /// Unix seconds.
    pub created_at: i64,
    pub read: bool,
}

impl From<NotificationRow> for NotificationItem {
    fn from(row: NotificationRow) -> Self {
        NotificationItem {
            id: row.id,
            kind: row.kind,
            title: row.title,
            body: row.body,
            created_at: row.created_at,
            read: row.read_at.is_some(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationList {
    #[serde(flatten)]
    pub list: Paged<NotificationItem>,
    /// Unread notifications in all (not only on this page).
    pub unread: i64,
}

#[utoipa::path(tag = "notifications", params(PageQuery),
    responses((status = 200, body = NotificationList), (status = 401), (status = 422)))]
#[get("/user/notifications")]
pub async fn list_notifications(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let at = query.resolve(20)?;
    let (per_page, offset) = (at.per_page, at.offset);
    let id = user.0.id;
    let (rows, total, unread) = with_conn(&state.services.pool, move |conn| {
        let (rows, total) = notifications::page(conn, id, offset, per_page)?;
        Ok((rows, total, notifications::unread(conn, id)?))
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(NotificationList {
            list: Paged::new(
                rows.into_iter().map(NotificationItem::from).collect(),
                total,
                at,
            ),
            unread,
        }))
}

/// Which notifications to mark read: `ids`, or all when it is absent or null.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MarkReadRequest {
    #[serde(default)]
    #[schema(max_items = 200)]
    pub ids: Option<Vec<i64>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadCount {
    /// Unread notifications left.
    pub unread: i64,
}

#[utoipa::path(tag = "notifications", request_body = MarkReadRequest,
    responses((status = 200, body = UnreadCount), (status = 401), (status = 422)))]
#[post("/user/notifications/read")]
pub async fn mark_read(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<MarkReadRequest>,
) -> Result<HttpResponse, ApiError> {
    let ids = body.into_inner().ids;
    if ids.as_ref().is_some_and(|ids| ids.len() > 200) {
        let mut errors = domain::FieldErrors::new();
        errors.add("ids", domain::messages::TOO_MANY_IDS);
        return Err(ApiError::Validation(errors));
    }
    let id = user.0.id;
    let unread = with_conn(&state.services.pool, move |conn| {
        notifications::mark_read(conn, id, ids.as_deref(), persistence::now())?;
        Ok(notifications::unread(conn, id)?)
    })
    .await?;
    Ok(HttpResponse::Ok().json(UnreadCount { unread }))
}
