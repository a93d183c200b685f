//! Work done in the background while the API serves: purging expired sessions, codes and
//! per-address trial counts and giving the stock of expired pieces back (every 10 minutes);
//! with a piece provider, collecting the proxies of placed orders (every 15 seconds); with a
//! residential provider, moving bought or expired traffic and reading usage back (every minute);
//! with a payment gateway, reconciling payments left pending (every 15 minutes by default,
//! `PROXYSHOP_RECONCILE_INTERVAL_SECS`); purging the gateway's usage records older than
//! `PROXYSHOP_USAGE_RETENTION_DAYS` (every hour, in bounded batches); comparing every
//! customer's alert thresholds with their figures (every minute, `crate::alerts::check_alerts`);
//! renewing the pieces with auto-renew that are due (every minute, `crate::pieces::renew_due`);
//! calling customers' webhooks (every 15 seconds; each call is also claimed on its own, see
//! `crate::alerts::send_webhooks`).
//!
//! Every instance ticks every job, but each period's run happens once across all instances
//! sharing the database: a tick first claims the job's lease for its period
//! (`persistence::job_runs`), and only the winner runs it. A holder that dies mid-run loses the
//! lease when it runs out, and another instance runs that period again (docs/operations.md).
//!
//! Each job is a task of its own on the tokio runtime ([`spawn`]). At shutdown
//! ([`Running::stop`]) a job waiting for its next tick returns at once, and one in the middle of
//! a run finishes that run (its transactions are never cut) and then returns.

use crate::error::AppError;
use crate::state::Services;
use persistence::DbPool;
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;
use tokio::task::JoinHandle;

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

/// Tells the jobs to stop; clones share the one signal.
#[derive(Clone)]
pub struct Stopper(Arc<watch::Sender<bool>>);

impl Stopper {
    pub fn new() -> Self {
        Stopper(Arc::new(watch::channel(false).0))
    }

    /// Asks every job to stop after the run in progress; idempotent.
    pub fn stop(&self) {
        self.0.send_replace(true);
    }

    fn subscribe(&self) -> watch::Receiver<bool> {
        self.0.subscribe()
    }
}

impl Default for Stopper {
    fn default() -> Self {
        Stopper::new()
    }
}

