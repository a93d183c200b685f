//! The OpenAPI document's two security schemes, `session` (the cookie) and `apiKey`
//! (`Authorization: Bearer psk_…`), and each operation's requirement: nothing for a route
//! declared public (`security(())` on its `#[utoipa::path]`), otherwise the session; or a key
//! with the scope the scope table names. Written from the same table the bearer
//! middleware enforces, so the document and the server cannot disagree.

use crate::api_keys::scope;
use utoipa::openapi::OpenApi;
use utoipa::openapi::path::Operation;
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};

pub const SESSION_SCHEME: &str = "session";
pub const KEY_SCHEME: &str = "apiKey";

pub fn declare(doc: &mut OpenApi) {
    let components = doc.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        SESSION_SCHEME,
        SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
            "proxyshop_session",
            "The signed-in session (set by the login routes).",
        ))),
    );
    components.add_security_scheme(
        KEY_SCHEME,
        SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .bearer_format("psk_…")
                .description(Some(
                    "An API key (docs/api-keys.md). Its scopes, read, generate, buy and resell, \
                     are the scopes this scheme lists on each operation; an operation without \
                     this scheme answers 403 to any key.",
                ))
                .build(),
        ),
    );
    for (path, item) in doc.paths.paths.iter_mut() {
        let operations = [
            ("get", &mut item.get),
            ("put", &mut item.put),
            ("post", &mut item.post),
            ("delete", &mut item.delete),
            ("patch", &mut item.patch),
        ];
        for (method, operation) in operations {
            if let Some(operation) = operation.as_mut() {
                set_requirements(operation, scope::required(method, path));
            }
        }
    }
}

/// A route that anyone may call says so where it is declared, with `security(())` in its
/// `#[utoipa::path]`; every other operation needs the session. Either way a key with the scope
/// the scope table names is a way in too.
fn set_requirements(operation: &mut Operation, scope: Option<scope::Scope>) {
    let mut requirements = Vec::new();
    if is_public(operation) {
        requirements.push(SecurityRequirement::default());
    }
    requirements.push(SecurityRequirement::new(
        SESSION_SCHEME,
        Vec::<String>::new(),
    ));
    if let Some(scope) = scope {
        requirements.push(SecurityRequirement::new(KEY_SCHEME, [scope.as_str()]));
    }
    operation.security = Some(requirements);
}

/// The schemes a requirement names (none for `{}`: no credential needed). utoipa keeps them
/// private; its JSON form is the requirement itself.
fn schemes(requirement: &SecurityRequirement) -> Vec<String> {
    match serde_json::to_value(requirement) {
        Ok(serde_json::Value::Object(map)) => map.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

fn any_requirement(operation: &Operation, test: impl Fn(&[String]) -> bool) -> bool {
    operation
        .security
        .iter()
        .flatten()
        .any(|requirement| test(&schemes(requirement)))
}

/// Whether the operation may be called without any credential.
pub fn is_public(operation: &Operation) -> bool {
    any_requirement(operation, |schemes| schemes.is_empty())
}

/// Whether an API key may call the operation.
pub fn takes_key(operation: &Operation) -> bool {
    any_requirement(operation, |schemes| schemes.iter().any(|s| s == KEY_SCHEME))
}
