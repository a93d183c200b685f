//! The operator's refunds (docs/admin-api/refunds.md): every refund customers took
//! (`GET /api/admin/refunds`) and the window in which a customer's refunds are refused
//! (`GET`/`PUT /api/admin/users/{id}/refund-refusal`, audited), e.g. for abuse.

mod list;
mod refusal;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list::list_refunds)
        .service(refusal::get_refusal)
        .service(refusal::set_refusal);
}
