//! The machinery every background job runs on (`crate::jobs` lists the jobs): one task per job
//! ticking at its period, a lease claimed in the database per period so that one instance of a
//! fleet runs it, the metrics of each run, and the stop signal that lets a run in progress finish.

use crate::error::AppError;
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

    pub(super) fn subscribe(&self) -> watch::Receiver<bool> {
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

impl Running {
    pub(super) fn new(stopper: Stopper, tasks: Vec<(&'static str, JoinHandle<()>)>) -> Self {
        Running { stopper, tasks }
    }

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
pub type JobRun = std::pin::Pin<Box<dyn Future<Output = Result<(), AppError>> + Send>>;

/// A ticker whose first tick comes `first` after start (not during start-up's own writes), then
/// one each period.
fn every(first: Duration, period: Duration) -> tokio::time::Interval {
    let start = tokio::time::Instant::now() + first;
    tokio::time::interval_at(start, period)
}

/// Ticks `job` until `stop` turns true; each tick runs what `work` gives, if anything.
pub(super) async fn periodic(
    pool: DbPool,
    job: Job,
    first: Duration,
    holder: Arc<str>,
    mut stop: watch::Receiver<bool>,
    work: impl Fn() -> Option<JobRun>,
) {
    let mut tick = every(first, job.every);
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
        // An hourly job whose first tick comes 20 ms after start: it runs at once.
        let job = test_job(Duration::from_secs(3600));
        let task = periodic(
            db.pool.clone(),
            job,
            Duration::from_millis(20),
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
            job.every,
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
