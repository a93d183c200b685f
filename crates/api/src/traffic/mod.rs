//! Residential traffic: buying it (`buy_plan.rs`, the route, over `app::traffic::buy_plan`, the
//! use case), locations, proxy generation, usage from the meter, and proxy history
//! (docs/api.md#traffic-and-generators).

mod buy_plan;
mod check;
mod generate;
mod history;
mod locations;
mod stats;

pub use buy_plan::{BuyPlanRequest, BuyPlanResponse};
pub use check::{CheckProxyRequest, CheckProxyResponse};
pub(crate) use check::{limit_checks, run_check};
pub use generate::{GenerateRequest, GenerateResponse};
pub use history::{HistoryItem, HistoryResponse};
pub use stats::{StatsResponse, TrafficStat, UsageDay, UsageResponse};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(buy_plan::buy_plan)
        .service(stats::traffic_stats)
        .service(stats::usage)
        .service(history::proxy_history_list)
        .service(locations::premium_locations)
        .service(locations::budget_locations)
        .service(generate::generate_premium)
        .service(generate::generate_budget)
        .service(check::check_proxy);
}
