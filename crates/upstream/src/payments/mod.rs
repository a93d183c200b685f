//! Wallet top-up payments: the [`PaymentGateway`] trait, Cryptomus invoices and signed webhooks
//! ([`CryptomusGateway`]), and the [`LocalCheckout`] that stands in for Cryptomus by default.
//!
//! Both gateways sign and verify webhooks with the same algorithm (see the `sign` module), so
//! the API's webhook handler is one code path whichever gateway is configured.

pub(crate) mod cryptomus;
mod error;
mod gateway;
mod local;
pub mod rates;
pub(crate) mod report;
pub(crate) mod sign;

pub use cryptomus::{CRYPTOMUS_API_URL, CryptomusGateway};
pub use error::PaymentError;
pub use gateway::{CheckoutSigner, Invoice, InvoiceRequest, PaymentGateway};
pub use local::LocalCheckout;
pub use report::PaymentReport;
