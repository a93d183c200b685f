//! Usage records as CSV or JSON: the text both exports write (`RecordText`), and the export
//! prepared in the background for a window too large to stream while the customer waits. A
//! customer asks for one (`request`); the `usage_exports` job (`crate::jobs`) writes the
//! waiting ones (`write_waiting`), one at a time per instance, in parts of one gzip stream kept
//! in the database (`persistence::usage_exports`: one writer per export across a fleet, one
//! export in the making per customer, `KEPT` at most); the customer downloads the file from any
//! instance (`Download`) until it expires a day after it was ready.
//!
//! The work is bounded: the records are read in keyset pages (`persistence::record_pages`), so
//! a part costs the same at any depth; formatting and compressing run on one idle-priority
//! thread (`crate::cpu_pool`), so an export only takes a core nothing else wants.

use crate::blocking::with_conn;
use crate::cpu_pool::CpuPool;
use crate::error::AppError;
use domain::UserId;
use domain::usage::ExportFormat;
use flate2::Compression;
use flate2::write::GzEncoder;
use persistence::DbPool;
use persistence::connection_records::{Cursor, RecordFilter};
use persistence::usage_exports::{self as store, Claim, ExportRow, Refused};
use std::io::Write;
use std::sync::OnceLock;

mod download;
mod format;

pub use download::Download;
pub use format::{HEADER, RecordText};
pub use store::{KEEP_SECS, KEPT};

/// Refusals of a request for an export.
pub const UNFINISHED: &str = "an export is being prepared already: wait until it is ready";
pub const TOO_MANY: &str = "at most 5 exports are kept: delete one first";

/// How an export is cut: records per query (`page`) and per stored part (`records`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parts {
    pub page: i64,
    pub records: usize,
}

/// The cut the job uses: pages of 5,000 records, parts of 20,000 (about 2 MB of CSV before
/// compression, 0.2 to 0.5 MB stored).
pub const PARTS: Parts = Parts {
    page: 5_000,
    records: 20_000,
};
/// How long a writer's claim lasts without a new part: another instance takes the export over
/// after that.
const CLAIM_SECS: i64 = 120;

/// Asks for an export of the records `filter` matches in `[from, to)` (the window already
/// checked by the caller) as `format`. A 409 while one is being prepared or `KEPT` are kept.
pub async fn request(
    pool: &DbPool,
    filter: RecordFilter,
    window: (i64, i64),
    format: ExportFormat,
) -> Result<ExportRow, AppError> {
    let made = with_conn(pool, move |conn| {
        Ok(store::create(
            conn,
            &filter,
            window,
            format,
            persistence::now(),
        )?)
    })
    .await?;
    made.map_err(|refused| {
        AppError::Conflict(match refused {
            Refused::Unfinished => UNFINISHED,
            Refused::TooMany => TOO_MANY,
        })
    })
}

/// The customer's exports, newest first.
pub async fn list(pool: &DbPool, user: UserId) -> Result<Vec<ExportRow>, AppError> {
    with_conn(pool, move |conn| Ok(store::list(conn, user)?)).await
}

/// The customer's export `id`: 404 for none (or another customer's).
pub async fn find(pool: &DbPool, user: UserId, id: i64) -> Result<ExportRow, AppError> {
    with_conn(pool, move |conn| Ok(store::find(conn, user, id)?))
        .await?
        .ok_or(AppError::NotFoundWith("no such export"))
}

/// Deletes the customer's export `id` with its file (one in the making stops).
pub async fn delete(pool: &DbPool, user: UserId, id: i64) -> Result<(), AppError> {
    let deleted = with_conn(pool, move |conn| Ok(store::delete(conn, user, id)?)).await?;
    if deleted {
        Ok(())
    } else {
        Err(AppError::NotFoundWith("no such export"))
    }
}

/// Deletes the exports that expired, with their files; returns how many.
pub async fn purge_expired(pool: &DbPool) -> Result<usize, AppError> {
    with_conn(pool, |conn| {
        Ok(store::purge_expired(conn, persistence::now(), 100)?)
    })
    .await
}

/// The thread that formats and compresses: one, at the idle priority, with a few parts queued
/// (one writer per instance runs at a time; a second is `proxyshop jobs run` or a test).
fn compressor() -> &'static CpuPool {
    static POOL: OnceLock<CpuPool> = OnceLock::new();
    POOL.get_or_init(|| CpuPool::start("usage-export", 1, 4))
}

/// Runs `f` on the compressing thread.
async fn compress<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, AppError> {
    let refused = || AppError::Internal("the export's compressing thread is busy or gone".into());
    compressor()
        .submit(f)
        .map_err(|_| refused())?
        .await
        .map_err(|_| refused())
}

