//! Work the API does in the background while it serves: purging expired sessions, codes and
//! per-address trial counts and giving the stock of expired pieces back (every 10 minutes);
//! with a piece provider, collecting the proxies of placed orders (every 15 seconds); with a
//! residential provider, moving bought or expired traffic and reading usage back (every minute);
//! with a payment gateway, reconciling payments left pending (every 15 minutes by default,
//! `PROXYSHOP_RECONCILE_INTERVAL_SECS`); purging the gateway's usage records older than
//! `PROXYSHOP_USAGE_RETENTION_DAYS` (every hour, in bounded batches); comparing every
//! customer's alert thresholds with their figures (every minute, `crate::alerts`); renewing
//! the pieces with auto-renew that are due (every minute, `crate::pieces::renew_due`); calling
//! customers' webhooks (every 15 seconds; each call is also claimed on its own, see
//! `crate::alerts::send_webhooks`).
//!
//! Every instance ticks every job, but each period's run happens once across all instances
//! sharing the database: a tick first claims the job's lease for its period
//! (`persistence::job_runs`), and only the winner runs it. A holder that dies mid-run loses the
//! lease when it runs out, and another instance runs that period again (docs/operations.md).

use crate::error::ApiError;
use crate::state::AppState;
use app::wallet::ReferralTerms;
use actix_web::web;
use persistence::DbPool;
use std::future::Future;
use std::time::{Duration, Instant};

/// A background job: its name (the lease's key and the metrics label), how often it runs, and
/// how long a run may hold the lease before another instance may take the job over.
#[derive(Debug, Clone, Copy)]
pub struct Job {
    pub name: &'static str,
    pub every: Duration,
    pub lease: Duration,
}

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
pub const RESIDENTIAL_SYNC: Job = Job {
    name: "residential_sync",
    every: Duration::from_secs(60),
    lease: Duration::from_secs(300),
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
/// Usage records deleted per statement: no statement holds the table for long.
const USAGE_PURGE_BATCH: i64 = 5_000;

/// Reconciliation's period comes from the settings.
pub fn reconcile(every: Duration) -> Job {
    Job {
        name: "payments_reconcile",
        every,
        lease: Duration::from_secs(600),
    }
}

/// What one tick of a job did on this instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ticked {
    /// This instance won the period and the run succeeded.
    Ran,
    /// This instance won the period and the run failed (logged; the next period tries again).
    Failed,
    /// Another instance holds the lease, or this period already ran.
    Skipped,
}

/// Runs every job until the task is aborted.
pub async fn run(state: web::Data<AppState>) {
    let holder = holder_id();
    tokio::join!(
        periodic(&state, PURGE, &holder, purge_expired),
        periodic(&state, DELIVERIES, &holder, poll_deliveries),
        periodic(&state, RESIDENTIAL_SYNC, &holder, sync_residential),
        periodic(&state, USAGE_PURGE, &holder, purge_usage_records),
        periodic(&state, ALERTS, &holder, check_alerts),
        periodic(&state, RENEWALS, &holder, renew_pieces),
        periodic(&state, WEBHOOKS, &holder, send_webhooks),
        periodic_reconcile(&state, &holder),
    );
}

/// Who holds a lease: this process, told apart from every other instance.
pub fn holder_id() -> String {
    format!("{}-{:016x}", std::process::id(), rand::random::<u64>())
}

/// A ticker whose first tick comes one period after start, not during start-up's own writes.
fn every(period: Duration) -> actix_web::rt::time::Interval {
    let start = actix_web::rt::time::Instant::now() + period;
    actix_web::rt::time::interval_at(start, period)
}

