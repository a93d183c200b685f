//! The customer's sessions: where the account is signed in, ending one or all others (the routes,
//! over `app::sign_in::sessions`), and recording each session's client
//! (docs/two-factor-and-sessions.md).

mod device;
mod list;
pub mod record;
mod revoke;

pub use list::{SessionItem, SessionList};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list::list)
        .service(revoke::revoke_one)
        .service(revoke::revoke_others);
}
