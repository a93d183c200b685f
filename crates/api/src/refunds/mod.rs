//! Self-serve refunds (docs/refunds.md), over `app::refunds`: the eligibility and the refund of
//! the latest residential purchase of a kind (`traffic.rs`), and a failing piece's refund
//! (`piece.rs`). Session-only for keys' callers but the eligibility (a read).

mod piece;
mod traffic;

pub use piece::PieceRefundReply;
pub use traffic::{Eligibility, RefundReply, RefundRequest};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(traffic::eligibility)
        .service(traffic::refund)
        .service(piece::refund_piece);
}
