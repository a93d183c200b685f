//! Job leases on both backends: instances claiming the same job at the same instant (threads
//! released by one barrier, each on its own connection) win once per period between them; a
//! finished period is not run again; a dead holder's lease is taken over once it runs out, and
//! not before.

use persistence::both_backends;
use persistence::job_runs::{self, JobRun};
use persistence::testing::concurrently;
use std::sync::{Arc, Mutex};

const JOB: &str = "purge";
const LEASE: i64 = 600;

both_backends! {
    fn one_claimer_wins_each_period(db) {
        let won: Arc<Mutex<Vec<(i64, usize)>>> = Arc::default();
        let periods = 1..=12_i64;
        for period in periods.clone() {
            let won = won.clone();
            // Each period starts after the last finished: "now" moves on with the period.
            let now = period * 1_000;
            concurrently(db, 4, move |conn, i| {
                let holder = format!("instance-{i}");
                if job_runs::claim(conn, JOB, period, &holder, now, LEASE).unwrap() {
                    won.lock().unwrap().push((period, i));
                    assert!(job_runs::finish(conn, JOB, period, &holder, now + 1).unwrap());
                }
            });
        }
        let won = won.lock().unwrap().clone();
        for period in periods {
            let winners: Vec<_> = won.iter().filter(|(p, _)| *p == period).collect();
            assert_eq!(winners.len(), 1, "period {period}: {won:?}");
        }
        let mut conn = db.pool.get().unwrap();
        let last = job_runs::find(&mut conn, JOB).unwrap().unwrap();
        assert_eq!(last.runs, 12);
        assert_eq!(last.period, 12);
        assert_eq!(last.finished_at, Some(12_001));
    }

    fn a_finished_period_does_not_run_again(db) {
        let mut conn = db.pool.get().unwrap();
        assert!(job_runs::claim(&mut conn, JOB, 7, "a", 100, LEASE).unwrap());
        assert!(job_runs::finish(&mut conn, JOB, 7, "a", 110).unwrap());
        // Another instance whose tick falls in the same period, long after: nothing to do.
        assert!(!job_runs::claim(&mut conn, JOB, 7, "b", 5_000, LEASE).unwrap());
        // Nor an instance whose clock is a period behind.
        assert!(!job_runs::claim(&mut conn, JOB, 6, "b", 5_000, LEASE).unwrap());
        // The next period is free at once.
        assert!(job_runs::claim(&mut conn, JOB, 8, "b", 120, LEASE).unwrap());
        let run = job_runs::find(&mut conn, JOB).unwrap().unwrap();
        assert_eq!(
            run,
            JobRun {
                job: JOB.into(),
                period: 8,
                holder: "b".into(),
                lease_until: 120 + LEASE,
                started_at: 120,
                finished_at: None,
                runs: 2,
            }
        );
        // Other jobs have leases of their own.
        assert!(job_runs::claim(&mut conn, "deliveries", 8, "a", 120, LEASE).unwrap());
    }

    fn a_dead_holders_lease_is_taken_over_when_it_runs_out(db) {
        let mut conn = db.pool.get().unwrap();
        assert!(job_runs::claim(&mut conn, JOB, 3, "dead", 1_000, LEASE).unwrap());
        // "dead" never finishes. While its lease lives nobody else runs the job, in this period
        // or the next.
        assert!(!job_runs::claim(&mut conn, JOB, 3, "b", 1_000 + LEASE - 1, LEASE).unwrap());
        assert!(!job_runs::claim(&mut conn, JOB, 4, "b", 1_000 + LEASE - 1, LEASE).unwrap());
        // Once it has run out, the unfinished period is run again by one of the survivors.
        let won: Arc<Mutex<Vec<usize>>> = Arc::default();
        let seen = won.clone();
        concurrently(db, 3, move |c, i| {
            if job_runs::claim(c, JOB, 3, &format!("survivor-{i}"), 1_000 + LEASE, LEASE).unwrap() {
                seen.lock().unwrap().push(i);
            }
        });
        let won = won.lock().unwrap().clone();
        assert_eq!(won.len(), 1, "{won:?}");
        let holder = format!("survivor-{}", won[0]);
        // The dead holder, come back, cannot mark the run it lost as done.
        assert!(!job_runs::finish(&mut conn, JOB, 3, "dead", 1_000 + LEASE + 5).unwrap());
        assert!(job_runs::finish(&mut conn, JOB, 3, &holder, 1_000 + LEASE + 5).unwrap());
        let run = job_runs::find(&mut conn, JOB).unwrap().unwrap();
        assert_eq!((run.holder, run.runs), (holder, 2));
    }
}
