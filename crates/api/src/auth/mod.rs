//! Accounts and sessions: code requests, registration, password and Google sign-in, user info,
//! logout (docs/api.md#accounts). A sign-in that must wait for its second factor is held here
//! too (`challenge.rs`, `pending.rs`); `crate::twofactor` completes it.

pub mod challenge;
mod google;
mod login;
mod logout;
pub mod pending;
mod register;
mod register_verification;
pub mod service;
pub mod trial_view;
mod user_info;

/// Sign in, or hold the sign-in for its second factor: what every route that proves an account
/// (password, Google, password reset) answers with.
pub use challenge::{SignInReply, TwoFactorRequired, sign_in_or_challenge};
pub use google::GoogleRequest;
pub use login::LoginRequest;
pub use logout::LogoutResponse;
pub use register::RegisterRequest;
pub use register_verification::CodeRequest;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(user_info::user_info)
        .service(login::login)
        .service(register_verification::request_code)
        .service(register::register)
        .service(google::google_sign_in)
        .service(logout::logout)
        .service(logout::logout_post);
}
