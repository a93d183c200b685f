//! Usage exports prepared in the background: a customer's request (`create`), the job that
//! writes the file in parts (`claim_next`, `add_part`, `finish`, `fail`), the download
//! (`part`) and the expiry (`purge_expired`). The file is kept here, in parts of one gzip
//! stream, so that whichever instance takes the download has it.
//!
//! What holds across a fleet is decided here: one export in the making per customer (the unique
//! partial index `usage_exports_one_unfinished`), at most `KEPT` per customer, and one writer per
//! export: a writer claims the export until `claimed_until` and writes a part only while that
//! claim is still the row's, moving it on with each part (a later claim is always later, so a
//! claim names its writer). A writer that stopped
//! renewing loses the export when the claim runs out; the next claim starts it over from its
//! first part (the gzip stream's state lived in that writer's memory).

use crate::connection::DbConnection;
use crate::connection_records::RecordFilter;
use crate::error::{DbError, DbResult};
use crate::schema::{usage_export_parts as parts, usage_exports as ue};
use diesel::prelude::*;
use domain::usage::{CredentialKind, ExportFormat, Outcome};
use domain::{ProxyKind, UserId};

pub const PENDING: &str = "pending";
pub const RUNNING: &str = "running";
pub const READY: &str = "ready";
pub const FAILED: &str = "failed";

/// Exports a customer keeps at most, whatever their state (each expires `KEEP_SECS` after it
/// finished).
pub const KEPT: i64 = 5;
/// How long a finished export stays downloadable.
pub const KEEP_SECS: i64 = 86_400;

/// One export as its customer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = ue)]
pub struct ExportRow {
    pub id: i64,
    pub user_id: UserId,
    pub kind: Option<ProxyKind>,
    pub window_from: i64,
    pub window_to: i64,
    pub host: Option<String>,
    pub outcome: Option<Outcome>,
    /// `kind:label`, as the usage filters take it.
    pub credential: Option<String>,
    pub status: String,
    pub claimed_until: Option<i64>,
    pub records: i64,
    pub csv_bytes: i64,
    pub parts: i32,
    pub created_at: i64,
    pub finished_at: Option<i64>,
    pub expires_at: i64,
    /// csv or json.
    pub format: ExportFormat,
}

impl ExportRow {
    /// The records the export covers.
    pub fn filter(&self) -> RecordFilter {
        RecordFilter {
            user_id: self.user_id,
            kind: self.kind,
            from: Some(self.window_from),
            to: Some(self.window_to),
            host: self.host.clone(),
            outcome: self.outcome,
            credential: self.credential.as_deref().and_then(|c| {
                let (kind, label) = c.split_once(':')?;
                Some((CredentialKind::parse(kind)?, label.to_owned()))
            }),
            // Exports are the account owner's alone (a sub-user's sign-in may not ask for one).
            since: None,
        }
    }
}

/// Why a request for an export was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The customer has an export in the making.
    Unfinished,
    /// The customer keeps `KEPT` exports already.
    TooMany,
}

/// Asks for an export of the records `filter` covers within `[from, to)` (its own `from` and
/// `to` are not read).
/// Refused while the customer has one in the making or keeps `KEPT`; two requests at once on
/// two instances make one export, as the unique index decides (the insert runs in a savepoint,
/// so the caller's transaction stays usable).
pub fn create(
    conn: &mut DbConnection,
    filter: &RecordFilter,
    (from, to): (i64, i64),
    format: ExportFormat,
    now: i64,
) -> DbResult<Result<ExportRow, Refused>> {
    let mine = || ue::table.filter(ue::user_id.eq(filter.user_id));
    let unfinished: i64 = mine()
        .filter(ue::status.eq_any([PENDING, RUNNING]))
        .count()
        .get_result(conn)?;
    if unfinished > 0 {
        return Ok(Err(Refused::Unfinished));
    }
    let kept: i64 = mine().count().get_result(conn)?;
    if kept >= KEPT {
        return Ok(Err(Refused::TooMany));
    }
    let credential = (filter.credential.as_ref()).map(|(kind, label)| format!("{kind}:{label}"));
    let inserted = conn.transaction(|conn| {
        diesel::insert_into(ue::table)
            .values((
                ue::user_id.eq(filter.user_id),
                ue::kind.eq(filter.kind),
                ue::window_from.eq(from),
                ue::window_to.eq(to),
                ue::host.eq(filter.host.as_deref()),
                ue::outcome.eq(filter.outcome),
                ue::credential.eq(credential),
                ue::status.eq(PENDING),
                ue::created_at.eq(now),
                ue::expires_at.eq(now + KEEP_SECS),
                ue::format.eq(format),
            ))
            .returning(ue::id)
            .get_result::<i64>(conn)
            .map_err(DbError::from)
    });
    match inserted {
        Ok(id) => Ok(find(conn, filter.user_id, id)?.ok_or(Refused::Unfinished)),
        Err(DbError::UniqueViolation(_)) => Ok(Err(Refused::Unfinished)),
        Err(e) => Err(e),
    }
}

