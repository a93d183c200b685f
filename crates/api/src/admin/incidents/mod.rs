//! Incidents and maintenance on the status page, for operators (docs/admin-api/incidents.md):
//! opened, updated and resolved, each change audited in its transaction, and the customers
//! with alerts on told in the same transaction (a notification, and the webhook event
//! `incident.opened`, `incident.updated` or `incident.resolved`).

mod form;
mod routes;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(routes::list_incidents)
        .service(routes::create_incident)
        .service(routes::create_maintenance)
        .service(routes::update_incident);
}
