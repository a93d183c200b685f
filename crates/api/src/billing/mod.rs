//! Billing details (docs/receipts.md): `GET/PUT /api/user/billing`, the company, address and
//! VAT id the customer's receipts are made out to (checked in `domain::billing`).

mod manage;
mod schema;

pub use manage::{BillingRequest, BillingSaved, BillingView};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(manage::get_billing)
        .service(manage::put_billing);
}
