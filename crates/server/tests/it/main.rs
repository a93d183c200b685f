//! The server crate's integration tests, one binary so that the workspace is linked once
//! for them (each module was a test binary of its own).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

mod api_shutdown;
mod backup_restore;
mod compose_settings;
mod crash_loss;
mod fd_reserve;
mod first_start;
mod fleet;
mod fleet_harness;
mod fleet_traffic;
mod gateway_node;
mod jobs_cli;
mod local_checkout_refusal;
mod metrics_documented;
mod upstream_pools_start;
