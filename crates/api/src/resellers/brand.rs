//! The reseller's white label (docs/resellers.md "White label"): `GET/PUT /api/reseller/brand`
//! and `PUT/DELETE /api/reseller/brand/logo` (multipart, one part `file`, as a customer's
//! photo: decoded on the photo pool, counted in the same hourly window). The use cases:
//! `app::resellers::brands`.

use crate::account::upload::{UploadRules, read_file};
use crate::blocking::with_conn;
use crate::brand_view::ResellerBrand;
use crate::error::ApiError;
use crate::extractors::JsonObject;
use crate::resellers::caller::Reseller;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpRequest, HttpResponse, delete, get, put, web};
use app::accounts::photos;
use app::accounts::rules::AVATAR_MAX_BYTES;
use app::resellers::brands as use_case;
use domain::messages as msg;
use domain::reseller_brand::{Brand, BrandInput};
use persistence::resellers::brands;
use serde::Deserialize;
use utoipa::ToSchema;

const UPLOAD: UploadRules = UploadRules {
    field: "file",
    max_bytes: AVATAR_MAX_BYTES,
    too_large: msg::AVATAR_TOO_LARGE,
    unsupported: msg::AVATAR_UNSUPPORTED,
};

/// `PUT /api/reseller/brand`: the whole brand (the logo apart).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct BrandRequest {
    /// 3-40 lower-case letters, digits or inner hyphens: the sign-in page is `/r/{slug}`;
    /// unique across resellers (409).
    #[schema(required = true, example = "acme-proxies")]
    pub slug: String,
    /// 1-60 characters, without control characters.
    #[schema(required = true, example = "Acme Proxies")]
    pub name: String,
    /// `#rrggbb`.
    #[schema(required = true, example = "#1a73e8")]
    pub colour: String,
    /// Where clients write for help; absent, null or blank: none.
    pub support_email: Option<String>,
    /// An `https://` address of at most 200 characters; absent, null or blank: none.
    pub support_url: Option<String>,
    /// The host name the clients' lines name, a CNAME to the shop's gateway; absent, null or
    /// blank: the shop's.
    #[schema(example = "proxy.acme.example")]
    pub proxy_host: Option<String>,
}

/// The multipart form: one part `file`, a PNG, JPEG or WebP image of at most 2 MB.
#[derive(ToSchema)]
#[allow(
    dead_code,
    reason = "documents the multipart body; read by `read_file`"
)]
pub struct LogoUpload {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

#[utoipa::path(tag = "resellers",
    responses((status = 200, body = Option<ResellerBrand>,
               description = "The brand; null before the reseller set one"),
              (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse)))]
#[get("/reseller/brand")]
pub async fn get_brand(
    state: web::Data<AppState>,
    reseller: Reseller,
) -> Result<HttpResponse, ApiError> {
    let id = reseller.user.id;
    let row = with_conn(&state.services.pool, move |conn| {
        Ok(brands::of_reseller(conn, id)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(row.as_ref().map(ResellerBrand::from)))
}

#[utoipa::path(tag = "resellers", request_body = BrandRequest,
    responses((status = 200, body = ResellerBrand), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse),
              (status = 409, body = ErrorResponse, description = "Another reseller has this slug"),
              (status = 422, body = ErrorResponse)))]
#[put("/reseller/brand")]
pub async fn put_brand(
    state: web::Data<AppState>,
    reseller: Reseller,
    body: JsonObject<BrandRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = BrandInput {
        slug: &body.slug,
        name: &body.name,
        colour: &body.colour,
        support_email: body.support_email.as_deref(),
        support_url: body.support_url.as_deref(),
        proxy_host: body.proxy_host.as_deref(),
    };
    let brand = Brand::parse(&input).map_err(ApiError::Validation)?;
    let row = use_case::save(&state.services.pool, reseller.user.id, brand).await?;
    Ok(HttpResponse::Ok().json(ResellerBrand::from(&row)))
}

#[utoipa::path(tag = "resellers",
    request_body(content = LogoUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = ResellerBrand), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse),
              (status = 409, body = ErrorResponse, description = "No brand yet: save one first"),
              (status = 413, body = ErrorResponse), (status = 415, body = ErrorResponse),
              (status = 422, body = ErrorResponse), (status = 429, body = ErrorResponse)))]
#[put("/reseller/brand/logo")]
pub async fn put_logo(
    state: web::Data<AppState>,
    reseller: Reseller,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let id = reseller.user.id;
    let turn = photos::claim(id)?;
    let pool = &state.services.pool;
    use_case::count_logo_upload(pool, state.settings.limits.avatar_per_user, id).await?;
    let input = read_file(&req, payload, &UPLOAD).await?;
    let row = use_case::store_logo(pool, turn, id, input).await?;
    Ok(HttpResponse::Ok().json(ResellerBrand::from(&row)))
}

#[utoipa::path(tag = "resellers",
    responses((status = 200, body = ResellerBrand), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[delete("/reseller/brand/logo")]
pub async fn delete_logo(
    state: web::Data<AppState>,
    reseller: Reseller,
) -> Result<HttpResponse, ApiError> {
    let row = use_case::remove_logo(&state.services.pool, reseller.user.id).await?;
    Ok(HttpResponse::Ok().json(ResellerBrand::from(&row)))
}
