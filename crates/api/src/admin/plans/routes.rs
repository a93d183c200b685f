//! `GET /api/admin/plans?type=` and `POST /api/admin/plans`.

use crate::admin::audit_trail::audit;
use crate::admin::plans::form::{NewPlanForm, PlanForm};
use crate::admin::plans::view::{AdminPlan, AdminPlanList};
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::extractors::JsonObject;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, post, web};
use domain::{ProxyKind, messages as msg};
use persistence::plan_limits::PlanLimits;
use persistence::plans::{self, NewPlan};
use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
pub struct PlanQuery {
    /// Only plans of this kind.
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

#[utoipa::path(tag = "admin", operation_id = "admin_list_plans", params(PlanQuery),
    responses((status = 200, body = AdminPlanList), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/admin/plans")]
pub async fn list_plans(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<PlanQuery>,
) -> Result<HttpResponse, ApiError> {
    let kind = match query.kind.as_deref().filter(|k| !k.is_empty()) {
        Some(text) => {
            Some(ProxyKind::parse(text).ok_or_else(|| ApiError::field("type", msg::UNKNOWN_TYPE))?)
        }
        None => None,
    };
    let items = with_conn(&state.services.pool, move |conn| {
        let sold = plans::sold_counts(conn)?;
        let limits = persistence::plan_limits::all(conn)?;
        let mut tiers = persistence::prices::all_tiers(conn)?;
        Ok(plans::list_all(conn, kind)?
            .into_iter()
            .map(|row| {
                let n = sold.get(&row.id).copied().unwrap_or(0);
                let limit = limits.get(&row.id).copied().unwrap_or_default();
                let tiers = tiers.remove(&row.id).unwrap_or_default();
                AdminPlan::new(row, n, limit, tiers)
            })
            .collect::<Vec<_>>())
    })
    .await?;
    Ok(HttpResponse::Ok().json(AdminPlanList { items }))
}

#[utoipa::path(tag = "admin", request_body = NewPlanForm,
    responses((status = 201, body = AdminPlan), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[post("/admin/plans")]
pub async fn create_plan(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: JsonObject<PlanForm>,
) -> Result<HttpResponse, ApiError> {
    let edit = body
        .into_inner()
        .changes(true)
        .map_err(ApiError::Validation)?;
    let (changes, limits) = (edit.changes, edit.limits.apply(PlanLimits::default()));
    let tiers = edit.tiers.unwrap_or_default();
    let kind = edit
        .kind
        .ok_or_else(|| ApiError::field("type", msg::UNKNOWN_TYPE))?;
    let actor = admin.0.id;
    let plan = in_transaction(&state.services.pool, move |conn| {
        let now = persistence::now();
        let id = plans::insert(
            conn,
            &NewPlan {
                kind,
                name: changes.name.as_deref().unwrap_or_default(),
                tag: changes.tag.as_ref().and_then(|t| t.as_deref()),
                note: changes.note.as_ref().and_then(|t| t.as_deref()),
                price_cents: changes.price_cents.unwrap_or_default(),
                amount: changes.amount.unwrap_or(1),
                validity_days: changes.validity_days.unwrap_or(30),
                regions: changes.regions.as_deref().unwrap_or_default(),
                features: changes.features.as_deref().unwrap_or("{}"),
                active: changes.active.unwrap_or(true),
                sort: changes.sort.unwrap_or(0),
                created_at: now,
                updated_at: now,
            },
        )?;
        if let Some(until) = changes.available_until {
            plans::set_available_until(conn, id, until)?;
        }
        // A new plan has no limit until one is given (and the nodes need telling only then).
        if !limits.is_empty() {
            persistence::plan_limits::set(conn, id, limits)?;
        }
        persistence::prices::set_tiers(conn, id, &tiers)?;
        let row = plans::find(conn, id)?.ok_or(ApiError::NotFoundWith(msg::PLAN_NOT_FOUND))?;
        let plan = AdminPlan::new(row, 0, limits, tiers);
        audit(
            conn,
            actor,
            "plan.create",
            &format!("plan:{}", id.get()),
            None,
            None::<&AdminPlan>,
            Some(&plan),
        )?;
        Ok(plan)
    })
    .await?;
    Ok(HttpResponse::Created().json(plan))
}
