//! `GET /api/admin/audit?actor=&action=&target=&page=&perPage=`: the log, newest first. `actor`
//! is the operator's user id or email; `action` and `target` match exactly.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::pagination::{PageQuery, Paged};
use crate::query_text::given;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::UserId;
use persistence::audit::{self, AuditFilter};
use persistence::users;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
pub struct AuditQuery {
    /// The operator: a user id or an email.
    pub actor: Option<String>,
    /// e.g. `plan.update`.
    pub action: Option<String>,
    /// e.g. `plan:3`.
    pub target: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditItem {
    pub id: i64,
    pub actor_id: Option<i64>,
    pub actor_email: Option<String>,
    pub action: String,
    pub target: Option<String>,
    pub reason: Option<String>,
    /// The target's state before the change (JSON), or null.
    #[schema(value_type = Option<Object>)]
    pub before: Option<Value>,
    /// The target's state after the change (JSON), or null.
    #[schema(value_type = Option<Object>)]
    pub after: Option<Value>,
    pub created_at: i64,
}

#[utoipa::path(tag = "admin", params(AuditQuery, PageQuery),
    responses((status = 200, body = Paged<AuditItem>), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/admin/audit")]
pub async fn list_audit(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<AuditQuery>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let at = paging.resolve(50)?;
    let (per_page, offset) = (at.per_page, at.offset);
    let text = |name, v: &Option<String>| given(name, v.as_deref()).map(|v| v.map(str::to_owned));
    let actor = text("actor", &query.actor)?;
    let (action, target) = (
        text("action", &query.action)?,
        text("target", &query.target)?,
    );
    let (rows, total, emails) = with_conn(&state.services.pool, move |conn| {
        let actor = match actor {
            None => None,
            Some(text) => match text.parse::<i64>() {
                Ok(id) => Some(UserId::new(id)),
                Err(_) => match users::find_by_email(conn, &text.to_lowercase())? {
                    Some(user) => Some(user.id),
                    // Nobody with that email acted: nothing matches.
                    None => return Ok((Vec::new(), 0, HashMap::new())),
                },
            },
        };
        let filter = AuditFilter {
            actor,
            action,
            target,
        };
        let (rows, total) = audit::list(conn, &filter, per_page, offset)?;
        let mut emails = HashMap::new();
        for id in rows.iter().filter_map(|r| r.admin_id) {
            if let std::collections::hash_map::Entry::Vacant(slot) = emails.entry(id) {
                let email = users::find_by_id(conn, id)?.map(|u| u.email);
                slot.insert(email);
            }
        }
        Ok((rows, total, emails))
    })
    .await?;
    let items = rows
        .into_iter()
        .map(|row| AuditItem {
            id: row.id,
            actor_id: row.admin_id.map(UserId::get),
            actor_email: row
                .admin_id
                .and_then(|id| emails.get(&id).cloned().flatten()),
            action: row.action.clone(),
            target: row.target.clone(),
            reason: row.detail.clone(),
            before: row.before(),
            after: row.after(),
            created_at: row.created_at,
        })
        .collect();
    Ok(HttpResponse::Ok().json(Paged::new(items, total, at)))
}