/// The customer's exports, newest first.
pub fn list(conn: &mut DbConnection, user_id: UserId) -> DbResult<Vec<ExportRow>> {
    Ok(ue::table
        .filter(ue::user_id.eq(user_id))
        .order(ue::id.desc())
        .select(ExportRow::as_select())
        .load(conn)?)
}

/// The export `id` if it is the customer's.
pub fn find(conn: &mut DbConnection, user_id: UserId, id: i64) -> DbResult<Option<ExportRow>> {
    Ok(ue::table
        .find(id)
        .filter(ue::user_id.eq(user_id))
        .select(ExportRow::as_select())
        .first(conn)
        .optional()?)
}

/// Deletes the customer's export `id` and its file; false when there was none. A writer still
/// at work finds it gone at its next part and stops.
pub fn delete(conn: &mut DbConnection, user_id: UserId, id: i64) -> DbResult<bool> {
    crate::write_transaction(conn, |conn| {
        let Some(row) = find(conn, user_id, id)? else {
            return Ok(false);
        };
        diesel::delete(parts::table.filter(parts::export_id.eq(row.id))).execute(conn)?;
        Ok(diesel::delete(ue::table.find(row.id)).execute(conn)? == 1)
    })
}

/// Claims the oldest export waiting for a writer (pending, or running under a claim that ran
/// out) until `until`, and starts it over: its parts so far are deleted. None when
/// no export waits. One conditional update decides between writers on several instances.
pub fn claim_next(
    conn: &mut DbConnection,
    now: i64,
    until: i64,
) -> DbResult<Option<(ExportRow, Claim)>> {
    loop {
        let waiting: Option<ExportRow> = ue::table
            .filter(
                ue::status
                    .eq(PENDING)
                    .or(ue::status.eq(RUNNING).and(ue::claimed_until.lt(now))),
            )
            .order(ue::id.asc())
            .select(ExportRow::as_select())
            .first(conn)
            .optional()?;
        let Some(row) = waiting else {
            return Ok(None);
        };
        let claimed = crate::write_transaction(conn, |conn| {
            let won = diesel::update(
                ue::table
                    .find(row.id)
                    .filter(ue::status.eq(&row.status))
                    // A pending export has no claim; a running one is taken over only from
                    // the claim that was read.
                    .filter(
                        ue::status
                            .eq(PENDING)
                            .or(ue::claimed_until.eq(row.claimed_until.unwrap_or_default())),
                    ),
            )
            .set((
                ue::status.eq(RUNNING),
                ue::claimed_until.eq(until),
                ue::records.eq(0),
                ue::csv_bytes.eq(0),
                ue::parts.eq(0),
            ))
            .execute(conn)?
                == 1;
            if won {
                diesel::delete(parts::table.filter(parts::export_id.eq(row.id))).execute(conn)?;
            }
            Ok::<_, DbError>(won)
        })?;
        if claimed {
            let claim = Claim {
                export_id: row.id,
                until,
            };
            return Ok(find(conn, row.user_id, row.id)?.map(|row| (row, claim)));
        }
        // Another writer took it between the read and the update: look again.
    }
}

/// A writer's claim on an export, as `claim_next` made it and each part renews it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub export_id: i64,
    pub until: i64,
}

/// Only while `claim` still holds the export: the row, filtered so.
macro_rules! held {
    ($claim:expr) => {
        ue::table
            .find($claim.export_id)
            .filter(ue::status.eq(RUNNING))
            .filter(ue::claimed_until.eq($claim.until))
    };
}

