//! Blocked destinations as the operator manages them (docs/admin-api/blocklist.md):
//! `GET/POST /api/admin/blocklist`, `PATCH/DELETE /api/admin/blocklist/{id}`. Every change is
//! audited (`blocklist.create`, `blocklist.update`, `blocklist.delete`) and written with the
//! change event that makes every gateway node read the blocklist again, in one transaction. A
//! pattern is unique: two operators adding it at once get one 201 and one 409.

mod form;
mod view;

pub(crate) use form::pattern;

use crate::admin::audit_trail::audit;
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::pagination::{PageQuery, Paged};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, delete, get, patch, post, web};
use domain::{UserId, messages as msg};
use form::RuleForm;
use persistence::DbConnection;
use persistence::blocklist::{self, RuleChange};
use persistence::error::DbError;
use utoipa_actix_web::service_config::ServiceConfig;
use view::BlocklistRule;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_blocklist)
        .service(create_blocklist_rule)
        .service(update_blocklist_rule)
        .service(delete_blocklist_rule);
}

/// A pattern already listed is 409; other database failures stay internal.
fn taken(err: DbError) -> ApiError {
    match err {
        DbError::UniqueViolation(_) => ApiError::Conflict(msg::BLOCKLIST_TAKEN),
        other => other.into(),
    }
}

fn record(
    conn: &mut DbConnection,
    actor: UserId,
    action: &str,
    id: i64,
    reason: Option<&str>,
    before: Option<&BlocklistRule>,
    after: Option<&BlocklistRule>,
) -> Result<(), ApiError> {
    audit(
        conn,
        actor,
        action,
        &format!("blocklist:{id}"),
        reason,
        before,
        after,
    )
}

#[utoipa::path(tag = "admin", params(PageQuery),
    responses((status = 200, body = Paged<BlocklistRule>), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 422, body = ErrorResponse, description = "page or perPage out of range")))]
#[get("/admin/blocklist")]
pub async fn list_blocklist(
    _admin: AdminUser,
    state: web::Data<AppState>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let at = paging.resolve(50)?;
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(blocklist::page(conn, false, at.offset, at.per_page)?)
    })
    .await?;
    let items = rows.into_iter().map(BlocklistRule::from).collect();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Paged::new(items, total, at)))
}

#[utoipa::path(tag = "admin", request_body = RuleForm,
    responses((status = 201, body = BlocklistRule), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 409, body = ErrorResponse, description = "This destination is already blocked"),
        (status = 422, body = ErrorResponse, description = "A field is missing or invalid")))]
#[post("/admin/blocklist")]
pub async fn create_blocklist_rule(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: JsonObject<RuleForm>,
) -> Result<HttpResponse, ApiError> {
    let RuleChange {
        pattern,
        kinds,
        reason,
        active,
    } = body.into_inner().check(true)?;
    let (Some(pattern), Some(kinds), Some(reason), Some(active)) = (pattern, kinds, reason, active)
    else {
        return Err(ApiError::internal(
            "blocklist",
            "a checked new rule lacks a field",
        ));
    };
    let actor = admin.0.id;
    let rule = in_transaction(&state.services.pool, move |conn| {
        let row = blocklist::create(conn, &pattern, &kinds, &reason, active).map_err(taken)?;
        let rule = BlocklistRule::from(row);
        record(
            conn,
            actor,
            "blocklist.create",
            rule.id,
            Some(&reason),
            None,
            Some(&rule),
        )?;
        Ok(rule)
    })
    .await?;
    Ok(HttpResponse::Created().json(rule))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = RuleForm,
    responses((status = 200, body = BlocklistRule), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Blocklist rule not found"),
        (status = 409, body = ErrorResponse, description = "This destination is already blocked"),
        (status = 422, body = ErrorResponse, description = "A field is invalid")))]
#[patch("/admin/blocklist/{id}")]
pub async fn update_blocklist_rule(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<RuleForm>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let change = body.into_inner().check(false)?;
    let actor = admin.0.id;
    let rule = in_transaction(&state.services.pool, move |conn| {
        let before = blocklist::find(conn, id)?
            .map(BlocklistRule::from)
            .ok_or(ApiError::NotFoundWith(msg::BLOCKLIST_NOT_FOUND))?;
        let row = blocklist::update(conn, id, &change)
            .map_err(taken)?
            .ok_or(ApiError::NotFoundWith(msg::BLOCKLIST_NOT_FOUND))?;
        let after = BlocklistRule::from(row);
        let reason = change.reason.as_deref();
        record(
            conn,
            actor,
            "blocklist.update",
            id,
            reason,
            Some(&before),
            Some(&after),
        )?;
        Ok(after)
    })
    .await?;
    Ok(HttpResponse::Ok().json(rule))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)),
    responses((status = 204, description = "Deleted"), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Blocklist rule not found")))]
#[delete("/admin/blocklist/{id}")]
pub async fn delete_blocklist_rule(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let actor = admin.0.id;
    in_transaction(&state.services.pool, move |conn| {
        let before = blocklist::find(conn, id)?
            .map(BlocklistRule::from)
            .ok_or(ApiError::NotFoundWith(msg::BLOCKLIST_NOT_FOUND))?;
        if !blocklist::delete(conn, id)? {
            return Err(ApiError::NotFoundWith(msg::BLOCKLIST_NOT_FOUND));
        }
        record(
            conn,
            actor,
            "blocklist.delete",
            id,
            None,
            Some(&before),
            None,
        )
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
