//! The admin area's API (`/api/admin/*`): every route takes `AdminUser`, so non-admins get 403
//! and guests 401.

mod list_users;

pub use list_users::{__path_list_users, AdminUserRow, UserPage, list_users};

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/admin/users", web::get().to(list_users));
}
