//! `GET /api/admin/payments?status=&q=&page=&perPage=` (newest first; a `status` that names no
//! payment status matches none) and `GET /api/admin/payments/{id}`.

use crate::admin::payments::view::{AdminPayment, PaymentDetail, PaymentEvent};
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::pagination::{PageQuery, Paged};
use crate::query_text::given;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::{PaymentStatus, messages as msg};
use persistence::payment_events;
use persistence::payment_list::{self, PaymentFilter};
use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
pub struct PaymentQuery {
    /// pending, paid, paid_over, expired, ... (the stored status).
    #[param(schema_with = crate::openapi::rules::filter_text)]
    pub status: Option<String>,
    /// A payment id, a provider invoice id, or part of the customer's email.
    #[param(schema_with = crate::openapi::rules::filter_text)]
    pub q: Option<String>,
}

#[utoipa::path(tag = "admin", params(PaymentQuery, PageQuery),
    responses((status = 200, body = Paged<AdminPayment>), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[get("/admin/payments")]
pub async fn list_payments(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<PaymentQuery>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let at = paging.resolve(50)?;
    let (per_page, offset) = (at.per_page, at.offset);
    let status = given("status", query.status.as_deref())?;
    if status.is_some_and(|s| PaymentStatus::parse(s).is_none()) {
        return Ok(HttpResponse::Ok().json(Paged::<AdminPayment>::new(Vec::new(), 0, at)));
    }
    let filter = PaymentFilter {
        status: status.and_then(PaymentStatus::parse),
        q: given("q", query.q.as_deref())?.map(str::to_owned),
    };
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(payment_list::list(conn, &filter, per_page, offset)?)
    })
    .await?;
    let items = rows
        .into_iter()
        .map(|(row, email)| AdminPayment::new(row, email))
        .collect();
    Ok(HttpResponse::Ok().json(Paged::new(items, total, at)))
}

#[utoipa::path(tag = "admin", params(("id" = String, Path, description = "Payment id")),
    responses((status = 200, body = PaymentDetail), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[get("/admin/payments/{id}")]
pub async fn payment_detail(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let (found, events) = with_conn(&state.services.pool, move |conn| {
        Ok((
            payment_list::find_with_email(conn, &id)?,
            payment_events::history(conn, &id)?,
        ))
    })
    .await?;
    let (row, email) = found.ok_or(ApiError::NotFoundWith(msg::PAYMENT_NOT_FOUND))?;
    let report = row
        .raw_callback
        .as_deref()
        .and_then(|raw| serde_json::from_str(raw).ok());
    Ok(HttpResponse::Ok().json(PaymentDetail {
        payment: AdminPayment::new(row, email),
        events: events
            .into_iter()
            .map(|(status, created_at)| PaymentEvent { status, created_at })
            .collect(),
        report,
    }))
}
