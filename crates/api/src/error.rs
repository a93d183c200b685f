//! The one error policy of the API.
//!
//! Every failure a handler can meet is an `ApiError` variant with an explicit status. Client
//! errors carry the exact message the customer sees (docs/api.md#errors lists them).
//! Server errors answer only "Something went wrong"; their cause goes to the log, never into the
//! response. There is deliberately no blanket `From<E: Error>`: each source of failure is mapped
//! here by name.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use domain::{FieldErrors, messages as msg};
use persistence::DbError;
use serde_json::{Map, Value, json};

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("validation failed")]
    Validation(FieldErrors),
    #[error("bad request: {0}")]
    BadRequest(String),
    #[error("not signed in")]
    Unauthorized,
    #[error("unauthorized: {0}")]
    UnauthorizedWith(&'static str),
    #[error("forbidden: {0}")]
    Forbidden(&'static str),
    #[error("not found")]
    NotFound,
    #[error("not found: {0}")]
    NotFoundWith(&'static str),
    #[error("conflict: {0}")]
    Conflict(&'static str),
    #[error("gone: {0}")]
    Gone(&'static str),
    /// A documented path asked with a method it does not have; carries the `Allow` header value.
    #[error("method not allowed")]
    MethodNotAllowed(String),
    #[error("unsupported media type")]
    UnsupportedMedia,
    /// `Accept-Encoding` refuses every coding the server can send.
    #[error("not acceptable")]
    NotAcceptable,
    #[error("unsupported media type: {0}")]
    UnsupportedMediaWith(&'static str),
    #[error("payload too large: {0}")]
    PayloadTooLarge(&'static str),
    #[error("payment required: {0}")]
    PaymentRequired(&'static str),
    #[error("upstream failure: {0}")]
    BadGateway(String),
    /// A proxy provider failed; the cause is logged, never sent.
    #[error("proxy provider failure: {0}")]
    ProviderDown(String),
    /// A provider's answer was lost; the message says what happens next.
    #[error("provider outcome unknown: {0}")]
    ProviderUnclear(&'static str),
    #[error("rate limited: {message}")]
    TooManyRequests { message: String, retry_after: u64 },
    #[error("unavailable: {0}")]
    Unavailable(&'static str),
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    pub fn internal(context: &str, err: impl std::fmt::Display) -> Self {
        ApiError::Internal(format!("{context}: {err}"))
    }

    pub fn field(field: &'static str, message: &'static str) -> Self {
        let mut errors = FieldErrors::new();
        errors.add(field, message);
        ApiError::Validation(errors)
    }
}

impl From<DbError> for ApiError {
    fn from(err: DbError) -> Self {
        ApiError::internal("database", err)
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(err: diesel::result::Error) -> Self {
        ApiError::from(DbError::from(err))
    }
}

impl From<persistence::wallet::WalletError> for ApiError {
    fn from(err: persistence::wallet::WalletError) -> Self {
        use persistence::wallet::WalletError;
        match err {
            WalletError::Insufficient => ApiError::PaymentRequired(msg::INSUFFICIENT_BALANCE),
            WalletError::Duplicate(op) => ApiError::internal("wallet operation applied twice", op),
            WalletError::NotPositive(cents) => {
                ApiError::internal("wallet amount not positive", cents)
            }
            WalletError::Db(e) => e.into(),
        }
    }
}

/// A use case's failure (`app::AppError`), with the status and message it has always had.
impl From<app::AppError> for ApiError {
    fn from(err: app::AppError) -> Self {
        use app::AppError;
        match err {
            AppError::Validation(fields) => ApiError::Validation(fields),
            AppError::BadRequest(m) => ApiError::BadRequest(m),
            AppError::Unauthorized => ApiError::Unauthorized,
            AppError::Forbidden(m) => ApiError::Forbidden(m),
            AppError::NotFound => ApiError::NotFound,
            AppError::NotFoundWith(m) => ApiError::NotFoundWith(m),
            AppError::Conflict(m) => ApiError::Conflict(m),
            AppError::Gone(m) => ApiError::Gone(m),
            AppError::UnsupportedMedia(m) => ApiError::UnsupportedMediaWith(m),
            AppError::PaymentRequired(m) => ApiError::PaymentRequired(m),
            AppError::BadGateway(cause) => ApiError::BadGateway(cause),
            AppError::ProviderDown(cause) => ApiError::ProviderDown(cause),
            AppError::ProviderUnclear(m) => ApiError::ProviderUnclear(m),
            AppError::RateLimited {
                message,
                retry_after,
            } => ApiError::TooManyRequests {
                message,
                retry_after,
            },
            AppError::Unavailable(m) => ApiError::Unavailable(m),
            AppError::Internal(cause) => ApiError::Internal(cause),
        }
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(err: actix_web::error::BlockingError) -> Self {
        ApiError::internal("blocking pool", err)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized | ApiError::UnauthorizedWith(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound | ApiError::NotFoundWith(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::NotAcceptable => StatusCode::NOT_ACCEPTABLE,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Gone(_) => StatusCode::GONE,
            ApiError::UnsupportedMedia | ApiError::UnsupportedMediaWith(_) => {
                StatusCode::UNSUPPORTED_MEDIA_TYPE
            }
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::PaymentRequired(_) => StatusCode::PAYMENT_REQUIRED,
            ApiError::BadGateway(_) | ApiError::ProviderDown(_) | ApiError::ProviderUnclear(_) => {
                StatusCode::BAD_GATEWAY
            }
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let message: String = match self {
            ApiError::Validation(fields) => fields
                .first_message()
                .unwrap_or(msg::VALIDATION_FAILED)
                .to_owned(),
            ApiError::BadRequest(m) => m.clone(),
            ApiError::Unauthorized => msg::UNAUTHORIZED.to_owned(),
            ApiError::UnauthorizedWith(m)
            | ApiError::Forbidden(m)
            | ApiError::Conflict(m)
            | ApiError::Gone(m)
            | ApiError::Unavailable(m)
            | ApiError::NotFoundWith(m)
            | ApiError::UnsupportedMediaWith(m)
            | ApiError::PayloadTooLarge(m)
            | ApiError::PaymentRequired(m)
            | ApiError::ProviderUnclear(m) => (*m).to_owned(),
            ApiError::NotFound => msg::NOT_FOUND.to_owned(),
            ApiError::MethodNotAllowed(_) => msg::METHOD_NOT_ALLOWED.to_owned(),
            ApiError::UnsupportedMedia => msg::UNSUPPORTED_MEDIA.to_owned(),
            ApiError::NotAcceptable => msg::NOT_ACCEPTABLE.to_owned(),
            ApiError::BadGateway(cause) => {
                tracing::error!(%cause, "upstream provider failed");
                msg::PAYMENT_PROVIDER_DOWN.to_owned()
            }
            ApiError::ProviderDown(cause) => {
                tracing::error!(%cause, "proxy provider failed");
                msg::PROXY_PROVIDER_DOWN.to_owned()
            }
            ApiError::TooManyRequests { message, .. } => message.clone(),
            ApiError::Internal(cause) => {
                tracing::error!(%cause, "request failed");
                msg::SOMETHING_WENT_WRONG.to_owned()
            }
        };
        let mut body = json!({ "message": message });
        if let ApiError::Validation(fields) = self {
            let map: Map<String, Value> = fields
                .iter()
                .map(|(f, m)| (f.to_owned(), Value::from(m)))
                .collect();
            body["fields"] = Value::Object(map);
        }
        let mut response = HttpResponse::build(self.status_code());
        if let ApiError::TooManyRequests { retry_after, .. } = self {
            response.insert_header(("Retry-After", retry_after.to_string()));
        }
        if let ApiError::MethodNotAllowed(allow) = self {
            response.insert_header(("Allow", allow.as_str()));
        }
        response.json(body)
    }
}

/// actix's JSON extractor errors: 413 for a body past the limit, 415 for another content
/// type, else (malformed body, not a JSON object) a 400 with a plain message; serde's text may
/// quote internals, so it goes to the debug log only. A JSON object with a field of the wrong
/// type is read further, and answered 422 naming the field (`crate::extractors::JsonObject`).
pub fn json_error_handler(
    err: actix_web::error::JsonPayloadError,
    _req: &actix_web::HttpRequest,
) -> actix_web::Error {
    use actix_web::error::JsonPayloadError;
    tracing::debug!(%err, "rejected JSON body");
    match err {
        JsonPayloadError::ContentType => ApiError::UnsupportedMedia.into(),
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::PayloadTooLarge(msg::BODY_TOO_LARGE).into()
        }
        JsonPayloadError::Payload(actix_web::error::PayloadError::Overflow) => {
            ApiError::PayloadTooLarge(msg::BODY_TOO_LARGE).into()
        }
        _ => ApiError::BadRequest(msg::BAD_JSON.to_owned()).into(),
    }
}

pub fn query_error_handler(
    err: actix_web::error::QueryPayloadError,
    _req: &actix_web::HttpRequest,
) -> actix_web::Error {
    tracing::debug!(%err, "rejected query string");
    ApiError::BadRequest("The query string is not valid".to_owned()).into()
}

/// A path segment that does not parse (`/api/admin/plans/abc`, an id past i64) names nothing:
/// the JSON 404 of any unknown path, not actix's plain-text parse error.
pub fn path_error_handler(
    err: actix_web::error::PathError,
    _req: &actix_web::HttpRequest,
) -> actix_web::Error {
    tracing::debug!(%err, "rejected path parameter");
    ApiError::NotFound.into()
}