/// The running jobs, one task each.
pub struct Running {
    stopper: Stopper,
    tasks: Vec<(&'static str, JoinHandle<()>)>,
}

/// Starts every job as its own task on the current tokio runtime; they stop when `stopper` is
/// told to (or through [`Running::stop`]).
pub fn spawn(services: Arc<Services>, stopper: Stopper) -> Running {
    let holder: Arc<str> = holder_id().into();
    let mut tasks = Vec::new();
    let mut start = |job: Job, work: fn(&Services) -> Option<JobRun>| {
        // A job with nothing to work on (no provider configured) never ticks.
        if work(&services).is_none() {
            return;
        }
        let services = services.clone();
        let task = periodic(
            services.pool.clone(),
            job,
            holder.clone(),
            stopper.subscribe(),
            move || work(&services),
        );
        tasks.push((job.name, tokio::spawn(task)));
    };
    start(PURGE, purge_expired);
    start(DELIVERIES, poll_deliveries);
    start(RESIDENTIAL_SYNC, sync_residential);
    start(USAGE_PURGE, purge_usage_records);
    start(ALERTS, check_alerts);
    start(RENEWALS, renew_pieces);
    start(WEBHOOKS, send_webhooks);
    if let Some(every) = services.settings.reconcile_every {
        start(reconcile(every), reconcile_payments);
    }
    Running { stopper, tasks }
}

impl Running {
    /// Tells every job to stop and waits for them: each finishes the run in progress, if any.
    /// A job still running after `within` is left to the runtime's shutdown (its database work
    /// runs to its end on the blocking pool regardless).
    pub async fn stop(self, within: Duration) {
        self.stopper.stop();
        let deadline = tokio::time::Instant::now() + within;
        for (name, task) in self.tasks {
            match tokio::time::timeout_at(deadline, task).await {
                Ok(Ok(())) => {}
                Ok(Err(err)) => tracing::warn!(job = name, %err, "background job ended abnormally"),
                Err(_) => tracing::warn!(job = name, "background job still running at shutdown"),
            }
        }
    }
}

/// Who holds a lease: this process, told apart from every other instance.
pub fn holder_id() -> String {
    format!("{}-{:016x}", std::process::id(), rand::random::<u64>())
}

/// One run of a job, ready to go.
type JobRun = std::pin::Pin<Box<dyn Future<Output = Result<(), AppError>> + Send>>;

/// A ticker whose first tick comes one period after start, not during start-up's own writes.
fn every(period: Duration) -> tokio::time::Interval {
    let start = tokio::time::Instant::now() + period;
    tokio::time::interval_at(start, period)
}

/// Ticks `job` until `stop` turns true; each tick runs what `work` gives, if anything.
async fn periodic(
    pool: DbPool,
    job: Job,
    holder: Arc<str>,
    mut stop: watch::Receiver<bool>,
    work: impl Fn() -> Option<JobRun>,
) {
    let mut tick = every(job.every);
    loop {
        tokio::select! {
            biased;
            _ = stop.wait_for(|stopped| *stopped) => return,
            _ = tick.tick() => {}
        }
        // A run, once begun, is not raced against the stop signal: it ends by itself.
        if let Some(run) = work() {
            tick_once(&pool, job, &holder, run).await;
        }
    }
}

/// One tick of `job` on this instance: claims the current period and runs `run` when this
/// instance won it; records the outcome in the metrics.
pub async fn tick_once(
    pool: &DbPool,
    job: Job,
    holder: &str,
    run: impl Future<Output = Result<(), AppError>>,
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

fn purge_expired(services: &Services) -> Option<JobRun> {
    let pool = services.pool.clone();
    let grace = services.settings.renewals.grace_secs;
    Some(Box::pin(async move {
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
                            now - crate::accounts::KNOWN_NETWORK_SECS,
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
    }))
}

fn check_alerts(services: &Services) -> Option<JobRun> {
    let (pool, mailer) = (services.pool.clone(), services.mailer.clone());
    Some(Box::pin(async move {
        let fired = crate::alerts::check_alerts(&pool, mailer, persistence::now()).await?;
        if fired > 0 {
            tracing::info!(fired, "alerts fired");
        }
        Ok(())
    }))
}

fn renew_pieces(services: &Services) -> Option<JobRun> {
    let (pool, mailer, source) = (
        services.pool.clone(),
        services.mailer.clone(),
        services.pieces.clone(),
    );
    let policy = services.settings.renewals;
    Some(Box::pin(async move {
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
    }))
}

fn send_webhooks(services: &Services) -> Option<JobRun> {
    let (pool, sender) = (services.pool.clone(), services.webhooks.clone());
    let key = services.settings.webhook_key.clone();
    Some(Box::pin(async move {
        let calls = crate::alerts::send_webhooks(&pool, sender, &key, persistence::now()).await?;
        if calls > 0 {
            tracing::debug!(calls, "webhooks called");
        }
        Ok(())
    }))
}

/// Deletes the usage records opened more than `retention_days` ago (in batches of
/// `USAGE_PURGE_BATCH`); returns how many went.
pub async fn purge_usage(pool: &DbPool, retention_days: u32) -> Result<usize, AppError> {
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

fn purge_usage_records(services: &Services) -> Option<JobRun> {
    let pool = services.pool.clone();
    let days = services.settings.usage_retention_days;
    Some(Box::pin(async move {
        let purged = purge_usage(&pool, days).await?;
        if purged > 0 {
            tracing::info!(purged, retention_days = days, "old usage records purged");
        }
        Ok(())
    }))
}

fn poll_deliveries(services: &Services) -> Option<JobRun> {
    let source = services.pieces.clone()?;
    let pool = services.pool.clone();
    Some(Box::pin(async move {
        let orders = crate::pieces::poll_deliveries(&pool, source.as_ref()).await?;
        if orders > 0 {
            tracing::info!(orders, "piece orders delivered");
        }
        Ok(())
    }))
}

fn sync_residential(services: &Services) -> Option<JobRun> {
    if services.residential.provider() == crate::traffic::LOCAL {
        return None;
    }
    let source = services.residential.clone();
    let pool = services.pool.clone();
    let topup_window = services.settings.auto_topup_window;
    Some(Box::pin(async move {
        let accounts = crate::traffic::sync_all(&pool, source.as_ref(), topup_window).await?;
        tracing::debug!(accounts, "residential accounts synced");
        Ok(())
    }))
}

fn reconcile_payments(services: &Services) -> Option<JobRun> {
    let gateway = services.payments.clone()?;
    let pool = services.pool.clone();
    let terms = services.settings.referral;
    Some(Box::pin(async move {
        let outcome = crate::wallet::reconcile::run(&pool, gateway.as_ref(), terms).await?;
        tracing::info!(
            credited = outcome.credited,
            updated = outcome.recorded,
            expired = outcome.expired,
            pending = outcome.failed,
            "payments reconciled"
        );
        Ok(())
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn test_job(every: Duration) -> Job {
        Job {
            name: "jobs_unit_test",
            every,
            lease: Duration::from_secs(60),
        }
    }

    /// A job's runs: each counts its start and, 300 ms later, its end.
    fn counted(started: Arc<AtomicUsize>, ended: Arc<AtomicUsize>) -> impl Fn() -> Option<JobRun> {
        move || {
            let (started, ended) = (started.clone(), ended.clone());
            Some(Box::pin(async move {
                started.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(300)).await;
                ended.fetch_add(1, Ordering::SeqCst);
                Ok(())
            }))
        }
    }

    #[tokio::test]
    async fn a_stop_lets_the_run_in_progress_finish_then_ends_the_job() {
        let db = persistence::testing::TestDatabase::new(persistence::Backend::Sqlite).unwrap();
        let (started, ended): (Arc<AtomicUsize>, Arc<AtomicUsize>) = Default::default();
        let stopper = Stopper::new();
        let job = test_job(Duration::from_millis(20));
        let task = periodic(
            db.pool.clone(),
            job,
            "instance-a".into(),
            stopper.subscribe(),
            counted(started.clone(), ended.clone()),
        );
        let running = Running {
            stopper: stopper.clone(),
            tasks: vec![(job.name, tokio::spawn(task))],
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        while started.load(Ordering::SeqCst) == 0 {
            assert!(Instant::now() < deadline, "the job never ran");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }

        running.stop(Duration::from_secs(30)).await;

        assert_eq!(started.load(Ordering::SeqCst), 1);
        assert_eq!(ended.load(Ordering::SeqCst), 1, "the run was not cut");
    }

    #[tokio::test]
    async fn a_job_waiting_for_its_tick_ends_at_once() {
        let db = persistence::testing::TestDatabase::new(persistence::Backend::Sqlite).unwrap();
        let (started, ended): (Arc<AtomicUsize>, Arc<AtomicUsize>) = Default::default();
        let stopper = Stopper::new();
        let job = test_job(Duration::from_secs(3600));
        let task = tokio::spawn(periodic(
            db.pool.clone(),
            job,
            "instance-a".into(),
            stopper.subscribe(),
            counted(started.clone(), ended.clone()),
        ));

        stopper.stop();

        tokio::time::timeout(Duration::from_secs(5), task)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(started.load(Ordering::SeqCst), 0);
    }
}
