//! Accounts and sessions: code requests, registration, password and Google sign-in, user info,
//! logout (docs/api.md#accounts).

mod google;
mod login;
mod logout;
mod register;
mod register_verification;
pub mod service;
pub mod trial;
mod user_info;

pub use google::{__path_google_sign_in, GoogleRequest, google_sign_in};
pub use login::{__path_login, LoginRequest, login};
pub use logout::{__path_logout, __path_logout_post, LogoutResponse, logout, logout_post};
pub use register::{__path_register, RegisterRequest, register};
pub use register_verification::{__path_request_code, CodeRequest, request_code};
pub use user_info::{__path_user_info, user_info};

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/getuserinfo", web::get().to(user_info))
        .route("/login", web::post().to(login))
        .route("/register_verification", web::post().to(request_code))
        .route("/register", web::post().to(register))
        .route("/google-getway", web::post().to(google_sign_in))
        .route("/user/logout", web::get().to(logout))
        .route("/user/logout", web::post().to(logout_post));
}
