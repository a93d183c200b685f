//! Builds the status page from the database: the components with their day rows
//! (`persistence::status_minutes`), the incidents and maintenance, and the months' SLA credits.

use super::view::{
    ComponentStatus, CreditLine, DayUptime, IncidentUpdate, IncidentView, MaintenanceView,
    StatusPage,
};
use app::AppError;
use domain::status::{HISTORY_DAYS, Health, overall, uptime_percent};
use persistence::incidents::{IncidentRow, UpdateRow};
use persistence::{DbConnection, incidents, sla_credits, status_minutes, upstream_pools};
use std::collections::HashMap;

/// A component whose last measured minute is older than this is not called down by it.
const MARK_FRESH_SECS: i64 = 300;
/// Resolved incidents and completed maintenance stay on the page this long.
const RESOLVED_SHOWN_SECS: i64 = 30 * 86_400;

fn updates(rows: &[UpdateRow]) -> Vec<IncidentUpdate> {
    rows.iter()
        .map(|u| IncidentUpdate {
            at: u.at,
            body: u.body.clone(),
            status: u.status.clone(),
        })
        .collect()
}

fn maintenance_status(row: &IncidentRow, now: i64) -> &'static str {
    match (row.resolved_at, row.starts_at, row.ends_at) {
        (Some(_), _, _) => "completed",
        (None, _, Some(end)) if end <= now => "completed",
        (None, Some(start), _) if start <= now => "in_progress",
        _ => "scheduled",
    }
}

/// The page as of `now`.
pub fn build(conn: &mut DbConnection, now: i64) -> Result<StatusPage, AppError> {
    let list = app::status::components(&upstream_pools::list(conn)?);
    let today_start = now - now.rem_euclid(86_400);
    let dates: Vec<String> = (0..HISTORY_DAYS)
        .rev()
        .map(|back| domain::calendar::utc_day(today_start - back * 86_400))
        .collect();
    let from_30 = &dates[dates.len() - 30];
    let mut days: HashMap<(String, String), (i64, i64)> = HashMap::new();
    for row in status_minutes::days_from(conn, &dates[0])? {
        days.insert((row.component, row.day), (row.up_minutes, row.down_minutes));
    }
    let marks = status_minutes::marks(conn)?;
    let recent = incidents::recent(conn, now - RESOLVED_SHOWN_SECS, 50)?;
    let mut affected: HashMap<&str, Health> = HashMap::new();
    for (row, _) in &recent {
        let open = row.resolved_at.is_none()
            && (!row.maintenance || maintenance_status(row, now) == "in_progress");
        if open {
            for id in row.components.split(',') {
                affected.insert(id, Health::Degraded);
            }
        }
    }
    let components: Vec<ComponentStatus> = list
        .iter()
        .map(|c| {
            let sum = |from: &str| {
                dates
                    .iter()
                    .filter(|d| d.as_str() >= from)
                    .filter_map(|d| days.get(&(c.id.clone(), d.clone())))
                    .fold((0, 0), |(u, d), (up, down)| (u + up, d + down))
            };
            let (u90, d90) = sum(&dates[0]);
            let (u30, d30) = sum(from_30);
            let down_now = marks
                .get(&c.id)
                .is_some_and(|m| !m.up && now / 60 - m.minute <= MARK_FRESH_SECS / 60);
            let health = if down_now {
                Health::Down
            } else {
                affected.get(c.id.as_str()).copied().unwrap_or(Health::Up)
            };
            ComponentStatus {
                id: c.id.clone(),
                name: c.name.clone(),
                status: health.as_str().to_owned(),
                uptime_30d: uptime_percent(u30, d30),
                uptime_90d: uptime_percent(u90, d90),
                days: dates
                    .iter()
                    .map(|d| DayUptime {
                        date: d.clone(),
                        uptime: days
                            .get(&(c.id.clone(), d.clone()))
                            .and_then(|(up, down)| uptime_percent(*up, *down)),
                    })
                    .collect(),
            }
        })
        .collect();
    let healths: Vec<Health> = components
        .iter()
        .map(|c| Health::parse(&c.status).unwrap_or(Health::Up))
        .collect();
    let (mut open, mut planned) = (Vec::new(), Vec::new());
    for (row, ups) in &recent {
        if row.maintenance {
            planned.push(MaintenanceView {
                id: row.id,
                title: row.title.clone(),
                status: maintenance_status(row, now).to_owned(),
                components: row.component_ids(),
                starts_at: row.starts_at.unwrap_or(row.started_at),
                ends_at: row.ends_at.unwrap_or(row.started_at),
                updates: updates(ups),
            });
        } else {
            open.push(IncidentView {
                id: row.id,
                title: row.title.clone(),
                status: row.status.clone(),
                components: row.component_ids(),
                started_at: row.started_at,
                resolved_at: row.resolved_at,
                updates: updates(ups),
            });
        }
    }
    let mut sla = Vec::new();
    let mut month_of = now;
    for _ in 0..3 {
        let month = domain::calendar::utc_day(month_of)[..7].to_owned();
        for (kind, customers, _) in sla_credits::month_totals(conn, &month)? {
            sla.push(CreditLine {
                month: month.clone(),
                kind,
                customers,
            });
        }
        month_of = domain::calendar::month_bounds(&month).map_or(month_of, |(start, _)| start) - 1;
    }
    Ok(StatusPage {
        overall: overall(&healths).as_str().to_owned(),
        components,
        incidents: open,
        maintenance: planned,
        sla_credits: sla,
        updated_at: now,
    })
}
