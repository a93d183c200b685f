//! The OpenAPI document of every route (`GET /api/openapi.json`, `proxyshop openapi`); the
//! front end generates its types from it.

use crate::{admin, auth, catalog, dto, health, pieces, traffic, wallet};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "ProxyShop API",
        description = "Accounts, wallet, plans and proxies."
    ),
    paths(
        health::healthz,
        health::readyz,
        health::public_config,
        auth::user_info,
        auth::login,
        auth::request_code,
        auth::register,
        auth::google_sign_in,
        auth::logout,
        auth::logout_post,
        admin::list_users,
        wallet::create_payment,
        wallet::payment_callback,
        wallet::wallet_history,
        wallet::referral_history,
        catalog::list_plans,
        catalog::buy_plan,
        traffic::stats,
        traffic::usage,
        traffic::proxy_history_list,
        traffic::premium_locations,
        traffic::budget_locations,
        traffic::generate_premium,
        traffic::generate_budget,
        pieces::server_credentials,
        pieces::lte_credentials,
        pieces::get_proxy,
        pieces::list_proxies,
    ),
    components(schemas(
        dto::User,
        dto::Profile,
        dto::UserEnvelope,
        dto::MessageResponse,
        dto::AuthResponse,
        dto::ErrorResponse,
        auth::LoginRequest,
        auth::RegisterRequest,
        auth::CodeRequest,
        auth::GoogleRequest,
        auth::LogoutResponse,
        health::PublicConfig,
        admin::AdminUserRow,
        admin::UserPage,
    ))
)]
pub struct ApiDoc;

/// The document as pretty JSON.
pub fn document() -> String {
    ApiDoc::openapi()
        .to_pretty_json()
        .unwrap_or_else(|_| "{}".to_owned())
}

pub async fn serve() -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok()
        .content_type("application/json")
        .body(document())
}
