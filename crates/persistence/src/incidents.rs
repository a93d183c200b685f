//! Incidents and scheduled maintenance shown on the status page (docs/status.md), with their
//! updates; written by operators (the API audits each change in its transaction).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{incident_updates, incidents, users};
use diesel::prelude::*;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = incidents)]
pub struct IncidentRow {
    pub id: i64,
    pub title: String,
    pub status: String,
    /// Comma-separated component ids.
    pub components: String,
    pub maintenance: bool,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub started_at: i64,
    pub resolved_at: Option<i64>,
}

impl IncidentRow {
    pub fn component_ids(&self) -> Vec<String> {
        self.components
            .split(',')
            .filter(|c| !c.is_empty())
            .map(str::to_owned)
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = incident_updates)]
pub struct UpdateRow {
    pub id: i64,
    pub incident_id: i64,
    pub status: String,
    pub body: String,
    pub at: i64,
}

/// What a new incident or maintenance says.
pub struct NewIncident<'a> {
    pub title: &'a str,
    pub status: &'a str,
    pub components: &'a [String],
    /// A maintenance window (from, until); none for an incident.
    pub window: Option<(i64, i64)>,
    pub body: &'a str,
    pub now: i64,
}

/// Inserts the incident and its first update; its id. Call in a transaction.
pub fn insert(conn: &mut DbConnection, new: &NewIncident) -> DbResult<i64> {
    let resolved = (new.status == "resolved" || new.status == "completed").then_some(new.now);
    let id: i64 = diesel::insert_into(incidents::table)
        .values((
            incidents::title.eq(new.title),
            incidents::status.eq(new.status),
            incidents::components.eq(new.components.join(",")),
            incidents::maintenance.eq(new.window.is_some()),
            incidents::starts_at.eq(new.window.map(|w| w.0)),
            incidents::ends_at.eq(new.window.map(|w| w.1)),
            incidents::started_at.eq(new.window.map_or(new.now, |w| w.0)),
            incidents::resolved_at.eq(resolved),
        ))
        .returning(incidents::id)
        .get_result(conn)?;
    add_update(conn, id, new.status, new.body, new.now)?;
    Ok(id)
}

fn add_update(conn: &mut DbConnection, id: i64, status: &str, body: &str, at: i64) -> DbResult<()> {
    diesel::insert_into(incident_updates::table)
        .values((
            incident_updates::incident_id.eq(id),
            incident_updates::status.eq(status),
            incident_updates::body.eq(body),
            incident_updates::at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

/// Adds an update to the incident `id` and moves it to `status` (resolved: its end is now).
/// False when it is already resolved (nothing written). Call in a transaction.
pub fn update(
    conn: &mut DbConnection,
    id: i64,
    status: &str,
    body: &str,
    resolved: bool,
    now: i64,
) -> DbResult<bool> {
    let open = incidents::table
        .find(id)
        .filter(incidents::resolved_at.is_null());
    let written = diesel::update(open)
        .set((
            incidents::status.eq(status),
            incidents::resolved_at.eq(resolved.then_some(now)),
        ))
        .execute(conn)?;
    if written == 0 {
        return Ok(false);
    }
    add_update(conn, id, status, body, now)?;
    Ok(true)
}

pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<Option<IncidentRow>> {
    Ok(incidents::table
        .find(id)
        .select(IncidentRow::as_select())
        .first(conn)
        .optional()?)
}

/// The incident `id`'s updates, oldest first.
pub fn updates_of(conn: &mut DbConnection, id: i64) -> DbResult<Vec<UpdateRow>> {
    Ok(incident_updates::table
        .filter(incident_updates::incident_id.eq(id))
        .order(incident_updates::id)
        .select(UpdateRow::as_select())
        .load(conn)?)
}

/// The incidents and maintenance still open or resolved after `since`, newest first, each
/// with its updates (oldest first).
pub fn recent(
    conn: &mut DbConnection,
    since: i64,
    limit: i64,
) -> DbResult<Vec<(IncidentRow, Vec<UpdateRow>)>> {
    let rows: Vec<IncidentRow> = incidents::table
        .filter(
            incidents::resolved_at
                .is_null()
                .or(incidents::resolved_at.ge(since)),
        )
        .order(incidents::id.desc())
        .limit(limit)
        .select(IncidentRow::as_select())
        .load(conn)?;
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let updates: Vec<UpdateRow> = incident_updates::table
        .filter(incident_updates::incident_id.eq_any(&ids))
        .order(incident_updates::id)
        .select(UpdateRow::as_select())
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let mine = updates
                .iter()
                .filter(|u| u.incident_id == row.id)
                .cloned()
                .collect();
            (row, mine)
        })
        .collect())
}

/// The customers told of incidents: enabled customers whose alerts are on (email, the default,
/// or a webhook), by id.
pub fn subscribers(conn: &mut DbConnection) -> DbResult<Vec<i64>> {
    let off: std::collections::HashSet<i64> = crate::alerts::all_settings(conn)?
        .into_iter()
        .filter(|(_, s)| !s.email && s.webhook_url.is_none())
        .map(|(id, _)| id)
        .collect();
    let customers: Vec<i64> = users::table
        .filter(users::role.eq("user"))
        .filter(users::disabled.eq(false))
        .order(users::id)
        .select(users::id)
        .load(conn)?;
    Ok(customers
        .into_iter()
        .filter(|id| !off.contains(id))
        .collect())
}
