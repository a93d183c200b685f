//! Account settings: the profile, the photo, the email and the password of the signed-in
//! customer, the forgotten-password reset (docs/account.md) and the first password of a
//! sub-user sign-in (docs/subusers.md).

mod avatar;
mod email_change;
mod invitation;
mod password;
pub mod password_reset;
mod profile;
pub(crate) mod upload;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(profile::update_profile)
        .service(avatar::upload_avatar)
        .service(avatar::remove_avatar)
        .service(avatar::serve_avatar)
        .service(email_change::request_email_change)
        .service(email_change::confirm_email_change)
        .service(password::change_password)
        .service(password_reset::forgot_password)
        .service(password_reset::reset_password)
        .service(invitation::accept_invitation);
}
