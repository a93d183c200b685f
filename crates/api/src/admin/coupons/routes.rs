//! `GET /api/admin/coupons`, `POST /api/admin/coupons` and `PATCH /api/admin/coupons/{id}`. Each
//! change commits with its audit row.

use crate::admin::audit_trail::audit;
use crate::admin::coupons::form::CouponForm;
use crate::admin::coupons::view::{AdminCoupon, AdminCouponList};
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, patch, post, web};
use diesel::Connection;
use domain::messages as msg;
use domain::pricing::CouponRules;
use persistence::coupons::{self, CouponRow};
use persistence::{DbConnection, DbError, plans};

/// The coupon as the console shows it, with what it did.
fn load(conn: &mut DbConnection, id: i64) -> Result<AdminCoupon, ApiError> {
    let row = coupons::find(conn, id)?.ok_or(ApiError::NotFoundWith(msg::COUPON_NOT_FOUND))?;
    let takings = coupons::takings(conn)?.remove(&id).unwrap_or_default();
    Ok(AdminCoupon::new(row, takings))
}

/// The rules that need the database: the plans named exist, `maxUses` is not below the uses so
/// far.
fn check_stored(
    conn: &mut DbConnection,
    settings: &CouponRules,
    current: Option<&CouponRow>,
) -> Result<(), ApiError> {
    for id in &settings.plan_ids {
        if plans::find(conn, *id)?.is_none() {
            return Err(ApiError::field("planIds", msg::COUPON_PLAN_IDS));
        }
    }
    if let (Some(max), Some(row)) = (settings.max_uses, current)
        && max < row.uses
    {
        return Err(ApiError::field("maxUses", msg::COUPON_MAX_USES_BELOW));
    }
    Ok(())
}

/// A write that may meet another coupon's code: in a savepoint, so the refusal leaves the
/// transaction usable (PostgreSQL), and answered as the field's error.
fn unique_code<T>(
    conn: &mut DbConnection,
    write: impl FnOnce(&mut DbConnection) -> Result<T, DbError>,
) -> Result<T, ApiError> {
    match conn.transaction(write) {
        Err(DbError::UniqueViolation(_)) => Err(ApiError::field("code", msg::COUPON_CODE_TAKEN)),
        other => Ok(other?),
    }
}

#[utoipa::path(tag = "admin", operation_id = "admin_list_coupons",
    responses((status = 200, body = AdminCouponList), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse)))]
#[get("/admin/coupons")]
pub async fn list_coupons(
    _admin: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let items = with_conn(&state.services.pool, |conn| {
        let mut takings = coupons::takings(conn)?;
        Ok(coupons::list(conn)?
            .into_iter()
            .map(|row| {
                let did = takings.remove(&row.id).unwrap_or_default();
                AdminCoupon::new(row, did)
            })
            .collect::<Vec<_>>())
    })
    .await?;
    Ok(HttpResponse::Ok().json(AdminCouponList { items }))
}

#[utoipa::path(tag = "admin", request_body = CouponForm,
    responses((status = 201, body = AdminCoupon), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[post("/admin/coupons")]
pub async fn create_coupon(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: JsonObject<CouponForm>,
) -> Result<HttpResponse, ApiError> {
    let settings = body
        .into_inner()
        .settings(None)
        .map_err(ApiError::Validation)?;
    let actor = admin.0.id;
    let coupon = in_transaction(&state.services.pool, move |conn| {
        check_stored(conn, &settings, None)?;
        let row = unique_code(conn, |c| coupons::insert(c, &settings))?;
        let coupon = AdminCoupon::new(row, Default::default());
        let target = format!("coupon:{}", coupon.id);
        audit(
            conn,
            actor,
            "coupon.create",
            &target,
            None,
            None::<&AdminCoupon>,
            Some(&coupon),
        )?;
        Ok(coupon)
    })
    .await?;
    Ok(HttpResponse::Created().json(coupon))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path, description = "Coupon id")),
    request_body = CouponForm,
    responses((status = 200, body = AdminCoupon), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
#[patch("/admin/coupons/{id}")]
pub async fn update_coupon(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<CouponForm>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let form = body.into_inner();
    let actor = admin.0.id;
    let coupon = in_transaction(&state.services.pool, move |conn| {
        let row = coupons::find(conn, id)?.ok_or(ApiError::NotFoundWith(msg::COUPON_NOT_FOUND))?;
        let settings = form
            .settings(Some(row.rules()))
            .map_err(ApiError::Validation)?;
        check_stored(conn, &settings, Some(&row))?;
        let before = load(conn, id)?;
        // The row is there (read above): a write refused is a purchase that took a use since.
        if !unique_code(conn, |c| coupons::update(c, id, &settings))? {
            return Err(ApiError::field("maxUses", msg::COUPON_MAX_USES_BELOW));
        }
        let after = load(conn, id)?;
        let target = format!("coupon:{id}");
        audit(
            conn,
            actor,
            "coupon.update",
            &target,
            None,
            Some(&before),
            Some(&after),
        )?;
        Ok(after)
    })
    .await?;
    Ok(HttpResponse::Ok().json(coupon))
}
