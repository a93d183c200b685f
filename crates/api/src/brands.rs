//! The public side of a reseller's white label (docs/resellers.md "White label"): `GET
//! /api/brands/{slug}`, what the sign-in page at `/r/{slug}` shows, and `GET
//! /api/brands/{slug}/logo`, its logo. No session needed; nothing of the reseller's account.

use crate::blocking::with_conn;
use crate::brand_view::PublicBrand;
use crate::error::ApiError;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::messages as msg;
use domain::reseller_brand;
use persistence::resellers::brands;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(public_brand).service(brand_logo);
}

/// The slug of a path, when it can be one (anything else is no brand).
fn checked(slug: &str) -> Result<String, ApiError> {
    reseller_brand::slug(slug).map_err(|_| ApiError::NotFoundWith(msg::BRAND_NOT_FOUND))
}

#[utoipa::path(tag = "resellers", security(()),
    params(("slug" = String, Path, description = "The brand's address: `/r/{slug}`")),
    responses((status = 200, body = PublicBrand), (status = 404, body = ErrorResponse)))]
#[get("/brands/{slug}")]
pub async fn public_brand(
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let slug = checked(&slug)?;
    let row = with_conn(&state.services.pool, move |conn| {
        Ok(brands::by_slug(conn, &slug)?)
    })
    .await?
    .ok_or(ApiError::NotFoundWith(msg::BRAND_NOT_FOUND))?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-cache"))
        .json(PublicBrand::from(&row)))
}

#[utoipa::path(tag = "resellers", security(()),
    params(("slug" = String, Path, description = "The brand's address")),
    responses((status = 200, description = "The logo", content_type = "image/png"),
              (status = 404, body = ErrorResponse)))]
#[get("/brands/{slug}/logo")]
pub async fn brand_logo(
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let slug = checked(&slug)?;
    let logo = with_conn(&state.services.pool, move |conn| {
        Ok(brands::logo(conn, &slug)?)
    })
    .await?
    .ok_or(ApiError::NotFound)?;
    // The address carries the logo's version (`?v=`): a new logo is a new address.
    Ok(HttpResponse::Ok()
        .content_type("image/png")
        .insert_header(("Cache-Control", "public, max-age=86400"))
        .body(logo))
}
