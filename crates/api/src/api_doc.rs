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

#[cfg(test)]
mod tests {
    use super::document;

    /// Every operation that reads a JSON body lists the 422 its extractor gives a field of the
    /// wrong type (`{"code": {}}` where text is expected), and the message names the field.
    #[test]
    fn every_json_body_lists_the_wrong_type_answer() {
        let doc: serde_json::Value = serde_json::from_str(&document()).unwrap();
        let mut checked = 0;
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                let json = &operation["requestBody"]["content"]["application/json"];
                if json.is_null() {
                    continue;
                }
                checked += 1;
                assert!(
                    operation["responses"]["422"].is_object(),
                    "{method} {path} reads JSON but does not list 422"
                );
            }
        }
        assert!(checked > 30, "only {checked} operations read JSON");
    }
}
