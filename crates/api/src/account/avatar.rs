//! The customer's photo: `POST /api/user/avatar` (multipart, one part `file`), `DELETE
//! /api/user/avatar`, and `GET /api/avatars/{id}.{ext}` serving it (public, cached for good:
//! a new photo gets a new id).

use crate::account::avatar_image::{AvatarError, content_type_for, reencode};
use crate::account::rules::AVATAR_MAX_BYTES;
use crate::account::upload::{UploadRules, read_file};
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use crate::view::{AuthResponse, ErrorResponse, User};
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use domain::{UserId, messages as msg, random};
use persistence::{avatars, now, users};
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
              (status = 413, body = ErrorResponse), (status = 415, body = ErrorResponse)))]
#[post("/user/avatar")]
pub async fn upload_avatar(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let input = read_file(&req, payload, &UPLOAD).await?;
    let avatar =
        web::block(move || reencode(&input))
            .await?
            .map_err(|AvatarError::Unsupported| {
                ApiError::UnsupportedMediaWith(msg::AVATAR_UNSUPPORTED)
            })?;
    let id = random::alphanumeric(32);
    let url = format!("/api/avatars/{id}.{}", avatar.extension);
    let user_id = user.0.id;
    let user = in_transaction(&state.pool, move |conn| {
        avatars::insert(
            conn,
            &id,
            user_id,
            avatar.content_type,
            &avatar.bytes,
            now(),
        )?;
        users::set_avatar_url(conn, user_id, Some(&url))?;
        avatars::delete_for_user_except(conn, user_id, Some(&id))?;
        reload(conn, user_id)
    })
    .await?;
    Ok(HttpResponse::Ok().json(AuthResponse {
        message: msg::AVATAR_UPDATED.to_owned(),
        user: User::from(&user),
    }))
}

#[utoipa::path(tag = "account",
    responses((status = 200, body = AuthResponse), (status = 401, body = ErrorResponse)))]
#[delete("/user/avatar")]
pub async fn remove_avatar(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let user_id = user.0.id;
    let user = in_transaction(&state.pool, move |conn| {
        users::set_avatar_url(conn, user_id, None)?;
        avatars::delete_for_user_except(conn, user_id, None)?;
        reload(conn, user_id)
    })
    .await?;
    Ok(HttpResponse::Ok().json(AuthResponse {
        message: msg::AVATAR_REMOVED.to_owned(),
        user: User::from(&user),
    }))
}

fn reload(
    conn: &mut persistence::DbConnection,
    id: UserId,
) -> Result<persistence::users::UserRow, ApiError> {
    users::find_by_id(conn, id)?.ok_or(ApiError::Unauthorized)
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
    let stored = with_conn(&state.pool, move |conn| Ok(avatars::find(conn, &id)?)).await?;
    match stored {
        Some(avatar) if avatar.content_type == wanted => Ok(HttpResponse::Ok()
            .content_type(wanted)
            .insert_header(("Cache-Control", "public, max-age=31536000, immutable"))
            .body(avatar.bytes)),
        _ => Err(ApiError::NotFound),
    }
}