async fn periodic<'a, F, Fut>(state: &'a web::Data<AppState>, job: Job, holder: &'a str, work: F)
where
    F: Fn(&'a web::Data<AppState>) -> Option<Fut>,
    Fut: Future<Output = Result<(), ApiError>> + 'a,
{
    // A job with nothing to work on (no provider configured) never ticks.
    if work(state).is_none() {
        return;
    }
    let mut tick = every(job.every);
    loop {
        tick.tick().await;
        if let Some(run) = work(state) {
            tick_once(&state.pool, job, holder, run).await;
        }
    }
}

async fn periodic_reconcile(state: &web::Data<AppState>, holder: &str) {
    let Some(every) = state.settings.reconcile_every else {
        return;
    };
    periodic(state, reconcile(every), holder, reconcile_payments).await
}

/// One tick of `job` on this instance: claims the current period and runs `run` when this
/// instance won it; records the outcome in the metrics.
pub async fn tick_once(
    pool: &DbPool,
    job: Job,
    holder: &str,
    run: impl Future<Output = Result<(), ApiError>>,
) -> Ticked {
    let now = persistence::now();
    let period_secs = job.every.as_secs().max(1) as i64;
    let period = now / period_secs;
    let lease = job.lease.as_secs() as i64;
    let owner = holder.to_owned();
    let claimed = crate::blocking::with_conn(pool, move |conn| {
        Ok(persistence::job_runs::claim(
            conn, job.name, period, &owner, now, lease,
        )?)
    })
    .await;
    match claimed {
        Ok(true) => {}
        Ok(false) => {
            metrics::counter!("proxyshop_job_runs_total", "job" => job.name, "outcome" => "skipped")
                .increment(1);
            return Ticked::Skipped;
        }
        Err(err) => {
            tracing::warn!(job = job.name, %err, "could not claim the job's lease");
            metrics::counter!("proxyshop_job_runs_total", "job" => job.name, "outcome" => "claim_failed")
                .increment(1);
            return Ticked::Skipped;
        }
    }
    let started = Instant::now();
    let result = run.await;
    metrics::histogram!("proxyshop_job_duration_seconds", "job" => job.name)
        .record(started.elapsed().as_secs_f64());
    let owner = holder.to_owned();
    let finished = crate::blocking::with_conn(pool, move |conn| {
        Ok(persistence::job_runs::finish(
            conn,
            job.name,
            period,
            &owner,
            persistence::now(),
        )?)
    })
    .await;
    match finished {
        Ok(true) => {}
        Ok(false) => tracing::warn!(
            job = job.name,
            "the run outlived its lease; another instance may have run it too"
        ),
        // The lease runs out by itself.
        Err(err) => tracing::warn!(job = job.name, %err, "could not release the job's lease"),
    }
    let (outcome, ticked) = match result {
        Ok(()) => ("ok", Ticked::Ran),
        Err(err) => {
            tracing::warn!(job = job.name, %err, "background job failed");
            ("failed", Ticked::Failed)
        }
    };
    metrics::counter!("proxyshop_job_runs_total", "job" => job.name, "outcome" => outcome)
        .increment(1);
    ticked
}

fn purge_expired(
    state: &web::Data<AppState>,
) -> Option<impl Future<Output = Result<(), ApiError>> + 'static> {
    let pool = state.pool.clone();
    let grace = state.settings.renewals.grace_secs;
    Some(async move {
        let (sessions, codes, windows, pieces, trial_days) =
            crate::blocking::with_conn(&pool, move |conn| {
                let now = persistence::now();
                Ok((
                    persistence::sessions::purge_expired(conn, now)?,
                    persistence::email_codes::purge_expired(conn, now)?,
                    // The longest attempt window is an hour; older windows would start over
                    // anyway.
                    persistence::rate_windows::purge_older_than(conn, now - 86_400)?
                        + persistence::login_networks::purge_older_than(
                            conn,
                            now - crate::auth::guard::KNOWN_NETWORK_SECS,
                        )?,
                    // An expired piece keeps its stock slot (its address) through the grace
                    // period, in which it can still be renewed.
                    persistence::write_transaction(conn, |c| {
                        persistence::pieces::release_expired(c, now - grace, now)
                    })?,
                    // Per-address trial counts matter for their own day only.
                    persistence::trials::purge_days_before(
                        conn,
                        &domain::calendar::utc_day(now - 86_400),
                    )?,
                ))
            })
            .await?;
        tracing::debug!(
            sessions,
            codes,
            windows,
            pieces,
            trial_days,
            "purged expired rows"
        );
        Ok(())
    })
}

