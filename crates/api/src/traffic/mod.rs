//! Residential traffic: locations, proxy generation, usage from the meter, and proxy history
//! (docs/api.md#traffic-and-generators).

mod generate;
mod history;
mod locations;
mod stats;
mod upstream_sync;

pub use generate::{
    __path_generate_budget, __path_generate_premium, GenerateRequest, GenerateResponse,
    generate_budget, generate_premium,
};
pub use history::{__path_proxy_history_list, HistoryItem, HistoryResponse, proxy_history_list};
pub use locations::{
    __path_budget_locations, __path_premium_locations, budget_locations, premium_locations,
};
pub use stats::{
    __path_stats, __path_usage, StatsResponse, TrafficStat, UsageDay, UsageResponse, stats, usage,
};

pub use upstream_sync::{LOCAL, sync_all, sync_customer};

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/user/get_starts", web::get().to(stats))
        .route("/user/usage", web::get().to(usage))
        .route("/user/proxy_history", web::get().to(proxy_history_list))
        .route(
            "/user/residential_location",
            web::get().to(premium_locations),
        )
        .route(
            "/user/budget_residential_location",
            web::get().to(budget_locations),
        )
        .route("/user/generate", web::post().to(generate_premium))
        .route("/user/generate_budget", web::post().to(generate_budget));
}
