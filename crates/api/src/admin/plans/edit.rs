//! `PATCH /api/admin/plans/{id}` and `DELETE /api/admin/plans/{id}`. Each change commits with its
//! audit row. A plan that was ever sold (a traffic purchase or a piece order names it) is never
//! deleted: it is deactivated, so the records that point at it keep their plan.

use crate::admin::audit_trail::audit;
use crate::admin::plans::form::PlanForm;
use crate::admin::plans::view::{AdminPlan, PlanDeleted};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::extractors::JsonObject;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, delete, patch, web};
use domain::{PlanId, messages as msg};
use persistence::DbConnection;
use persistence::plans::{self, PlanChanges};

fn load(conn: &mut DbConnection, id: PlanId) -> Result<AdminPlan, ApiError> {
    let row = plans::find(conn, id)?.ok_or(ApiError::NotFoundWith(msg::PLAN_NOT_FOUND))?;
    let sold = plans::times_sold(conn, id)?;
    let limit = persistence::plan_limits::get(conn, id)?;
    let tiers = persistence::prices::tiers(conn, id)?;
    Ok(AdminPlan::new(row, sold, limit, tiers))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path, description = "Plan id")),
    request_body = PlanForm,
    responses((status = 200, body = AdminPlan), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
#[patch("/admin/plans/{id}")]
pub async fn update_plan(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<PlanForm>,
) -> Result<HttpResponse, ApiError> {
    let id = PlanId::new(path.into_inner());
    let edit = body
        .into_inner()
        .changes(false)
        .map_err(ApiError::Validation)?;
    let actor = admin.0.id;
    let plan = in_transaction(&state.services.pool, move |conn| {
        let before = load(conn, id)?;
        if let Some(kind) = domain::ProxyKind::parse(&before.kind)
            && let Some((field, message)) = edit.refusal_for(kind)
        {
            return Err(ApiError::field(field, message));
        }
        plans::update(conn, id, &edit.changes)?;
        if let Some(tiers) = &edit.tiers {
            persistence::prices::set_tiers(conn, id, tiers)?;
        }
        if !edit.limits.is_empty() {
            let limits = persistence::plan_limits::get(conn, id)?;
            persistence::plan_limits::set(conn, id, edit.limits.apply(limits))?;
        }
        let after = load(conn, id)?;
        audit(
            conn,
            actor,
            "plan.update",
            &format!("plan:{}", id.get()),
            None,
            Some(&before),
            Some(&after),
        )?;
        Ok(after)
    })
    .await?;
    Ok(HttpResponse::Ok().json(plan))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path, description = "Plan id")),
    responses((status = 200, body = PlanDeleted), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[delete("/admin/plans/{id}")]
pub async fn delete_plan(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = PlanId::new(path.into_inner());
    let actor = admin.0.id;
    let answer = in_transaction(&state.services.pool, move |conn| {
        let before = load(conn, id)?;
        let target = format!("plan:{}", id.get());
        // The conditional DELETE re-checks "never sold" itself, so a sale racing it wins.
        if before.sold == 0 && plans::delete_unsold(conn, id)? {
            let none = None::<&AdminPlan>;
            audit(
                conn,
                actor,
                "plan.delete",
                &target,
                None,
                Some(&before),
                none,
            )?;
            return Ok(PlanDeleted {
                deleted: true,
                plan: None,
            });
        }
        if before.active {
            let off = PlanChanges {
                active: Some(false),
                ..PlanChanges::default()
            };
            plans::update(conn, id, &off)?;
        }
        let after = load(conn, id)?;
        if before.active {
            let action = "plan.deactivate";
            audit(
                conn,
                actor,
                action,
                &target,
                None,
                Some(&before),
                Some(&after),
            )?;
        }
        Ok(PlanDeleted {
            deleted: false,
            plan: Some(after),
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}