fn check_alerts(
    state: &web::Data<AppState>,
) -> Option<impl Future<Output = Result<(), ApiError>> + 'static> {
    let (pool, mailer) = (state.pool.clone(), state.mailer.clone());
    Some(async move {
        let fired = crate::alerts::check_alerts(&pool, mailer, persistence::now()).await?;
        if fired > 0 {
            tracing::info!(fired, "alerts fired");
        }
        Ok(())
    })
}

fn renew_pieces(
    state: &web::Data<AppState>,
) -> Option<impl Future<Output = Result<(), ApiError>> + 'static> {
    let (pool, mailer, source) = (
        state.pool.clone(),
        state.mailer.clone(),
        state.pieces.clone(),
    );
    let policy = state.settings.renewals;
    Some(async move {
        let run =
            crate::pieces::renew_due(&pool, source, mailer, policy, persistence::now()).await?;
        if run != crate::pieces::RenewalRun::default() {
            tracing::info!(
                renewed = run.renewed,
                refused = run.refused,
                failed = run.failed,
                "pieces renewed"
            );
        }
        Ok(())
    })
}

fn send_webhooks(
    state: &web::Data<AppState>,
) -> Option<impl Future<Output = Result<(), ApiError>> + 'static> {
    let (pool, sender) = (state.pool.clone(), state.webhooks.clone());
    let key = state.settings.session_secret.clone();
    Some(async move {
        let calls = crate::alerts::send_webhooks(&pool, sender, &key, persistence::now()).await?;
        if calls > 0 {
            tracing::debug!(calls, "webhooks called");
        }
        Ok(())
    })
}

/// Deletes the usage records opened more than `retention_days` ago (in batches of
/// `USAGE_PURGE_BATCH`); returns how many went.
pub async fn purge_usage(pool: &DbPool, retention_days: u32) -> Result<usize, ApiError> {
    let before = persistence::now() - i64::from(retention_days) * 86_400;
    crate::blocking::with_conn(pool, move |conn| {
        Ok(persistence::connection_records::purge_before(
            conn,
            before,
            USAGE_PURGE_BATCH,
        )?)
    })
    .await
}

fn purge_usage_records(
    state: &web::Data<AppState>,
) -> Option<impl Future<Output = Result<(), ApiError>> + 'static> {
    let pool = state.pool.clone();
    let days = state.settings.usage_retention_days;
    Some(async move {
        let purged = purge_usage(&pool, days).await?;
        if purged > 0 {
            tracing::info!(purged, retention_days = days, "old usage records purged");
        }
        Ok(())
    })
}

fn poll_deliveries(
    state: &web::Data<AppState>,
) -> Option<impl Future<Output = Result<(), ApiError>> + 'static> {
    let source = state.pieces.clone()?;
    let pool = state.pool.clone();
    Some(async move {
        let orders = crate::pieces::poll_deliveries(&pool, source.as_ref()).await?;
        if orders > 0 {
            tracing::info!(orders, "piece orders delivered");
        }
        Ok(())
    })
}

fn sync_residential(
    state: &web::Data<AppState>,
) -> Option<impl Future<Output = Result<(), ApiError>> + 'static> {
    if state.residential.provider() == crate::traffic::LOCAL {
        return None;
    }
    let source = state.residential.clone();
    let pool = state.pool.clone();
    let topup_window = state.settings.auto_topup_window;
    Some(async move {
        let accounts = crate::traffic::sync_all(&pool, source.as_ref(), topup_window).await?;
        tracing::debug!(accounts, "residential accounts synced");
        Ok(())
    })
}

fn reconcile_payments(
    state: &web::Data<AppState>,
) -> Option<impl Future<Output = Result<(), ApiError>> + 'static> {
    let gateway = state.payments.clone()?;
    let pool = state.pool.clone();
    let terms = ReferralTerms {
        percent: state.settings.referral_percent,
        cap_cents: state.settings.referral_cap_cents,
    };
    Some(async move {
        let outcome = app::wallet::reconcile::run(&pool, gateway.as_ref(), terms).await?;
        tracing::info!(
            credited = outcome.credited,
            updated = outcome.recorded,
            expired = outcome.expired,
            pending = outcome.failed,
            "payments reconciled"
        );
        Ok(())
    })
}
