//! `POST /api/admin/payments/{id}/check`: asks the payment gateway about the invoice now and
//! settles its answer through `app::wallet::settle::settle`, the path the verified webhook takes
//! (credit at most once, with the referral bonus; other statuses recorded). Never a manual
//! credit: only the provider's own answer moves money. The audit row commits with the change.

use crate::admin::audit_trail::audit;
use crate::admin::payments::view::{AdminPayment, PaymentCheck};
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use app::wallet::settle::settle;
use domain::{UserId, messages as msg};
use persistence::DbConnection;
use persistence::payment_list;

fn load(conn: &mut DbConnection, id: &str) -> Result<AdminPayment, ApiError> {
    let (row, email) = payment_list::find_with_email(conn, id)?
        .ok_or(ApiError::NotFoundWith(msg::PAYMENT_NOT_FOUND))?;
    Ok(AdminPayment::new(row, email))
}

/// Reads the payment after the check and writes the audit row, in the check's transaction.
fn record(
    conn: &mut DbConnection,
    actor: UserId,
    before: &AdminPayment,
) -> Result<PaymentCheck, ApiError> {
    let after = load(conn, &before.id)?;
    let target = format!("payment:{}", before.id);
    audit(
        conn,
        actor,
        "payment.check",
        &target,
        None,
        Some(before),
        Some(&after),
    )?;
    Ok(PaymentCheck {
        changed: after.status != before.status || after.credited_at != before.credited_at,
        payment: after,
    })
}

#[utoipa::path(tag = "admin", params(("id" = String, Path, description = "Payment id")),
    responses((status = 200, body = PaymentCheck), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 502, body = ErrorResponse), (status = 503, body = ErrorResponse)))]
#[post("/admin/payments/{id}/check")]
pub async fn check_payment(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let actor = admin.0.id;
    let current = {
        let id = id.clone();
        with_conn(&state.services.pool, move |conn| load(conn, &id)).await?
    };
    let gateway = state
        .services
        .payments
        .clone()
        .ok_or(ApiError::Unavailable(msg::TOPUPS_UNAVAILABLE))?;
    // A payment another gateway issued cannot be asked about here: nothing to learn.
    let report = if current.provider == gateway.kind() {
        gateway
            .payment_info(&id)
            .await
            .map_err(|err| ApiError::BadGateway(format!("payment info {id}: {err}")))?
    } else {
        None
    };
    let answer = match report {
        Some(report) if report.order_id == id => {
            let terms = state.settings.referral_terms();
            let email = current.user_email.clone();
            let (_, answer) = settle(
                &state.services.pool,
                report,
                terms,
                move |conn, before, _| {
                    // The payment as this transaction found it, before the report was applied.
                    let before = before
                        .map(|row| AdminPayment::new(row, email))
                        .ok_or(ApiError::NotFoundWith(msg::PAYMENT_NOT_FOUND))?;
                    record(conn, actor, &before)
                },
            )
            .await?;
            answer
        }
        Some(report) => {
            return Err(ApiError::BadGateway(format!(
                "payment info {id} answered for {}",
                report.order_id
            )));
        }
        None => {
            in_transaction(&state.services.pool, move |conn| {
                record(conn, actor, &current)
            })
            .await?
        }
    };
    Ok(HttpResponse::Ok().json(answer))
}
