//! `PATCH /api/admin/abuse/{id} {status}`, `POST /api/admin/abuse/{id}/reply {message}` (mail
//! the reporter; an open case becomes answered) and `POST /api/admin/abuse/{id}/warn {recordId,
//! message}` (mail and notify the customer of one of the case's records). Each is audited in
//! the transaction that makes it.

use super::form::{ReplyRequest, StatusRequest, WarnRequest, message, record_id};
use super::queue::existing_case;
use super::view::{AbuseCase, AbuseCaseEnvelope};
use crate::admin::audit_trail::audit;
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, patch, post, web};
use app::accounts::mails::send_notice;
use domain::abuse::CaseStatus;
use domain::messages as msg;
use persistence::DbConnection;
use persistence::abuse::{self, Match, ReportRow};
use persistence::notifications::{self, Kind};
use serde_json::json;

/// The case `id` unless it is closed (409: reopen it first).
pub(super) fn workable_case(conn: &mut DbConnection, id: i64) -> Result<ReportRow, ApiError> {
    let case = existing_case(conn, id)?;
    if case.status == CaseStatus::Closed {
        return Err(ApiError::Conflict(msg::ABUSE_CASE_CLOSED));
    }
    Ok(case)
}

/// The record `record` if it is one of `case`'s matches; 422 on `recordId` otherwise.
pub(super) fn matched_record(
    conn: &mut DbConnection,
    case: &ReportRow,
    record: i64,
) -> Result<Match, ApiError> {
    abuse::record(conn, record)?
        .filter(|m| case.covers(m))
        .ok_or(ApiError::field("recordId", msg::ABUSE_RECORD_NOT_IN_CASE))
}

/// Moves `case` from the status it was read in to `to`; 409 when another operator moved it
/// meanwhile, or it is in `to` already.
fn move_case(
    conn: &mut DbConnection,
    case: &ReportRow,
    to: CaseStatus,
    now: i64,
) -> Result<(), ApiError> {
    if case.status == to || !abuse::set_status(conn, case.id, case.status, to, now)? {
        return Err(ApiError::Conflict(msg::ABUSE_CASE_CHANGED));
    }
    Ok(())
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = StatusRequest,
    responses((status = 200, body = AbuseCaseEnvelope), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Abuse report not found"),
        (status = 409, body = ErrorResponse, description = "already in that status, or changed meanwhile"),
        (status = 422, body = ErrorResponse, description = "status invalid")))]
#[patch("/admin/abuse/{id}")]
pub async fn set_status(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<StatusRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let to = body.parse()?;
    let actor = admin.0.id;
    let case = in_transaction(&state.services.pool, move |conn| {
        let case = existing_case(conn, id)?;
        let now = persistence::now();
        move_case(conn, &case, to, now)?;
        audit(
            conn,
            actor,
            "abuse.status",
            &format!("abuse:{id}"),
            None,
            Some(&json!({ "status": case.status })),
            Some(&json!({ "status": to })),
        )?;
        existing_case(conn, id)
    })
    .await?;
    Ok(HttpResponse::Ok().json(AbuseCaseEnvelope {
        case: AbuseCase::from(case),
    }))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = ReplyRequest,
    responses((status = 200, body = AbuseCaseEnvelope), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Abuse report not found"),
        (status = 409, body = ErrorResponse, description = "the case is closed"),
        (status = 422, body = ErrorResponse, description = "message invalid"),
        (status = 503, body = ErrorResponse, description = "the mail could not be sent")))]
#[post("/admin/abuse/{id}/reply")]
pub async fn reply(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<ReplyRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let text = message(body.message.as_deref())?;
    let case = with_conn(&state.services.pool, move |conn| workable_case(conn, id)).await?;
    // The mail first: a reply that did not go out is not recorded as sent.
    let mail = app::abuse::reply(case.reporter_email.clone(), id, &text);
    if let Err(err) = state.services.mailer.send(mail).await {
        tracing::error!(%err, case = id, "the reply to an abuse report was not sent");
        return Err(ApiError::Unavailable(msg::MAIL_NOT_SENT));
    }
    let actor = admin.0.id;
    let case = in_transaction(&state.services.pool, move |conn| {
        let case = existing_case(conn, id)?;
        let now = persistence::now();
        if case.status == CaseStatus::Open {
            abuse::set_status(conn, id, CaseStatus::Open, CaseStatus::Answered, now)?;
        }
        audit(
            conn,
            actor,
            "abuse.reply",
            &format!("abuse:{id}"),
            None,
            Some(&json!({ "status": case.status })),
            Some(&json!({ "to": case.reporter_email, "message": text })),
        )?;
        existing_case(conn, id)
    })
    .await?;
    Ok(HttpResponse::Ok().json(AbuseCaseEnvelope {
        case: AbuseCase::from(case),
    }))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = WarnRequest,
    responses((status = 204), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Abuse report not found"),
        (status = 409, body = ErrorResponse, description = "the case is closed"),
        (status = 422, body = ErrorResponse, description = "message invalid, or the record is not one of the case's")))]
#[post("/admin/abuse/{id}/warn")]
pub async fn warn(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<WarnRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let record = record_id(body.record_id)?;
    let text = message(body.message.as_deref())?;
    let actor = admin.0.id;
    let (email, destination, text) = in_transaction(&state.services.pool, move |conn| {
        let case = workable_case(conn, id)?;
        let matched = matched_record(conn, &case, record)?;
        let body = app::abuse::warning_body(&case.destination, &text);
        let now = persistence::now();
        let notification = notifications::add(
            conn,
            matched.user_id,
            Kind::AbuseWarning,
            app::abuse::WARNING_TITLE,
            &body,
            now,
        )?;
        audit(
            conn,
            actor,
            "abuse.warn",
            &format!("user:{}", matched.user_id),
            None,
            None::<&()>,
            Some(
                &json!({ "case": id, "recordId": record, "notificationId": notification,
                "message": text }),
            ),
        )?;
        Ok((matched.email, case.destination, text))
    })
    .await?;
    let mail = app::abuse::warning(email, id, &destination, &text);
    send_notice(state.services.mailer.as_ref(), mail).await;
    Ok(HttpResponse::NoContent().finish())
}
