//! The gateway crate's integration tests, one binary so that the workspace is linked once
//! for them (each module was a test binary of its own).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

mod admin_disable;
mod allowlist;
mod auth_failures;
mod auto_topup;
mod blocklist;
mod connection_setup;
mod cutoff;
mod drain;
mod fair_share;
mod fleet;
mod fleet_caps;
mod framing;
mod notify;
mod pieces;
mod plain_http;
mod plan_caps;
mod pool_margins;
mod pool_secrets_log;
mod preauth;
mod proxying;
mod quota;
mod refusals;
mod reseller_pieces;
mod slots;
mod subusers;
mod upstream_health;
mod upstream_plain;
mod upstream_pools;
mod usage_records;
