//! `GET /api/admin/payments.csv?status=&q=`: every payment the list's filters match, newest
//! first, as a CSV attachment. Streamed (`crate::csv::stream_pages`): a task reads the payments
//! in keyset pages (after the last one's creation time and id, so payments made meanwhile
//! neither repeat nor shift the walk) and hands each page's lines over a small channel.

use super::list::PaymentQuery;
use super::view::AdminPayment;
use crate::blocking::with_conn;
use crate::csv::{cell, iso_utc, stream_pages};
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::query_text::given;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::PaymentStatus;
use persistence::DbPool;
use persistence::payment_list::{self, PaymentCursor, PaymentFilter};
use persistence::payments::PaymentRow;

/// Payments per query and per chunk of the body.
pub(crate) const EXPORT_PAGE: i64 = 500;

const HEADER: &str = "id,user_id,user_email,amount,currency,provider,provider_uuid,status,created_at,updated_at,credited_at,expires_at\r\n";

#[utoipa::path(tag = "admin", params(PaymentQuery),
    responses((status = 200, content_type = "text/csv", body = String,
        description = "attachment payments.csv"),
        (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse),
        (status = 422, body = ErrorResponse)))]
#[get("/admin/payments.csv")]
pub async fn export_payments(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<PaymentQuery>,
) -> Result<HttpResponse, ApiError> {
    let status = given("status", query.status.as_deref())?;
    let filter = PaymentFilter {
        status: status.and_then(PaymentStatus::parse),
        q: given("q", query.q.as_deref())?.map(str::to_owned),
    };
    // As the list: a status that names no payment status matches none.
    let first = if status.is_some_and(|s| PaymentStatus::parse(s).is_none()) {
        Vec::new()
    } else {
        read_page(&state.services.pool, &filter, None).await?
    };
    let pool = state.services.pool.clone();
    let next = move |last: &[(PaymentRow, String)]| {
        let after = last.last().map(|(row, _)| (row.created_at, row.id.clone()));
        let (pool, filter) = (pool.clone(), filter.clone());
        async move { read_page(&pool, &filter, after).await }
    };
    Ok(stream_pages(
        "payments.csv",
        HEADER,
        EXPORT_PAGE,
        first,
        lines,
        next,
        "payments",
    ))
}

async fn read_page(
    pool: &DbPool,
    filter: &PaymentFilter,
    after: Option<PaymentCursor>,
) -> Result<Vec<(PaymentRow, String)>, ApiError> {
    let filter = filter.clone();
    with_conn(pool, move |conn| {
        Ok(payment_list::after(
            conn,
            &filter,
            after.as_ref(),
            EXPORT_PAGE,
        )?)
    })
    .await
}

fn lines(page: &[(PaymentRow, String)]) -> String {
    page.iter()
        .map(|(row, email)| line(&AdminPayment::new(row.clone(), email.clone())))
        .collect()
}

/// One payment's line, ending in CRLF.
fn line(p: &AdminPayment) -> String {
    let optional_time = |at: Option<i64>| at.map(iso_utc).unwrap_or_default();
    let cells = [
        cell(&p.id),
        p.user_id.to_string(),
        cell(&p.user_email),
        p.amount.to_decimal_string(),
        cell(&p.currency),
        cell(&p.provider),
        cell(p.provider_uuid.as_deref().unwrap_or_default()),
        cell(&p.status),
        iso_utc(p.created_at),
        iso_utc(p.updated_at),
        optional_time(p.credited_at),
        optional_time(p.expires_at),
    ];
    let mut text = cells.join(",");
    text.push_str("\r\n");
    text
}
