//! The plan catalogue and traffic plan purchases (docs/api.md#plans).

mod buy_plan;
mod list_plans;
pub mod seed;

pub use buy_plan::{__path_buy_plan, BuyPlanRequest, BuyPlanResponse, GB, buy_plan};
pub use list_plans::{__path_list_plans, KindQuery, Plan, PlanGroup, PlanResponse, list_plans};

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/user/plan", web::get().to(list_plans))
        .route("/user/get_plan", web::post().to(buy_plan));
}
