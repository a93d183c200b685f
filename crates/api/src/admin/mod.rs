//! The admin area's API (`/api/admin/*`): every route takes `AdminUser`, so non-admins get 403
//! and guests 401.

mod audit_trail;
mod summary;
mod users;

pub use users::{AdminUserRow, UserPage};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.configure(users::configure);
    summary::configure(cfg);
}
