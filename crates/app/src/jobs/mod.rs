//! Work done in the background while the API serves: purging expired sessions, codes and
//! per-address trial counts and giving the stock of expired pieces back (every 10 minutes);
//! with a piece provider, collecting the proxies of placed orders (every 15 seconds); with a
//! payment gateway, reconciling payments left pending (every 15 minutes by default,
//! `PROXYSHOP_RECONCILE_INTERVAL_SECS`); purging the gateway's usage records older than
//! `PROXYSHOP_USAGE_RECORDS_DAYS` and the hourly usage rollups older than
//! `PROXYSHOP_USAGE_HOURLY_DAYS` (every hour: on PostgreSQL the records' day tables past the
//! retention dropped whole, other rows in bounded batches, `records`), after the one-time
//! back-fill of the rollups (`rollups`, also started once with the jobs, as is the creation of
//! the records' day tables ahead); comparing every
//! customer's alert thresholds with their figures (every minute, `crate::alerts::check_alerts`);
//! renewing the pieces with auto-renew that are due (every minute, `crate::pieces::renew_due`);
//! calling customers' webhooks (every 15 seconds; each call is also claimed on its own, see
//! `crate::alerts::send_webhooks`); probing every active upstream pool through the check URL
//! (every minute, `crate::upstream_pools::probe_all`; three failures in a row mark a pool down);
//! measuring the status page's minute of every component (every minute,
//! `crate::status::measure_minute`); crediting the last month's SLA credits (every hour, each
//! customer, kind and month once, `crate::status::sla::credit_month`); writing the usage
//! exports customers asked for (every 5 seconds on every instance, each export claimed on its
//! own, `exports`); with Cryptomus configured and display currencies chosen, refreshing their
//! exchange rates (10 seconds after start, then every hour, asking only when the newest is a
//! day old, `crate::currency::refresh_rates`); with a payout provider, asking it about the
//! referral payouts it took and has been quiet on for 10 minutes (every 5 minutes,
//! `crate::payout_tracking::check_payouts`); sending the daily usage report of the UTC day
//! before to the customers who turned it on (every 10 minutes from 00:30 UTC, at most
//! `crate::daily_reports::BATCH` customers a run, each customer and day once,
//! `crate::daily_reports::send_daily_reports`).
//!
//! Every instance ticks every job, but each period's run happens once across all instances
//! sharing the database: a tick first claims the job's lease for its period
//! (`persistence::job_runs`), and only the winner runs it. A holder that dies mid-run loses the
//! lease when it runs out, and another instance runs that period again (docs/operations.md).
//!
//! Each job is a task of its own on the tokio runtime ([`spawn`]). At shutdown
//! ([`Running::stop`]) a job waiting for its next tick returns at once, and one in the middle of
//! a run finishes that run (its transactions are never cut) and then returns.

mod exports;
mod records;
mod rollups;
mod schedule;
mod work;

pub use exports::EXPORTS_EVERY;
pub use records::{RecordsPurged, prepare_record_days, purge_usage};
pub use rollups::{backfill_rollups, purge_hourly};
pub use schedule::{Job, Running, Stopper, Ticked, holder_id, tick_once};

use crate::state::Services;
use records::purge_usage_records;
use schedule::{JobRun, periodic};
use std::sync::Arc;
use std::time::Duration;
use work::{
    check_alerts, check_payouts, credit_sla, daily_reports, measure_status, poll_deliveries,
    probe_upstreams, purge_expired, reconcile_payments, refresh_rates, renew_pieces, send_webhooks,
};

