//! The ProxyShop application layer: the use cases and background jobs that the HTTP API
//! (`api`) and the operator commands (`server`) share, over `persistence` and `upstream`. No
//! HTTP here: no actix, no requests or responses; failures are `AppError`, which the API maps
//! to its statuses.

pub mod abuse;
pub mod accounts;
pub mod alerts;
pub mod blocking;
pub mod blocklist;
pub mod catalog;
pub mod cpu_pool;
pub mod currency;
pub mod daily_reports;
pub mod error;
pub mod jobs;
pub mod payout_tracking;
pub mod pieces;
pub mod pricing;
pub mod rate_limit;
pub mod receipts;
pub mod referral_payouts;
pub mod refunds;
pub mod resellers;
pub mod secret_box;
pub mod settings;
pub mod sign_in;
pub mod state;
pub mod status;
pub mod stock;
pub mod telemetry;
pub mod traffic;
pub mod upstream_pools;
pub mod usage_exports;
pub mod wallet;

pub use error::AppError;
