//! The admin area's API (`/api/admin/*`): every route takes `AdminUser`, so non-admins get 403
//! and guests 401.

mod audit_trail;
mod list_users;
mod summary;

pub use list_users::{AdminUserRow, UserPage};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_users::list_users);
    summary::configure(cfg);
}