/// What `write_waiting` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Written {
    /// Exports made ready.
    pub ready: usize,
    /// Exports that failed (the customer sees so and may ask again).
    pub failed: usize,
    /// Exports whose claim was lost midway (taken over, or deleted by the customer).
    pub lost: usize,
}

/// Writes every export waiting for a writer, one after the other, until none waits or `stop`
/// says so. An export cut short by `stop` is handed back (pending again) for any instance to
/// write from its start.
pub async fn write_waiting(
    pool: &DbPool,
    stop: impl Fn() -> bool,
    parts: Parts,
) -> Result<Written, AppError> {
    let mut written = Written::default();
    while !stop() {
        let claimed = with_conn(pool, |conn| {
            let now = persistence::now();
            Ok(store::claim_next(conn, now, now + CLAIM_SECS)?)
        })
        .await?;
        let Some((row, claim)) = claimed else {
            break;
        };
        match write_one(pool, &row, claim.clone(), &stop, parts).await {
            Ok(Wrote::Ready) => written.ready += 1,
            Ok(Wrote::Lost) => written.lost += 1,
            Ok(Wrote::Stopped(claim)) => {
                with_conn(pool, move |conn| Ok(store::release(conn, &claim)?)).await?;
                break;
            }
            Err(error) => {
                tracing::warn!(%error, export = row.id, "a usage export failed");
                let failed = with_conn(pool, move |conn| {
                    Ok(store::fail(conn, &claim, persistence::now())?)
                })
                .await?;
                if failed {
                    written.failed += 1;
                }
            }
        }
    }
    Ok(written)
}

/// How writing one export ended.
enum Wrote {
    Ready,
    /// The claim was lost on the way.
    Lost,
    /// `stop` said so between two parts; the claim is still held.
    Stopped(Claim),
}

/// Writes the export `row` under `claim` in its format: the head, then the records newest first
/// in keyset pages, then the tail, compressed into `parts`.
async fn write_one(
    pool: &DbPool,
    row: &ExportRow,
    mut claim: Claim,
    stop: &impl Fn() -> bool,
    parts: Parts,
) -> Result<Wrote, AppError> {
    let filter = row.filter();
    let mut text = RecordText::new(row.format);
    let mut encoder = GzEncoder::new(Vec::new(), Compression::fast());
    encoder
        .write_all(text.head().as_bytes())
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let (mut csv_bytes, mut records) = (text.head().len() as i64, 0_i64);
    let mut after: Option<Cursor> = None;
    loop {
        let mut part_records = 0;
        let mut last_page = false;
        while part_records < parts.records {
            let filter = filter.clone();
            let page = with_conn(pool, move |conn| {
                Ok(persistence::record_pages::after(
                    conn, &filter, after, parts.page,
                )?)
            })
            .await?;
            last_page = (page.len() as i64) < parts.page;
            after = page.last().map(|r| (r.row.started_at, r.id)).or(after);
            part_records += page.len();
            let (enc, writer, text_len) = compress(move || {
                let mut written = text.page(&page);
                if last_page {
                    written.push_str(text.tail());
                }
                encoder
                    .write_all(written.as_bytes())
                    .map(|()| (encoder, text, written.len()))
            })
            .await?
            .map_err(|e| AppError::Internal(e.to_string()))?;
            (encoder, text) = (enc, writer);
            csv_bytes += text_len as i64;
            if last_page {
                break;
            }
        }
        records += part_records as i64;
        let data = if last_page {
            let finished = compress(move || encoder.finish()).await?;
            let data = finished.map_err(|e| AppError::Internal(e.to_string()))?;
            encoder = GzEncoder::new(Vec::new(), Compression::fast());
            data
        } else {
            std::mem::take(encoder.get_mut())
        };
        let (part_csv, part_count) = (csv_bytes, part_records as i64);
        csv_bytes = 0;
        let (kept, renewed) = with_conn(pool, move |conn| {
            let now = persistence::now();
            let kept = store::add_part(
                conn,
                &mut claim,
                &data,
                part_count,
                part_csv,
                now + CLAIM_SECS,
            )?;
            let finished = kept && last_page && store::finish(conn, &claim, now)?;
            Ok(((kept, finished), claim))
        })
        .await?;
        claim = renewed;
        let (kept, finished) = kept;
        if !kept || (last_page && !finished) {
            return Ok(Wrote::Lost);
        }
        if last_page {
            tracing::info!(export = row.id, records, "usage export ready");
            return Ok(Wrote::Ready);
        }
        if stop() {
            return Ok(Wrote::Stopped(claim));
        }
    }
}
