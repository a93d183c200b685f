//! Leases on background jobs, so that with several instances on one database each period's run
//! happens once. A job's period is `now / period_secs`; claiming it is one conditional UPDATE
//! (or the first INSERT), so two instances asking at once cannot both win. A holder that dies
//! mid-run leaves a lease that runs out at `lease_until`, after which another instance takes the
//! job over, for the same period if it never finished.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::job_runs;
use crate::upsert::update_or_insert;
use diesel::prelude::*;

/// The last claim of a job.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct JobRun {
    pub job: String,
    pub period: i64,
    pub holder: String,
    pub lease_until: i64,
    pub started_at: i64,
    /// `None` while the holder runs it (or died running it).
    pub finished_at: Option<i64>,
    /// Claims won so far, on every instance together.
    pub runs: i64,
}

/// Claims `job` for `period` as `holder` until `now + lease_secs`. True when this caller won:
/// the job has no row yet, or its lease has run out and the period is a later one or the last
/// run never finished. False when another holder's lease is live or `period` already ran.
pub fn claim(
    conn: &mut DbConnection,
    job: &str,
    period: i64,
    holder: &str,
    now: i64,
    lease_secs: i64,
) -> DbResult<bool> {
    let lease_until = now + lease_secs.max(1);
    let written = update_or_insert(
        conn,
        |c| {
            diesel::update(
                job_runs::table
                    .find(job)
                    .filter(job_runs::lease_until.le(now))
                    .filter(
                        job_runs::period
                            .lt(period)
                            .or(job_runs::finished_at.is_null()),
                    ),
            )
            .set((
                job_runs::period.eq(period),
                job_runs::holder.eq(holder),
                job_runs::lease_until.eq(lease_until),
                job_runs::started_at.eq(now),
                job_runs::finished_at.eq(None::<i64>),
                job_runs::runs.eq(job_runs::runs + 1),
            ))
            .execute(c)
        },
        |c| {
            diesel::insert_into(job_runs::table)
                .values((
                    job_runs::job.eq(job),
                    job_runs::period.eq(period),
                    job_runs::holder.eq(holder),
                    job_runs::lease_until.eq(lease_until),
                    job_runs::started_at.eq(now),
                    job_runs::finished_at.eq(None::<i64>),
                    job_runs::runs.eq(1_i64),
                ))
                .execute(c)
        },
    )?;
    Ok(written > 0)
}

/// Marks the holder's run of `period` done and frees the lease (the next period may start at
/// once). False when the lease was taken over meanwhile (the run outlived it).
pub fn finish(
    conn: &mut DbConnection,
    job: &str,
    period: i64,
    holder: &str,
    now: i64,
) -> DbResult<bool> {
    let written = diesel::update(
        job_runs::table
            .find(job)
            .filter(job_runs::period.eq(period))
            .filter(job_runs::holder.eq(holder))
            .filter(job_runs::finished_at.is_null()),
    )
    .set((
        job_runs::finished_at.eq(Some(now)),
        job_runs::lease_until.eq(now),
    ))
    .execute(conn)?;
    Ok(written > 0)
}

/// The last claim of `job`, if it ever ran.
pub fn find(conn: &mut DbConnection, job: &str) -> DbResult<Option<JobRun>> {
    Ok(job_runs::table
        .find(job)
        .select((
            job_runs::job,
            job_runs::period,
            job_runs::holder,
            job_runs::lease_until,
            job_runs::started_at,
            job_runs::finished_at,
            job_runs::runs,
        ))
        .first(conn)
        .optional()?)
}
