//! Receipts (docs/receipts.md): `GET /api/user/receipts/{id}.pdf`, a PDF for each of the
//! customer's top-ups and purchases. `content.rs` reads what a receipt says from the ledger
//! row and what it points at, `pdf.rs` draws it (with `winansi.rs`, the built-in font's text),
//! `download.rs` is the route.

mod content;
mod download;
mod pdf;
mod winansi;

pub use content::{Customer, LineItem, Receipt, receipt_number};
pub use pdf::render;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(download::download_receipt);
}
