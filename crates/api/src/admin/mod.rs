//! The admin area's API (`/api/admin/*`): every route takes `AdminUser`, so non-admins get 403
//! and guests 401.

mod audit;
mod audit_trail;
mod list_users;
mod orders;
mod payments;
mod plans;
mod stock;

pub use list_users::{AdminUserRow, UserPage};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_users::list_users);
    plans::configure(cfg);
    stock::configure(cfg);
    orders::configure(cfg);
    payments::configure(cfg);
    audit::configure(cfg);
}
