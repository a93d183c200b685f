//! Receipts (docs/receipts.md): `GET /api/user/receipts/{id}.pdf`, a PDF for each of the
//! customer's top-ups and purchases. `download.rs` is the route; what a receipt says and its
//! drawing are `app::receipts`.

mod download;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(download::download_receipt);
}
