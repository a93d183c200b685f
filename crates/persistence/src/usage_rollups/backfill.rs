//! The one-time back-fill of the rollups from the records written before them. The migration
//! that made the rollups noted the newest record then (`upto`); the records up to it are summed
//! in batches by id, each batch added in the transaction that moves `done_through` past it, and
//! only if no other instance moved it meanwhile: whatever runs it, and however often, each
//! record is added once. Every newer record was added by the flush that wrote it.

use crate::connection::{DbConnection, write_transaction};
use crate::connection_records::{NewRecord, Record};
use crate::error::{DbError, DbResult};
use crate::schema::{connection_records as cr, usage_rollup_backfill as bf};
use diesel::prelude::*;

/// How far the back-fill is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The last record id it sums.
    pub upto: i64,
    /// The last record id summed.
    pub done_through: i64,
    /// When it finished (unix seconds).
    pub finished_at: Option<i64>,
}

impl Progress {
    pub fn finished(&self) -> bool {
        self.finished_at.is_some()
    }
}

pub fn progress(conn: &mut DbConnection) -> DbResult<Progress> {
    let (upto, done_through, finished_at) = bf::table
        .find(1_i64)
        .select((bf::upto, bf::done_through, bf::finished_at))
        .first::<(i64, i64, Option<i64>)>(conn)?;
    Ok(Progress {
        upto,
        done_through,
        finished_at,
    })
}

/// A batch's transaction: a database error, or another instance summed the batch first.
enum Step {
    Db(DbError),
    Raced,
}

impl From<diesel::result::Error> for Step {
    fn from(e: diesel::result::Error) -> Self {
        Step::Db(e.into())
    }
}

impl From<DbError> for Step {
    fn from(e: DbError) -> Self {
        Step::Db(e)
    }
}

/// Sums the next `batch` records (by id) into the rollups, in one write transaction; returns
/// the progress after it (finished once the last is summed; then this only reads).
pub fn backfill_batch(conn: &mut DbConnection, batch: i64, now: i64) -> DbResult<Progress> {
    let result = write_transaction(conn, |c| {
        let before = progress(c)?;
        if before.finished() {
            return Ok(before);
        }
        let rows: Vec<Record> = cr::table
            .filter(cr::id.gt(before.done_through))
            .filter(cr::id.le(before.upto))
            .order(cr::id.asc())
            .limit(batch.max(1))
            .select(Record::as_select())
            .load(c)?;
        let done_through = rows.last().map_or(before.upto, |r| r.id);
        let finished_at = (done_through >= before.upto).then_some(now);
        // The claim first: a second instance waits here for the first one's commit, then finds
        // the cursor moved and writes nothing.
        let claimed = diesel::update(bf::table.find(1_i64).filter(bf::done_through.eq(before.done_through)))
            .set((bf::done_through.eq(done_through), bf::finished_at.eq(finished_at)))
            .execute(c)?;
        if claimed == 0 {
            return Err(Step::Raced);
        }
        let records: Vec<NewRecord> = rows.into_iter().map(|r| r.row).collect();
        super::add(c, &records)?;
        Ok(Progress {
            upto: before.upto,
            done_through,
            finished_at,
        })
    });
    match result {
        Ok(p) => Ok(p),
        Err(Step::Raced) => progress(conn),
        Err(Step::Db(e)) => Err(e),
    }
}

/// Makes the back-fill start over, summing every record up to the newest (as after the upgrade
/// of a database holding records without rollups): for tests and the benchmark, whose records
/// were written without rollups.
#[cfg(feature = "testing")]
pub fn start_over(conn: &mut DbConnection) -> DbResult<()> {
    let newest: Option<i64> = cr::table.select(diesel::dsl::max(cr::id)).first(conn)?;
    diesel::update(bf::table.find(1_i64))
        .set((
            bf::upto.eq(newest.unwrap_or(0)),
            bf::done_through.eq(0_i64),
            bf::finished_at.eq(None::<i64>),
        ))
        .execute(conn)?;
    Ok(())
}
