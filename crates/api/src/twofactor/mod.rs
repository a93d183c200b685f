//! Two-factor sign-in (TOTP, RFC 6238): enrolment and its status, turning it off, recovery
//! codes, and completing a sign-in that waits for the second factor
//! (docs/two-factor-and-sessions.md).

mod codes;
mod complete;
mod disable;
mod enable;
mod mails;
mod setup;
mod status;

pub use disable::DisableRequest;
pub use enable::{CodeBody, TwoFactorEnabled};
pub use setup::TwoFactorSetup;
pub use status::TwoFactorStatus;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(status::status)
        .service(setup::setup)
        .service(enable::enable)
        .service(disable::disable)
        .service(complete::complete);
}
