//! The ProxyShop HTTP API: routes, extractors, sessions, CORS, errors, OpenAPI, and the service
//! functions that orchestrate a request over `app`, `persistence` and `upstream`. What is not
//! HTTP (use cases shared with the jobs and the operator commands, the background jobs, password
//! hashing, the metrics recorder) is `app`'s.

pub mod abuse;
pub mod account;
pub mod admin;
pub mod alerts;
pub mod allowlist;
pub mod api_doc;
pub mod api_keys;
pub mod auth;
pub mod auto_topup;
pub mod billing;
pub mod blocking;
pub mod blocklist;
pub mod brand_view;
pub mod brands;
pub mod catalog;
pub mod client_access;
pub mod compress;
pub mod content_coding;
pub mod coupons;
pub mod csv;
pub mod error;
pub mod extractors;
pub mod form;
pub mod health;
pub mod http_metrics;
pub mod key_caller;
pub mod notifications;
pub mod number;
pub mod openapi;
pub mod origin_guard;
pub mod pagination;
pub mod pieces;
pub(crate) mod query_text;
pub mod readiness;
pub mod receipts;
pub mod refunds;
pub mod request_id;
pub mod resellers;
pub mod routes;
pub mod security_headers;
pub mod session;
pub mod settings;
pub mod spa;
pub mod startup;
pub mod state;
pub mod status;
pub mod status_cache;
pub mod subuser_access;
pub mod subusers;
pub mod traffic;
pub mod twofactor;
pub mod usage;
pub mod user_sessions;
pub mod view;
pub mod wallet;

pub use error::ApiError;
pub use readiness::Readiness;
pub use settings::{CheckSettings, GatewayEndpoints, RateLimits, Settings};
pub use startup::{Application, Dependencies, Payments};
