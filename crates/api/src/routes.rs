//! Every route of the API, declared once: the server serves this registration and the OpenAPI
//! document is read off the same one (`utoipa-actix-web`), so the two cannot drift apart.

use crate::error::ApiError;
use crate::{
    account, admin, api_keys, auth, catalog, health, pieces, traffic, twofactor, user_sessions,
    wallet,
};
use actix_web::dev::{ServiceFactory, ServiceRequest};
use actix_web::{HttpResponse, web};
use utoipa_actix_web::{UtoipaApp, scope};

/// The OpenAPI document as served at `/api/openapi.json`, built once at start-up.
pub struct OpenApiJson(pub String);

/// Adds the health probes and the `/api` scope to `app`.
pub fn register<T>(app: UtoipaApp<T>) -> UtoipaApp<T>
where
    T: ServiceFactory<ServiceRequest, Config = (), Error = actix_web::Error, InitError = ()>,
{
    app.service(health::healthz)
        .service(health::readyz)
        .service(
            scope("/api")
                .configure(auth::configure)
                .configure(account::configure)
                .configure(admin::configure)
                .configure(wallet::configure)
                .configure(catalog::configure)
                .configure(traffic::configure)
                .configure(pieces::configure)
                .configure(api_keys::configure)
                .configure(twofactor::configure)
                .configure(user_sessions::configure)
                .service(health::public_config)
                // The document does not describe itself.
                .route("/openapi.json", web::get().to(openapi_json))
                .default_service(web::to(not_found)),
        )
}

async fn openapi_json(doc: web::Data<OpenApiJson>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(doc.0.clone())
}

pub async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound)
}