pub const PURGE: Job = Job {
    name: "purge",
    every: Duration::from_secs(600),
    lease: Duration::from_secs(600),
};
pub const DELIVERIES: Job = Job {
    name: "deliveries",
    every: Duration::from_secs(15),
    lease: Duration::from_secs(120),
};
pub const ALERTS: Job = Job {
    name: "alerts",
    every: Duration::from_secs(60),
    lease: Duration::from_secs(120),
};
pub const RENEWALS: Job = Job {
    name: "renewals",
    every: Duration::from_secs(60),
    lease: Duration::from_secs(300),
};
pub const WEBHOOKS: Job = Job {
    name: "webhooks",
    every: Duration::from_secs(15),
    lease: Duration::from_secs(120),
};
pub const USAGE_PURGE: Job = Job {
    name: "usage_purge",
    every: Duration::from_secs(3600),
    lease: Duration::from_secs(900),
};
pub const UPSTREAM_PROBES: Job = Job {
    name: "upstream_probes",
    every: Duration::from_secs(60),
    lease: Duration::from_secs(120),
};
pub const STATUS_MINUTES: Job = Job {
    name: "status_minutes",
    every: Duration::from_secs(60),
    lease: Duration::from_secs(120),
};
/// Credits the month before the current one; a rerun credits nobody twice.
pub const SLA_CREDITS: Job = Job {
    name: "sla_credits",
    every: Duration::from_secs(3600),
    lease: Duration::from_secs(900),
};
/// Ticks hourly; refreshes the rates when the newest is a day old (`crate::currency`).
pub const EXCHANGE_RATES: Job = Job {
    name: "exchange_rates",
    every: Duration::from_secs(3600),
    lease: Duration::from_secs(300),
};
/// How soon after start the exchange rates are first looked at.
const RATES_FIRST_TICK: Duration = Duration::from_secs(10);
/// Asks the payout provider about payouts processing without news (`crate::payout_tracking`).
pub const PAYOUT_CHECKS: Job = Job {
    name: "payout_checks",
    every: Duration::from_secs(300),
    lease: Duration::from_secs(600),
};
/// Reports the day before to a batch of opted-in customers (`crate::daily_reports`).
pub const DAILY_REPORTS: Job = Job {
    name: "daily_reports",
    every: Duration::from_secs(600),
    lease: Duration::from_secs(600),
};
/// Reconciliation's period comes from the settings.
pub fn reconcile(every: Duration) -> Job {
    Job {
        name: "payments_reconcile",
        every,
        lease: Duration::from_secs(600),
    }
}

/// Starts every job as its own task on the current tokio runtime; they stop when `stopper` is
/// told to (or through [`Running::stop`]).
pub fn spawn(services: Arc<Services>, stopper: Stopper) -> Running {
    let holder: Arc<str> = holder_id().into();
    let mut tasks = Vec::new();
    // Each job's first tick comes one period after start, except where said otherwise.
    let mut start_after = |job: Job, first: Duration, work: fn(&Services) -> Option<JobRun>| {
        // A job with nothing to work on (no provider configured) never ticks.
        if work(&services).is_none() {
            return;
        }
        let services = services.clone();
        let task = periodic(
            services.pool.clone(),
            job,
            first,
            holder.clone(),
            stopper.subscribe(),
            move || work(&services),
        );
        tasks.push((job.name, tokio::spawn(task)));
    };
    let mut start = |job: Job, work| start_after(job, job.every, work);
    start(PURGE, purge_expired);
    start(DELIVERIES, poll_deliveries);
    start(USAGE_PURGE, purge_usage_records);
    start(ALERTS, check_alerts);
    start(RENEWALS, renew_pieces);
    start(WEBHOOKS, send_webhooks);
    start(UPSTREAM_PROBES, probe_upstreams);
    start(STATUS_MINUTES, measure_status);
    start(SLA_CREDITS, credit_sla);
    start(PAYOUT_CHECKS, check_payouts);
    start(DAILY_REPORTS, daily_reports);
    // Soon after start: a first start has no rates (and a day-old restart stale ones) until the
    // first refresh, which asks only when the stored rates are due.
    start_after(EXCHANGE_RATES, RATES_FIRST_TICK, refresh_rates);
    if let Some(every) = services.settings.reconcile_every {
        start_after(reconcile(every), every, reconcile_payments);
    }
    let backfill = rollups::backfill_task(services.pool.clone(), stopper.subscribe());
    tasks.push(("usage_backfill", tokio::spawn(backfill)));
    let exports = exports::exports_task(services.pool.clone(), stopper.subscribe());
    tasks.push(("usage_exports", tokio::spawn(exports)));
    let days = records::prepare_task(services.pool.clone());
    tasks.push(("usage_record_days", tokio::spawn(days)));
    Running::new(stopper, tasks)
}
