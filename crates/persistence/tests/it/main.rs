//! The persistence crate's integration tests, one binary so that the workspace is linked once
//! for them (each module was a test binary of its own).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod admin_access;
mod auto_topup;
mod connection_records;
mod customer_search;
mod exchange_rates;
mod gateway_leases;
mod gateway_slots;
mod ip_allowlist;
mod iproyal_pool_migration;
mod job_runs;
mod margins;
mod money_rules;
mod piece_credentials;
mod pieces;
mod pool;
mod proxy_history;
mod rate_windows;
mod record_pages;
mod records_retention;
mod referral_payouts;
mod repos;
mod reseller_moves;
mod schema;
mod sqlite_plans;
mod stats;
mod stored_values;
mod subuser_leases;
mod traffic;
mod upstream_pools;
mod usage_health;
mod usage_rollups;
mod usage_rollups_backfill;
mod wallet;
