//! Storage for ProxyShop: one diesel schema over SQLite (the embedded default) and PostgreSQL,
//! picked by the `PROXYSHOP_DATABASE_URL` scheme. Repository functions take a connection so that
//! callers compose transactions; no SQL lives outside this crate.

/// Runs `$body` with `$c` bound to the backend's own connection inside a `DbConnection`, for
/// the queries every request runs. Through diesel's multi-backend wrapper, each call writes its
/// SQL out again (to find the statement in the cache and number its placeholders), which costs
/// more than SQLite's own work for a small query; on the backend's connection the cache finds
/// the statement by its type. Both arms compile the same `$body`, so it must build on both.
macro_rules! on_own_connection {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            $crate::DbConnection::Sqlite($c) => $body,
            $crate::DbConnection::Postgres($c) => $body,
        }
    };
}

pub mod abuse;
pub mod admin_access;
pub mod admin_traffic;
pub mod admin_users;
pub mod alerts;
pub mod api_keys;
pub mod audit;
pub mod auto_topup;
pub mod avatars;
pub mod backup;
pub mod billing;
pub mod blocklist;
pub mod connection;
pub mod connection_records;
pub mod coupons;
pub mod customer_notes;
pub mod daily_reports;
pub mod email_changes;
pub mod email_codes;
pub mod error;
pub mod exchange_rates;
#[cfg(feature = "testing")]
mod explain;
pub mod gateway_accounts;
pub mod gateway_events;
pub mod gateway_leases;
pub mod gateway_slots;
pub mod incidents;
pub mod ip_allowlist;
pub mod job_runs;
mod like;
pub mod login_networks;
pub mod margins;
pub mod notifications;
pub mod password_resets;
pub mod payment_events;
pub mod payment_list;
pub mod payments;
pub mod payout_events;
pub mod piece_credentials;
pub mod pieces;
pub mod plan_limits;
pub mod plan_purchase;
pub mod plans;
pub mod prices;
pub mod proxy_history;
pub mod rate_windows;
pub mod record_pages;
pub mod referral_balance;
pub mod referral_payouts;
pub mod referrals;
pub mod refunds;
pub mod resellers;
pub mod schema;
pub mod sessions;
pub mod sla_credits;
mod sqlite_plans;
pub mod stats;
pub mod status_minutes;
pub mod subuser_logins;
pub mod subusers;
mod sums;
#[cfg(feature = "testing")]
pub mod testing;
pub mod traffic;
pub mod traffic_purchases;
pub mod trial_networks;
pub mod trials;
pub mod two_factor;
mod upsert;
pub mod upstream_daily;
pub mod upstream_pool_hours;
pub mod upstream_pools;
pub mod usage_exports;
pub mod usage_rollups;
pub mod users;
pub mod wallet;
pub mod webhook_deliveries;

pub use connection::{
    Backend, DbConnection, DbPool, PoolOptions, connect, run_migrations, write_transaction,
};
pub use error::{DbError, DbResult};

/// Seconds since the Unix epoch: every stored time uses this.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or_default()
}
