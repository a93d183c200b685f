//! `GET /api/admin/refunds?page=&perPage=&userId=`: every refund, newest first, with the
//! customer, the purchase or piece refunded, the GB taken back and the money credited.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::pagination::{PageQuery, Paged};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::{Cents, UserId};
use persistence::refunds::{self, RefundListRow};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
pub struct RefundFilter {
    /// Only this customer's refunds.
    #[serde(rename = "userId")]
    pub user_id: Option<i64>,
}

/// One refund.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminRefund {
    pub id: i64,
    pub user_id: i64,
    pub email: String,
    /// The kind refunded: premium or budget for a purchase, a piece's kind for a piece.
    #[serde(rename = "type")]
    pub kind: String,
    /// The traffic purchase refunded (`traffic_purchases` id), or null for a piece.
    pub purchase_id: Option<i64>,
    /// The piece refunded, or null for a purchase.
    pub piece_id: Option<i64>,
    /// GB taken back (0 for a piece).
    pub gb: f64,
    /// US dollars credited.
    #[schema(value_type = f64)]
    pub amount: Cents,
    pub created_at: i64,
}

impl From<RefundListRow> for AdminRefund {
    fn from(row: RefundListRow) -> Self {
        AdminRefund {
            id: row.id,
            user_id: row.user_id.get(),
            email: row.email,
            kind: row.kind,
            purchase_id: row.purchase_id,
            piece_id: row.piece_id,
            gb: domain::refund::shown_gb(row.bytes),
            amount: row.amount_cents,
            created_at: row.created_at,
        }
    }
}

#[utoipa::path(tag = "admin", params(PageQuery, RefundFilter),
    responses((status = 200, body = Paged<AdminRefund>), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 422, body = ErrorResponse, description = "page or perPage out of range")))]
#[get("/admin/refunds")]
pub async fn list_refunds(
    _admin: AdminUser,
    state: web::Data<AppState>,
    paging: web::Query<PageQuery>,
    filter: web::Query<RefundFilter>,
) -> Result<HttpResponse, ApiError> {
    let at = paging.resolve(50)?;
    let user = filter.user_id.map(UserId::new);
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(refunds::list(conn, user, at.per_page, at.offset)?)
    })
    .await?;
    let items = rows.into_iter().map(AdminRefund::from).collect();
    Ok(HttpResponse::Ok().json(Paged::new(items, total, at)))
}
