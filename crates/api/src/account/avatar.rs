//! The customer's photo: `POST /api/user/avatar` (multipart, one part `file`), `DELETE
//! /api/user/avatar`, and `GET /api/avatars/{id}.{ext}` serving it (public, cached for good:
//! a new photo gets a new id). An upload is decoded on the photo pool (`app::accounts::photos`):
//! one photo per customer at a time, a few customers' at once, the hourly number per customer
//! counted in the database (`app::accounts::avatar`, docs/account.md#photo).

use crate::account::upload::{UploadRules, read_file};
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use crate::view::{AuthResponse, ErrorResponse, user_view};
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use app::accounts::avatar_image::content_type_for;
use app::accounts::rules::AVATAR_MAX_BYTES;
use app::accounts::{avatar, photos};
use domain::messages as msg;
use persistence::avatars;
use utoipa::ToSchema;

const UPLOAD: UploadRules = UploadRules {
    field: "file",
    max_bytes: AVATAR_MAX_BYTES,
    too_large: msg::AVATAR_TOO_LARGE,
    unsupported: msg::AVATAR_UNSUPPORTED,
};

/// The multipart form: one part `file`, a PNG, JPEG or WebP image of at most 2 MB.
#[derive(ToSchema)]
#[allow(
    dead_code,
    reason = "documents the multipart body; read by `read_file`"
)]
pub struct AvatarUpload {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

#[utoipa::path(tag = "account",
    request_body(content = AvatarUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = AuthResponse), (status = 401, body = ErrorResponse),
              (status = 413, body = ErrorResponse), (status = 415, body = ErrorResponse),
              (status = 422, body = ErrorResponse,
               description = "The image has more pixels than the rule allows"),
              (status = 429, body = ErrorResponse,
               description = "Another photo of this customer is in progress, the photo queue \
                              is full, or the hourly number of uploads is reached; with \
                              `Retry-After`")))]
#[post("/user/avatar")]
pub async fn upload_avatar(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let user_id = user.0.id;
    // One photo at a time per customer (this instance), then the hourly number (every
    // instance): both before the body is read, so a flood is refused at the cost of a request.
    let turn = photos::claim(user_id)?;
    avatar::count_upload(
        &state.services.pool,
        state.settings.limits.avatar_per_user,
        user_id,
    )
    .await?;
    let input = read_file(&req, payload, &UPLOAD).await?;
    let user = avatar::store(&state.services.pool, turn, user_id, input).await?;
    Ok(HttpResponse::Ok().json(AuthResponse {
        message: msg::AVATAR_UPDATED.to_owned(),
        user: user_view(&state.services.pool, &user).await?,
    }))
}

#[utoipa::path(tag = "account",
    responses((status = 200, body = AuthResponse), (status = 401, body = ErrorResponse)))]
#[delete("/user/avatar")]
pub async fn remove_avatar(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let user = avatar::remove(&state.services.pool, user.0.id).await?;
    Ok(HttpResponse::Ok().json(AuthResponse {
        message: msg::AVATAR_REMOVED.to_owned(),
        user: user_view(&state.services.pool, &user).await?,
    }))
}

#[utoipa::path(tag = "account", security(()),
    params(("id" = String, Path, description = "The avatar's random id"),
           ("ext" = String, Path, description = "png or webp")),
    responses((status = 200, description = "The image", content_type = "image/png"),
              (status = 404, body = ErrorResponse)))]
#[get("/avatars/{id}.{ext}")]
pub async fn serve_avatar(
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, ext) = path.into_inner();
    let wanted = content_type_for(&ext).ok_or(ApiError::NotFound)?;
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(ApiError::NotFound);
    }
    let stored = with_conn(&state.services.pool, move |conn| {
        Ok(avatars::find(conn, &id)?)
    })
    .await?;
    match stored {
        Some(avatar) if avatar.content_type == wanted => Ok(HttpResponse::Ok()
            .content_type(wanted)
            .insert_header(("Cache-Control", "public, max-age=31536000, immutable"))
            .body(avatar.bytes)),
        _ => Err(ApiError::NotFound),
    }
}
