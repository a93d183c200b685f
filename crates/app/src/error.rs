//! The failures of the use cases, by what went wrong rather than by HTTP status: the API maps
//! each variant to its status and message (`api::error`), a command prints it, a job logs it.
//! Client-facing variants carry the exact message the customer sees (`domain::messages`);
//! `Internal` carries a cause for the log only. As in the API there is no blanket
//! `From<E: Error>`: each source of failure is mapped here by name.

use domain::{FieldErrors, messages as msg};
use persistence::DbError;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The input breaks a rule; per field.
    #[error("validation failed")]
    Validation(FieldErrors),
    /// The input cannot be used at all.
    #[error("bad request: {0}")]
    BadRequest(String),
    /// The signed-in account is gone: its session signs nobody in any more.
    #[error("unauthorized")]
    Unauthorized,
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
    /// An upload is no file of a kind taken.
    #[error("unsupported media: {0}")]
    UnsupportedMedia(&'static str),
    /// Not enough money in the wallet, or the like.
    #[error("payment required: {0}")]
    PaymentRequired(&'static str),
    /// The payment gateway failed; the cause is logged, never shown.
    #[error("upstream failure: {0}")]
    BadGateway(String),
    /// A proxy provider failed; the cause is logged, never shown.
    #[error("proxy provider failure: {0}")]
    ProviderDown(String),
    /// A provider's answer was lost; the message says what happens next.
    #[error("provider outcome unknown: {0}")]
    ProviderUnclear(&'static str),
    #[error("rate limited: {message}")]
    RateLimited { message: String, retry_after: u64 },
    /// Temporarily refused (a queue is full, a service is off).
    #[error("unavailable: {0}")]
    Unavailable(&'static str),
    /// Anything else; the context and cause go to the log only.
    #[error("internal error: {0}")]
    Internal(String),
}

impl AppError {
    pub fn internal(context: &str, err: impl std::fmt::Display) -> Self {
        AppError::Internal(format!("{context}: {err}"))
    }

    pub fn field(field: &'static str, message: &'static str) -> Self {
        let mut errors = FieldErrors::new();
        errors.add(field, message);
        AppError::Validation(errors)
    }
}

impl From<DbError> for AppError {
    fn from(err: DbError) -> Self {
        AppError::internal("database", err)
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(err: diesel::result::Error) -> Self {
        AppError::from(DbError::from(err))
    }
}

impl From<persistence::prices::PriceError> for AppError {
    /// A coupon that does not apply is the `coupon` field's error; an amount too large to price
    /// is a plan no longer sold that way.
    fn from(err: persistence::prices::PriceError) -> Self {
        use persistence::prices::PriceError;
        match err {
            PriceError::Coupon(message) => {
                let mut errors = FieldErrors::new();
                errors.add("coupon", message);
                AppError::Validation(errors)
            }
            PriceError::Overflow => AppError::Gone(msg::PLAN_UNAVAILABLE),
            PriceError::Db(e) => e.into(),
        }
    }
}

impl From<persistence::wallet::WalletError> for AppError {
    fn from(err: persistence::wallet::WalletError) -> Self {
        use persistence::wallet::WalletError;
        match err {
            WalletError::Insufficient => AppError::PaymentRequired(msg::INSUFFICIENT_BALANCE),
            WalletError::Duplicate(op) => AppError::internal("wallet operation applied twice", op),
            WalletError::NotPositive(cents) => {
                AppError::internal("wallet amount not positive", cents)
            }
            WalletError::Db(e) => e.into(),
        }
    }
}
