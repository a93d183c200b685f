//! The admin area's API (`/api/admin/*`): every route takes `AdminUser`, so non-admins get 403
//! and guests 401. Every change writes its audit row in its own transaction (`audit_trail`).

mod abuse;
mod audit;
pub(crate) mod audit_trail;
pub(crate) mod blocklist;
mod coupons;
mod incidents;
mod margins;
mod orders;
mod payments;
mod payouts;
mod pieces;
mod plans;
mod refunds;
mod stock;
mod summary;
mod trials;
pub mod upstreams;
mod users;

pub use users::AdminUserRow;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    summary::configure(cfg);
    abuse::configure(cfg);
    cfg.configure(users::configure);
    plans::configure(cfg);
    coupons::configure(cfg);
    stock::configure(cfg);
    orders::configure(cfg);
    payments::configure(cfg);
    pieces::configure(cfg);
    audit::configure(cfg);
    trials::configure(cfg);
    upstreams::configure(cfg);
    margins::configure(cfg);
    blocklist::configure(cfg);
    refunds::configure(cfg);
    incidents::configure(cfg);
    payouts::configure(cfg);
}
