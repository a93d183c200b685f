//! The plan catalogue (docs/api.md#plans); buying a traffic plan is `traffic/buy_plan.rs`.

mod list_plans;

pub use list_plans::{Plan, PlanGroup, PlanResponse};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_plans::list_plans);
}
