//! The customer's usage records (docs/api.md#usage-records): one row per gateway connection,
//! listed newest first, exported as CSV or JSON (streamed, or prepared in the background), and summed per host, credential, day or hour; the health of the traffic per host, country,
//! credential or hour.

mod breakdown;
mod export;
mod exports;
pub(crate) mod filters;
mod health;
mod list;
mod window;

pub use breakdown::{Breakdown, BreakdownRow};
pub use exports::{UsageExport, UsageExports};
pub use filters::RecordQuery;
pub use health::{Health, HealthFigures, HealthRow};
pub use list::{RecordCredential, RecordPage, RequestRecord};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list::list_requests)
        .service(export::export_requests)
        .service(export::export_requests_json)
        .service(exports::request_export)
        .service(exports::list_exports)
        .service(exports::get_export)
        .service(exports::delete_export)
        .service(exports::download_export)
        .service(breakdown::usage_breakdown)
        .service(health::usage_health);
}
