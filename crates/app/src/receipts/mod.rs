//! Receipts (docs/receipts.md): a PDF for each of a customer's top-ups and purchases.
//! `content.rs` reads what a receipt says from the ledger row and what it points at, `pdf.rs`
//! draws it (with `winansi.rs`, the built-in font's text); `receipt_pdf` does both, for the
//! route `GET /api/user/receipts/{id}.pdf` (`api::receipts`).

mod content;
mod pdf;
mod winansi;

pub use content::{Customer, LineItem, Receipt, gather, receipt_number};
pub use pdf::render;

use crate::error::AppError;
use crate::settings::ShopIdentity;
use persistence::DbConnection;
use persistence::users::UserRow;

/// The receipt of ledger row `entry_id` of `user` as a PDF, or "Receipt not found" when the
/// row is not theirs or not a top-up or purchase.
pub fn receipt_pdf(
    conn: &mut DbConnection,
    user: &UserRow,
    entry_id: i64,
    seller: &ShopIdentity,
) -> Result<Vec<u8>, AppError> {
    let receipt = gather(conn, user, entry_id, seller)?;
    render(&receipt).map_err(|e| AppError::internal("receipt pdf", e))
}
