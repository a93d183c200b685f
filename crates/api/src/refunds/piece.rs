//! `POST /api/user/pieces/{id}/refund`: a piece whose last check failed in its first
//! `PROXYSHOP_PIECE_REFUND_HOURS` is released and its price credited; otherwise 409 with the
//! reason (docs/refunds.md#pieces).

use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use domain::Cents;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct PieceRefundReply {
    /// US dollars credited to the wallet.
    #[schema(value_type = f64)]
    pub refunded: Cents,
    /// The wallet balance after it, US dollars.
    #[schema(value_type = f64)]
    pub balance: Cents,
}

#[utoipa::path(tag = "refunds", params(("id" = i64, Path, description = "Piece id")),
    responses((status = 200, body = PieceRefundReply), (status = 401, body = ErrorResponse),
              (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse,
                description = "Not refundable: not failed, too late, provider's piece, already refunded")))]
#[post("/user/pieces/{id}/refund")]
pub async fn refund_piece(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let policy = state.settings.refunds;
    let done =
        app::refunds::refund_piece(&state.services.pool, user.0.id, path.into_inner(), policy)
            .await?;
    Ok(HttpResponse::Ok().json(PieceRefundReply {
        refunded: done.amount,
        balance: done.balance,
    }))
}
