//! `POST /api/admin/users/{id}/password-reset {reason}`: the operator forces a password reset.
//! In one transaction with its audit row (`user.password_reset`): the password is replaced by
//! the hash of a random one nobody knows (so it no longer signs in, and a pending two-factor
//! sign-in begun with it is void), every session of the account ends, and pending reset codes
//! are dropped. Then a mail tells the customer to set a new password through the normal reset
//! (`/forgot-password`: a code for the browser that asks). An operator cannot do this to their
//! own account. API keys and Google sign-in are other credentials and stay as they are.

use super::customer::existing_customer;
use crate::admin::audit_trail::{audit, reason};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use app::accounts::hash_password;
use domain::{UserId, messages as msg, random};
use persistence::{password_resets, sessions, users};
use serde::{Deserialize, Serialize};
use serde_json::json;
use upstream::OutgoingMail;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForceResetRequest {
    /// 3–200 characters.
    #[schema(required = true, schema_with = crate::openapi::rules::reason)]
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForceResetResponse {
    pub message: String,
    /// Sessions of the account that ended.
    pub sessions_ended: i64,
    /// Whether the mail server took the reset mail.
    pub mail_sent: bool,
}

/// The mail that tells the customer what happened and how to sign in again.
pub fn reset_forced(to: String, site: &str) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: "Please set a new ProxyShop password".to_owned(),
        text: format!(
            "For your security, our team has reset the password of your ProxyShop account and \
             signed out every session. Your old password no longer works.\n\n\
             To sign in again, set a new password: open {site}/forgot-password, enter this \
             address, and enter the code we then mail you in the same browser.\n\n\
             If you have questions, contact us: {site}/support\n"
        ),
    }
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = ForceResetRequest,
    responses((status = 200, body = ForceResetResponse), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "User not found"),
        (status = 409, body = ErrorResponse, description = "one's own account"),
        (status = 422, body = ErrorResponse, description = "reason invalid")))]
#[post("/admin/users/{id}/password-reset")]
pub async fn force_password_reset(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<ForceResetRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let reason = reason(body.reason.as_deref())?;
    let actor = admin.0.id;
    if id == actor {
        return Err(ApiError::Conflict(msg::CANNOT_RESET_OWN_PASSWORD));
    }
    // A password nobody knows, not even the operator: it is never shown nor kept.
    let unusable = hash_password(random::alphanumeric(48)).await?;
    let (email, ended) = in_transaction(&state.services.pool, move |conn| {
        let user = existing_customer(conn, id)?;
        users::set_password_hash(conn, id, &unusable)?;
        let ended = sessions::delete_for_user(conn, id)? as i64;
        let codes = password_resets::delete(conn, id)? as i64;
        audit(
            conn,
            actor,
            "user.password_reset",
            &format!("user:{id}"),
            Some(&reason),
            Some(
                &json!({ "hasPassword": user.password_hash.is_some(), "sessions": ended,
                          "resetCodes": codes }),
            ),
            Some(&json!({ "passwordWorks": false, "sessions": 0, "resetCodes": 0 })),
        )?;
        Ok((user.email, ended))
    })
    .await?;
    tracing::info!(user_id = %id, admin_id = %actor, "password reset forced");
    // The change stands whether or not the mail leaves; the answer says which.
    let mail_sent = match state
        .services
        .mailer
        .send(reset_forced(email, &state.public_url))
        .await
    {
        Ok(()) => true,
        Err(err) => {
            tracing::error!(%err, user_id = %id, "mailing a forced reset failed");
            false
        }
    };
    Ok(HttpResponse::Ok().json(ForceResetResponse {
        message: if mail_sent {
            msg::PASSWORD_RESET_FORCED
        } else {
            msg::PASSWORD_RESET_FORCED_UNMAILED
        }
        .to_owned(),
        sessions_ended: ended,
        mail_sent,
    }))
}
