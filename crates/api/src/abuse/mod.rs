//! The abuse desk's public side: `POST /api/abuse` files a report from the form `/abuse` (limited
//! per network and per reporter address across instances, a confirmation mailed with the case
//! number), `GET /api/abuse` says how far back attribution reaches. The operator's queue and
//! actions are `admin::abuse`.

pub(crate) mod form;
mod report;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(report::abuse_terms)
        .service(report::file_report);
}
