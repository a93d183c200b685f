//! `POST /api/user/pieces/{id}/check`: tests one of the customer's pieces through the shop's own
//! gateway with that piece's credential (the checker of `POST /api/user/check`,
//! `crates/api/src/traffic/check.rs`), keeps the outcome as the piece's last check and answers
//! it. The customer names only the piece: the address is our configured gateway, the
//! credential the piece's own, so nothing is sent anywhere else. A provider's piece connects
//! to the provider, not to us, and is not tested (409). Checks count against the same
//! per-customer limit as every other check.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use crate::traffic::{limit_checks, run_check};
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use domain::messages as msg;
use persistence::pieces::identity::{self, PieceCheck};
use persistence::pieces::renewals;
use upstream::CheckRequest;

use super::owned::PieceCheckView;

#[utoipa::path(tag = "pieces", params(("id" = i64, Path, description = "Piece id")),
    responses((status = 200, body = PieceCheckView), (status = 401, body = ErrorResponse),
              (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse),
              (status = 429, body = ErrorResponse)))]
#[post("/user/pieces/{id}/check")]
pub async fn check_piece(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (piece, owner) = (path.into_inner(), user.0.id);
    let found = with_conn(&state.services.pool, move |conn| {
        let kept = renewals::find_owned(conn, piece, owner)?.filter(|p| p.released_at.is_none());
        if kept.is_none() {
            return Ok(None);
        }
        Ok(identity::identities(conn, owner, &[piece])?.remove(&piece))
    })
    .await?;
    let who = found.ok_or(ApiError::NotFoundWith(msg::PIECE_NOT_FOUND))?;
    if !who.ours {
        return Err(ApiError::Conflict(msg::PIECE_CHECK_PROVIDER));
    }
    limit_checks(&state, owner).await?;
    let gateway = &state.settings.gateway;
    let request = CheckRequest {
        host: gateway.host.clone(),
        port: gateway.http_port,
        username: who.username,
        password: who.password,
    };
    let answer = run_check(&state, &request).await;
    let check = PieceCheck {
        piece_id: piece,
        ok: answer.ok,
        exit_ip: answer.exit_ip,
        latency_ms: answer
            .latency_ms
            .map(|ms| i64::try_from(ms).unwrap_or(i64::MAX)),
        error: answer.error,
        checked_at: persistence::now(),
    };
    let kept = check.clone();
    in_transaction(&state.services.pool, move |conn| {
        Ok(identity::record_check(conn, &kept)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(PieceCheckView::from(check)))
}
