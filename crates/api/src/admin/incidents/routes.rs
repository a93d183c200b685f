//! `GET|POST /api/admin/incidents`, `POST /api/admin/maintenance` and
//! `PATCH /api/admin/incidents/{id}`.

use super::form::{self, IncidentForm, IncidentUpdateForm, MaintenanceForm};
use crate::admin::audit_trail::audit;
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::state::AppState;
use crate::status::view::IncidentUpdate;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, patch, post, web};
use domain::status::IncidentStatus;
use domain::{FieldErrors, UserId, messages as msg};
use persistence::incidents::{self, IncidentRow, NewIncident, UpdateRow};
use persistence::notifications::{self, Kind};
use persistence::{DbConnection, upstream_pools};
use serde::Serialize;
use utoipa::ToSchema;

/// An incident or maintenance as operators see it, with its updates (oldest first).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminIncident {
    pub id: i64,
    pub title: String,
    /// investigating, identified, monitoring or resolved.
    pub status: String,
    /// Component ids.
    pub components: Vec<String>,
    pub maintenance: bool,
    /// A maintenance's window (unix seconds); null for an incident.
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub started_at: i64,
    pub resolved_at: Option<i64>,
    pub updates: Vec<IncidentUpdate>,
}

impl AdminIncident {
    fn new(row: IncidentRow, updates: &[UpdateRow]) -> Self {
        AdminIncident {
            id: row.id,
            components: row.component_ids(),
            title: row.title,
            status: row.status,
            maintenance: row.maintenance,
            starts_at: row.starts_at,
            ends_at: row.ends_at,
            started_at: row.started_at,
            resolved_at: row.resolved_at,
            updates: updates
                .iter()
                .map(|u| IncidentUpdate {
                    at: u.at,
                    body: u.body.clone(),
                    status: u.status.clone(),
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminIncidentList {
    pub items: Vec<AdminIncident>,
}

fn known_components(conn: &mut DbConnection) -> Result<Vec<String>, ApiError> {
    Ok(app::status::components(&upstream_pools::list(conn)?)
        .into_iter()
        .map(|c| c.id)
        .collect())
}

/// Tells every subscriber of the incident's news, in the caller's transaction.
fn tell(
    conn: &mut DbConnection,
    kind: Kind,
    row: &IncidentRow,
    body: &str,
    now: i64,
) -> Result<usize, ApiError> {
    let what = if row.maintenance {
        "Maintenance"
    } else {
        "Incident"
    };
    let title = format!("{what}: {} ({})", row.title, row.status);
    let customers = incidents::subscribers(conn)?;
    for id in &customers {
        notifications::add(conn, UserId::new(*id), kind, &title, body, now)?;
    }
    Ok(customers.len())
}

fn load(conn: &mut DbConnection, id: i64) -> Result<(IncidentRow, AdminIncident), ApiError> {
    let row = incidents::find(conn, id)?.ok_or(ApiError::NotFoundWith(msg::INCIDENT_NOT_FOUND))?;
    let updates = incidents::updates_of(conn, id)?;
    let view = AdminIncident::new(row.clone(), &updates);
    Ok((row, view))
}

/// Writes a new incident or maintenance with its audit row and notifications.
async fn open(
    state: web::Data<AppState>,
    actor: UserId,
    checked: impl FnOnce(&[String]) -> Result<Opened, FieldErrors> + Send + 'static,
) -> Result<HttpResponse, ApiError> {
    let saved = in_transaction(&state.services.pool, move |conn| {
        let known = known_components(conn)?;
        let new = checked(&known).map_err(ApiError::Validation)?;
        let now = persistence::now();
        let id = incidents::insert(
            conn,
            &NewIncident {
                title: &new.title,
                status: new.status.as_str(),
                components: &new.components,
                window: new.window,
                body: &new.body,
                now,
            },
        )?;
        let (row, saved) = load(conn, id)?;
        let action = if new.window.is_some() {
            "maintenance.create"
        } else {
            "incident.create"
        };
        audit(
            conn,
            actor,
            action,
            &format!("incident:{id}"),
            None,
            None::<&()>,
            Some(&saved),
        )?;
        tell(conn, Kind::IncidentOpened, &row, &new.body, now)?;
        Ok(saved)
    })
    .await?;
    state.status.invalidate();
    Ok(HttpResponse::Created().json(saved))
}

/// The fields an incident and a maintenance share, checked; the errors so far.
fn common(
    title: Option<&str>,
    body: Option<&str>,
    components: Option<&[String]>,
    known: &[String],
) -> (FieldErrors, String, String, Vec<String>) {
    let mut errors = FieldErrors::new();
    let title = form::title(title, &mut errors);
    let body = form::body(body, &mut errors);
    let components = form::components(components, known, &mut errors);
    (errors, title, body, components)
}

struct Opened {
    title: String,
    body: String,
    status: IncidentStatus,
    components: Vec<String>,
    window: Option<(i64, i64)>,
}

#[utoipa::path(tag = "admin", operation_id = "admin_list_incidents",
    responses((status = 200, body = AdminIncidentList), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse)))]
#[get("/admin/incidents")]
pub async fn list_incidents(
    _admin: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let items = with_conn(&state.services.pool, |conn| {
        Ok(incidents::recent(conn, 0, 200)?
            .into_iter()
            .map(|(row, updates)| AdminIncident::new(row, &updates))
            .collect::<Vec<_>>())
    })
    .await?;
    Ok(HttpResponse::Ok().json(AdminIncidentList { items }))
}

#[utoipa::path(tag = "admin", request_body = IncidentForm,
    responses((status = 201, body = AdminIncident), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[post("/admin/incidents")]
pub async fn create_incident(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: JsonObject<IncidentForm>,
) -> Result<HttpResponse, ApiError> {
    let f = body.into_inner();
    open(state, admin.0.id, move |known| {
        let (mut errors, title, body, components) = common(
            f.title.as_deref(),
            f.body.as_deref(),
            f.components.as_deref(),
            known,
        );
        let status = form::status(f.status.as_deref(), &mut errors);
        match status {
            Some(status) if errors.is_empty() => Ok(Opened {
                title,
                body,
                status,
                components,
                window: None,
            }),
            _ => Err(errors),
        }
    })
    .await
}

#[utoipa::path(tag = "admin", request_body = MaintenanceForm,
    responses((status = 201, body = AdminIncident), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[post("/admin/maintenance")]
pub async fn create_maintenance(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: JsonObject<MaintenanceForm>,
) -> Result<HttpResponse, ApiError> {
    let f = body.into_inner();
    open(state, admin.0.id, move |known| {
        let (mut errors, title, body, components) = common(
            f.title.as_deref(),
            f.body.as_deref(),
            f.components.as_deref(),
            known,
        );
        let window = match (f.starts_at, f.ends_at) {
            (Some(start), Some(end)) if end > start && start > 0 => Some((start, end)),
            _ => {
                errors.add("endsAt", msg::MAINTENANCE_WINDOW);
                None
            }
        };
        match window {
            Some(window) if errors.is_empty() => Ok(Opened {
                title,
                body,
                // A maintenance is "identified" work until it is resolved (completed).
                status: IncidentStatus::Identified,
                components,
                window: Some(window),
            }),
            _ => Err(errors),
        }
    })
    .await
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path, description = "Incident id")),
    request_body = IncidentUpdateForm,
    responses((status = 200, body = AdminIncident), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[patch("/admin/incidents/{id}")]
pub async fn update_incident(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<IncidentUpdateForm>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let f = body.into_inner();
    let mut errors = FieldErrors::new();
    let text = form::body(f.body.as_deref(), &mut errors);
    let status = form::status(f.status.as_deref(), &mut errors);
    let status = match status {
        Some(status) if errors.is_empty() => status,
        _ => return Err(ApiError::Validation(errors)),
    };
    let actor = admin.0.id;
    let saved = in_transaction(&state.services.pool, move |conn| {
        let (_, before) = load(conn, id)?;
        let now = persistence::now();
        let resolved = status == IncidentStatus::Resolved;
        if !incidents::update(conn, id, status.as_str(), &text, resolved, now)? {
            return Err(ApiError::Conflict(msg::INCIDENT_RESOLVED));
        }
        let (row, after) = load(conn, id)?;
        audit(
            conn,
            actor,
            "incident.update",
            &format!("incident:{id}"),
            None,
            Some(&before),
            Some(&after),
        )?;
        let kind = if resolved {
            Kind::IncidentResolved
        } else {
            Kind::IncidentUpdated
        };
        tell(conn, kind, &row, &text, now)?;
        Ok(after)
    })
    .await?;
    state.status.invalidate();
    Ok(HttpResponse::Ok().json(saved))
}
