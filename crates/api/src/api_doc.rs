//! The OpenAPI document of every route (`GET /api/openapi.json`, `proxyshop openapi`); the
//! front end generates its types from it. Its paths come from [`crate::routes::register`], the
//! schemas of request fields from `crate::openapi::rules`.

mod answers;

use crate::{admin, api_keys, auth, health, routes, view};
use actix_web::App;
use utoipa::OpenApi;
use utoipa_actix_web::AppExt;

/// What the routes do not say: the title, and schemas no route names directly.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "ProxyShop API",
        description = "Accounts, wallet, plans and proxies."
    ),
    components(schemas(
        view::User,
        view::Profile,
        view::UserEnvelope,
        view::MessageResponse,
        view::AuthResponse,
        view::ErrorResponse,
        auth::LoginRequest,
        auth::RegisterRequest,
        auth::CodeRequest,
        auth::GoogleRequest,
        auth::LogoutResponse,
        health::PublicConfig,
        admin::AdminUserRow,
    ))
)]
struct ApiDoc;

/// The document as pretty JSON, read off the routes as the server registers them.
pub fn document() -> String {
    let app = App::new().into_utoipa_app().openapi(ApiDoc::openapi());
    let (_, mut doc) = routes::register(app).split_for_parts();
    api_keys::security::declare(&mut doc);
    answers::add(&mut doc);
    doc.to_pretty_json().unwrap_or_else(|_| "{}".to_owned())
}
