//! The plan catalogue and traffic plan purchases (docs/api.md#plans).

mod buy_plan;
mod list_plans;

pub use buy_plan::{BuyPlanRequest, BuyPlanResponse};
pub use list_plans::{Plan, PlanGroup, PlanResponse};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_plans::list_plans)
        .service(buy_plan::buy_plan);
}
