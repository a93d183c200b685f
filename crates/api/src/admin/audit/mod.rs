//! The audit log for operators (`GET /api/admin/audit`, docs/admin-api/audit.md).

mod list;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list::list_audit);
}