/// Adds the next part of the file (`data`: the gzip bytes of `records` records, `csv_bytes`
/// of CSV) and renews the claim until `until`; false, and nothing written, when the claim was
/// lost (it ran out and another writer took the export, or the customer deleted it).
pub fn add_part(
    conn: &mut DbConnection,
    claim: &mut Claim,
    data: &[u8],
    records: i64,
    csv_bytes: i64,
    until: i64,
) -> DbResult<bool> {
    crate::write_transaction(conn, |conn| {
        let Some(seq) = held!(claim)
            .select(ue::parts)
            .first::<i32>(conn)
            .optional()?
        else {
            return Ok(false);
        };
        diesel::insert_into(parts::table)
            .values((
                parts::export_id.eq(claim.export_id),
                parts::seq.eq(seq),
                parts::data.eq(data),
            ))
            .execute(conn)?;
        diesel::update(held!(claim))
            .set((
                ue::parts.eq(seq + 1),
                ue::records.eq(ue::records + records),
                ue::csv_bytes.eq(ue::csv_bytes + csv_bytes),
                ue::claimed_until.eq(until),
            ))
            .execute(conn)?;
        claim.until = until;
        Ok(true)
    })
}

/// Marks the export ready (its last part written); it expires `KEEP_SECS` from `now`. False when
/// the claim was lost.
pub fn finish(conn: &mut DbConnection, claim: &Claim, now: i64) -> DbResult<bool> {
    end(conn, claim, READY, now)
}

/// Marks the export failed (logged by the caller; the customer may ask again); its parts go.
pub fn fail(conn: &mut DbConnection, claim: &Claim, now: i64) -> DbResult<bool> {
    crate::write_transaction(conn, |conn| {
        let ended = end(conn, claim, FAILED, now)?;
        if ended {
            diesel::delete(parts::table.filter(parts::export_id.eq(claim.export_id)))
                .execute(conn)?;
        }
        Ok(ended)
    })
}

fn end(conn: &mut DbConnection, claim: &Claim, status: &str, now: i64) -> DbResult<bool> {
    Ok(diesel::update(held!(claim))
        .set((
            ue::status.eq(status),
            ue::claimed_until.eq(None::<i64>),
            ue::finished_at.eq(now),
            ue::expires_at.eq(now + KEEP_SECS),
        ))
        .execute(conn)?
        == 1)
}

/// Gives the export back unwritten (the writer stops: its instance shuts down), pending for any
/// writer to start over at once; false when the claim was lost already.
pub fn release(conn: &mut DbConnection, claim: &Claim) -> DbResult<bool> {
    crate::write_transaction(conn, |conn| {
        let released = diesel::update(held!(claim))
            .set((ue::status.eq(PENDING), ue::claimed_until.eq(None::<i64>)))
            .execute(conn)?
            == 1;
        if released {
            diesel::delete(parts::table.filter(parts::export_id.eq(claim.export_id)))
                .execute(conn)?;
        }
        Ok(released)
    })
}

/// Part `seq` of the ready export `id`, if there is one.
pub fn part(conn: &mut DbConnection, id: i64, seq: i32) -> DbResult<Option<Vec<u8>>> {
    Ok(parts::table
        .find((id, seq))
        .select(parts::data)
        .first(conn)
        .optional()?)
}

/// Deletes the finished exports that expired before `now`, with their files, at most `limit`
/// of them; returns how many. An export in the making never expires (its writer, or the next
/// one, finishes it first).
pub fn purge_expired(conn: &mut DbConnection, now: i64, limit: i64) -> DbResult<usize> {
    crate::write_transaction(conn, |conn| {
        let ids: Vec<i64> = ue::table
            .filter(ue::status.eq_any([READY, FAILED]))
            .filter(ue::expires_at.lt(now))
            .order(ue::expires_at.asc())
            .limit(limit)
            .select(ue::id)
            .load(conn)?;
        if ids.is_empty() {
            return Ok(0);
        }
        diesel::delete(parts::table.filter(parts::export_id.eq_any(&ids))).execute(conn)?;
        Ok(diesel::delete(ue::table.filter(ue::id.eq_any(&ids))).execute(conn)?)
    })
}
