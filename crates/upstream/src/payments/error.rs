//! Why a payment call or a webhook failed.

/// Why a payment call or a webhook failed. Messages never contain a key or a signature.
#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// The webhook's `sign` is missing, not a string, or not the one our key gives. Treat the
    /// body as forged.
    #[error("the payment webhook signature does not match")]
    BadSignature,
    /// From `verify_webhook`: a body that is not a JSON object, not a `payment` webhook, or
    /// lacks `order_id`/`status`. From `create_invoice`: a request we must not send (an
    /// `order_id` that is not alpha_dash). Either way, not the provider's fault.
    #[error("malformed payment data: {0}")]
    Malformed(String),
    /// The provider answered with an error (HTTP status other than 200, `state` other than 0,
    /// or a response we cannot read). Holds the provider's message, cut short.
    #[error("the payment provider refused: {0}")]
    Provider(String),
    /// The provider could not be reached, or the HTTP client could not be built.
    #[error("cannot reach the payment provider: {0}")]
    Transport(String),
    /// The provider did not answer in time. An invoice may still have been created: retry with
    /// the same `order_id`, which Cryptomus treats as the same invoice.
    #[error("the payment provider did not answer in time")]
    Timeout,
}
