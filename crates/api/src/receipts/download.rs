//! `GET /api/user/receipts/{id}.pdf`: the receipt of one of the customer's top-ups or
//! purchases, by its ledger entry's id (the `id` of `GET /api/user/wallet`'s entries), as a PDF
//! download. Another customer's entry, or an entry that is neither, is 404 "Receipt not found".

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::http::header;
use actix_web::{HttpResponse, get, web};
use domain::messages as msg;

#[utoipa::path(tag = "wallet",
    params(("id" = i64, Path, minimum = 1, description = "The ledger entry's id (`entries[].id` of GET /api/user/wallet)")),
    responses((status = 200, description = "The receipt as a PDF download", content_type = "application/pdf"),
              (status = 401, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[get("/user/receipts/{id}.pdf")]
pub async fn download_receipt(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let entry_id = path
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or(ApiError::NotFoundWith(msg::RECEIPT_NOT_FOUND))?;
    let seller = state.settings.shop.clone();
    let customer = user.0;
    let bytes = with_conn(&state.services.pool, move |conn| {
        Ok(app::receipts::receipt_pdf(
            conn, &customer, entry_id, &seller,
        )?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"receipt-{entry_id}.pdf\""),
        ))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(bytes))
}
