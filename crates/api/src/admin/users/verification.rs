//! `POST /api/admin/users/{id}/verification`: mails a customer a new code for the address they
//! have not verified yet. Every account's own address is verified when it is made (a sign-up
//! code, or Google's verified email); the one address that can wait for its code is a new one
//! the customer asked to move to (`POST /api/user/email`). The new code replaces the pending
//! one (attempts back to zero, 10 minutes), goes to that address, and the customer confirms it
//! in Settings as usual. Without a pending address: 409. At most
//! `RESENDS_PER_CUSTOMER` an hour per customer, counted in the database (`rate_windows`);
//! audited (`user.verification_resend`) in the transaction that replaces the code.

use super::customer::existing_customer;
use crate::admin::audit_trail::audit;
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, post, web};
use app::accounts::codes::Purpose;
use app::accounts::rules::EMAIL_CHANGE_TTL_SECS;
use app::accounts::{limits, mails};
use domain::{UserId, messages as msg, random};
use persistence::{email_changes, now, users};
use serde_json::json;

/// Codes an operator may have mailed to one customer in an hour.
pub const RESENDS_PER_CUSTOMER: i32 = 3;

#[utoipa::path(tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "User not found"),
        (status = 409, body = ErrorResponse,
            description = "no address waits for its code, or it has an account meanwhile"),
        (status = 429, body = ErrorResponse), (status = 503, body = ErrorResponse)))]
#[post("/admin/users/{id}/verification")]
pub async fn resend_verification(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let actor = admin.0.id;
    let code = random::verification_code();
    let (key, typed) = (state.code_key, code.clone());
    let address = in_transaction(&state.services.pool, move |conn| {
        existing_customer(conn, id)?;
        let pending = email_changes::find(conn, id)?
            .ok_or(ApiError::Conflict(msg::EMAIL_ALREADY_VERIFIED))?;
        limits::check(
            conn,
            &[(
                format!("admin-verification:user:{id}"),
                RESENDS_PER_CUSTOMER,
            )],
        )?;
        if users::email_exists(conn, &pending.new_email)? {
            return Err(ApiError::Conflict(msg::EMAIL_TAKEN));
        }
        let hash = Purpose::EmailChange(id, &pending.new_email).hash(&key, &typed);
        let t = now();
        email_changes::replace(
            conn,
            id,
            &pending.new_email,
            &hash,
            t,
            t + EMAIL_CHANGE_TTL_SECS,
        )?;
        audit(
            conn,
            actor,
            "user.verification_resend",
            &format!("user:{id}"),
            None,
            Some(&json!({ "newEmail": pending.new_email, "sentAt": pending.sent_at })),
            Some(&json!({ "newEmail": pending.new_email, "sentAt": t })),
        )?;
        Ok(pending.new_email)
    })
    .await?;

    let mail = mails::email_change_code(address.clone(), &code, EMAIL_CHANGE_TTL_SECS / 60);
    if let Err(err) = state.services.mailer.send(mail).await {
        // The code is replaced and audited; the operator may try again (within the limit).
        tracing::error!(%err, user_id = %id, "mailing a verification code failed");
        return Err(ApiError::Unavailable(msg::MAIL_NOT_SENT));
    }
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::verification_resent(&address),
    }))
}
