//! Top-up payments for operators (`/api/admin/payments`, docs/admin-api/payments.md): the list
//! and its CSV export, one payment with its status history and the provider's raw report, and
//! asking the gateway about a payment now.

mod check;
mod csv;
mod list;
mod view;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list::list_payments)
        .service(csv::export_payments)
        .service(list::payment_detail)
        .service(check::check_payment);
}
