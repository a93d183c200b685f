//! The abuse desk's operator side (docs/admin-api/abuse.md): the queue of cases
//! (`GET /api/admin/abuse`), a case with the connection records its destination and window
//! match (`GET /api/admin/abuse/{id}`), and the actions on it, each audited in its transaction:
//! reply to the reporter, warn the customer, suspend the credential, disable the customer, block
//! the destination for the customer, and move the case between open, answered and closed.

mod actions;
mod enforce;
mod form;
mod queue;
mod view;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(queue::list_cases)
        .service(queue::show_case)
        .service(actions::set_status)
        .service(actions::reply)
        .service(actions::warn)
        .service(enforce::suspend)
        .service(enforce::disable_customer)
        .service(enforce::block_destination);
}
