//! Every route of the API, declared once: the server serves this registration and the OpenAPI
//! document is read off the same one (`utoipa-actix-web`), so the two cannot drift apart.

use crate::error::ApiError;
use crate::{
    abuse, account, admin, alerts, allowlist, api_keys, auth, auto_topup, billing, blocklist,
    brands, catalog, coupons, health, notifications, pieces, receipts, refunds, resellers, status,
    subusers, traffic, twofactor, usage, user_sessions, wallet,
};
use actix_web::dev::{ServiceFactory, ServiceRequest};
use actix_web::{HttpRequest, HttpResponse, web};
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
                // First: the public status page is the route a crowd polls, and actix matches
                // a path against the routes in the order they were registered (each with
                // parameters by regular expression: registered last, the page spent a quarter
                // of its CPU in the other routes' patterns).
                .configure(status::configure)
                .configure(auth::configure)
                .configure(abuse::configure)
                .configure(account::configure)
                .configure(admin::configure)
                .configure(wallet::configure)
                .configure(receipts::configure)
                .configure(billing::configure)
                .configure(catalog::configure)
                .configure(traffic::configure)
                .configure(coupons::configure)
                .configure(usage::configure)
                .configure(pieces::configure)
                .configure(refunds::configure)
                .configure(api_keys::configure)
                .configure(allowlist::configure)
                .configure(blocklist::configure)
                .configure(subusers::configure)
                .configure(resellers::configure)
                .configure(brands::configure)
                .configure(notifications::configure)
                .configure(alerts::configure)
                .configure(auto_topup::configure)
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

/// What no route matched: 405 with `Allow` when the path is documented with other methods
/// (`TRACE /api/config`, `DELETE /api/login`), otherwise 404.
pub async fn not_found(
    req: HttpRequest,
    known: Option<web::Data<KnownRoutes>>,
) -> Result<HttpResponse, ApiError> {
    let allowed = known
        .map(|known| known.methods(req.path()))
        .unwrap_or_default();
    if allowed.is_empty() {
        Err(ApiError::NotFound)
    } else {
        Err(ApiError::MethodNotAllowed(allowed.join(", ")))
    }
}

/// Every documented path with its methods, read off the OpenAPI document once at start-up.
#[derive(Debug, Default)]
pub struct KnownRoutes(Vec<(Vec<Segment>, Vec<String>)>);

/// One segment of a documented path: literal text, or a template (`{id}`, `{id}.{ext}`,
/// `{id}.pdf`) that stands for any one segment longer than, and ending with, the literal text
/// after its last parameter (`.pdf`; none for the other two).
#[derive(Debug, PartialEq)]
enum Segment {
    Literal(String),
    Parameter { suffix: String },
}

impl KnownRoutes {
    pub fn from_document(json: &str) -> Self {
        let doc: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
        let Some(paths) = doc.get("paths").and_then(serde_json::Value::as_object) else {
            return KnownRoutes::default();
        };
        let routes = paths
            .iter()
            .map(|(path, item)| {
                let segments = path
                    .trim_start_matches('/')
                    .split('/')
                    .map(|segment| {
                        if let Some(end) = segment.rfind('}') {
                            Segment::Parameter {
                                suffix: segment[end + 1..].to_owned(),
                            }
                        } else {
                            Segment::Literal(segment.to_owned())
                        }
                    })
                    .collect();
                let methods: Vec<String> = item
                    .as_object()
                    .into_iter()
                    .flat_map(|operations| operations.keys())
                    .filter(|key| HTTP_METHODS.contains(&key.as_str()))
                    .map(|method| method.to_ascii_uppercase())
                    .collect();
                (segments, methods)
            })
            .collect();
        KnownRoutes(routes)
    }

    /// The methods `path` is documented with; empty when no documented path matches it.
    pub fn methods(&self, path: &str) -> Vec<String> {
        let asked: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let mut methods: Vec<String> = self
            .0
            .iter()
            .filter(|(segments, _)| {
                segments.len() == asked.len()
                    && segments
                        .iter()
                        .zip(&asked)
                        .all(|(segment, given)| match segment {
                            Segment::Literal(text) => text == given,
                            Segment::Parameter { suffix } => {
                                given.len() > suffix.len() && given.ends_with(suffix.as_str())
                            }
                        })
            })
            .flat_map(|(_, methods)| methods.iter().cloned())
            .collect();
        methods.sort();
        methods.dedup();
        methods
    }
}

const HTTP_METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

#[cfg(test)]
mod tests {
    use super::KnownRoutes;

    const DOC: &str = r#"{"paths": {
        "/api/login": {"post": {}},
        "/api/user/api-keys/{id}": {"delete": {}, "parameters": []},
        "/api/avatars/{id}.{ext}": {"get": {}},
        "/api/user/receipts/{id}.pdf": {"get": {}},
        "/healthz": {"get": {}}
    }}"#;

    #[test]
    fn a_documented_path_lists_its_methods_and_an_unknown_one_none() {
        let known = KnownRoutes::from_document(DOC);
        assert_eq!(known.methods("/api/login"), ["POST"]);
        assert_eq!(known.methods("/api/user/api-keys/7"), ["DELETE"]);
        assert_eq!(known.methods("/api/avatars/abc.png"), ["GET"]);
        assert_eq!(known.methods("/healthz"), ["GET"]);
        assert_eq!(known.methods("/api/user/receipts/7.pdf"), ["GET"]);
        assert!(known.methods("/api/user/receipts/7").is_empty());
        assert!(known.methods("/api/user/receipts/.pdf").is_empty());
        assert!(known.methods("/api/user/api-keys").is_empty());
        assert!(known.methods("/api/user/api-keys/").is_empty());
        assert!(known.methods("/api/nothing").is_empty());
        assert!(
            KnownRoutes::from_document("not json")
                .methods("/api/login")
                .is_empty()
        );
    }
}
