//! The actions on the customer behind one of a case's records, each with a reason and audited
//! in its transaction: `POST /api/admin/abuse/{id}/suspend` (the sub-user that connected is
//! disabled; the main credential's password is replaced, so the one that connected stops working
//! on every node at once), `/disable-customer` (as `POST /api/admin/users/{id}/disable`) and
//! `/block` (the destination blocked for that customer, `block_destination_for_customer`).

use super::actions::{matched_record, workable_case};
use super::form::{EnforceRequest, record_id};
use crate::admin::audit_trail::{audit, reason};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use domain::usage::CredentialKind;
use domain::{UserId, messages as msg};
use persistence::DbConnection;
use persistence::abuse::{self, Match};
use persistence::admin_access::{self, Outcome};
use persistence::subusers::{self, Changes};
use serde_json::json;

/// The checked request: the case, the record it names, the reason.
struct Act {
    case: i64,
    record: i64,
    reason: String,
    actor: UserId,
}

fn act(admin: &AdminUser, case: i64, body: &EnforceRequest) -> Result<Act, ApiError> {
    Ok(Act {
        case,
        record: record_id(body.record_id)?,
        reason: reason(body.reason.as_deref())?,
        actor: admin.0.id,
    })
}

/// Runs `action` on the record `act` names in one transaction, after checking that the case is
/// open or answered and the record one of its matches; 204.
async fn on_record<F>(state: &AppState, act: Act, action: F) -> Result<HttpResponse, ApiError>
where
    F: FnOnce(&mut DbConnection, &Act, &str, Match) -> Result<(), ApiError> + Send + 'static,
{
    in_transaction(&state.services.pool, move |conn| {
        let case = workable_case(conn, act.case)?;
        let matched = matched_record(conn, &case, act.record)?;
        action(conn, &act, &case.destination, matched)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = EnforceRequest,
    responses((status = 204), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Abuse report not found"),
        (status = 409, body = ErrorResponse, description = "the case is closed, the sub-user suspended already, or the credential is an allowlist entry or a piece"),
        (status = 422, body = ErrorResponse, description = "reason invalid, or the record is not one of the case's")))]
#[post("/admin/abuse/{id}/suspend")]
pub async fn suspend(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<EnforceRequest>,
) -> Result<HttpResponse, ApiError> {
    let act = act(&admin, path.into_inner(), &body)?;
    on_record(&state, act, |conn, act, _, matched| {
        let user = matched.user_id;
        let target = match (matched.credential_kind, matched.credential_id) {
            (CredentialKind::Subuser, Some(id)) => {
                let row = subusers::get(conn, user, id)?
                    .ok_or(ApiError::NotFoundWith(msg::SUBUSER_NOT_FOUND))?;
                if !row.enabled {
                    return Err(ApiError::Conflict(msg::ABUSE_ALREADY_SUSPENDED));
                }
                let off = Changes {
                    enabled: Some(false),
                    ..Changes::default()
                };
                subusers::update(conn, user, id, &off)?;
                format!("subuser:{id}")
            }
            (CredentialKind::Main, _) => {
                let password = domain::random::proxy_password();
                abuse::revoke_main_credential(conn, user, &password)?;
                format!("user:{user}")
            }
            _ => return Err(ApiError::Conflict(msg::ABUSE_NOT_SUSPENDABLE)),
        };
        audit(
            conn,
            act.actor,
            "abuse.suspend",
            &target,
            Some(&act.reason),
            Some(&json!({ "credential": matched.credential_label, "enabled": true })),
            Some(&json!({ "case": act.case, "recordId": act.record, "enabled": false })),
        )
    })
    .await
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = EnforceRequest,
    responses((status = 204), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Abuse report not found"),
        (status = 409, body = ErrorResponse, description = "the case is closed, the customer disabled already, oneself or the last enabled admin"),
        (status = 422, body = ErrorResponse, description = "reason invalid, or the record is not one of the case's")))]
#[post("/admin/abuse/{id}/disable-customer")]
pub async fn disable_customer(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<EnforceRequest>,
) -> Result<HttpResponse, ApiError> {
    let act = act(&admin, path.into_inner(), &body)?;
    on_record(&state, act, |conn, act, _, matched| {
        let user = matched.user_id;
        if user == act.actor {
            return Err(ApiError::Conflict(msg::CANNOT_DISABLE_SELF));
        }
        match admin_access::disable(conn, user)? {
            Outcome::Changed => {}
            Outcome::Unchanged => return Err(ApiError::Conflict(msg::ALREADY_DISABLED)),
            Outcome::LastAdmin => return Err(ApiError::Conflict(msg::LAST_ADMIN)),
            Outcome::NotFound => return Err(ApiError::NotFoundWith(msg::USER_NOT_FOUND)),
        }
        audit(
            conn,
            act.actor,
            "abuse.disable",
            &format!("user:{user}"),
            Some(&act.reason),
            Some(&json!({ "disabled": false })),
            Some(&json!({ "case": act.case, "recordId": act.record, "disabled": true })),
        )
    })
    .await
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = EnforceRequest,
    responses((status = 204), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Abuse report not found"),
        (status = 409, body = ErrorResponse, description = "the case is closed, or the destination is blocked for the customer already"),
        (status = 422, body = ErrorResponse, description = "reason invalid, or the record is not one of the case's")))]
#[post("/admin/abuse/{id}/block")]
pub async fn block_destination(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<EnforceRequest>,
) -> Result<HttpResponse, ApiError> {
    let act = act(&admin, path.into_inner(), &body)?;
    on_record(&state, act, |conn, act, destination, matched| {
        let user = matched.user_id;
        block_destination_for_customer(conn, user, destination, act.case, act.actor)?;
        audit(
            conn,
            act.actor,
            "abuse.block",
            &format!("user:{user}"),
            Some(&act.reason),
            None::<&()>,
            Some(&json!({ "case": act.case, "recordId": act.record, "destination": destination })),
        )
    })
    .await
}

/// Blocks `destination` for `user` from case `case`: the one way the desk adds a customer's
/// block, so that moving these blocks into the customer blocklist the gateway enforces changes
/// this function alone. 409 when it is blocked for them already.
pub(crate) fn block_destination_for_customer(
    conn: &mut DbConnection,
    user: UserId,
    destination: &str,
    case: i64,
    actor: UserId,
) -> Result<(), ApiError> {
    let now = persistence::now();
    if abuse::block_for_customer(conn, user, destination, Some(case), actor, now)? {
        Ok(())
    } else {
        Err(ApiError::Conflict(msg::ABUSE_ALREADY_BLOCKED))
    }
}
