//! Blocked destinations as customers see them: their own blocklist (`manage.rs`,
//! `GET/PUT /api/user/blocklist`) and what the shop refuses to everyone (`policy.rs`,
//! `GET /api/acceptable-use`, public: the acceptable use page is generated from it).

mod manage;
mod policy;

pub use manage::BlocklistPatterns;
pub use policy::AcceptableUsePolicy;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(manage::get_blocklist)
        .service(manage::put_blocklist)
        .service(policy::acceptable_use);
}
