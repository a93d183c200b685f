//! Clients for everything outside the process: mail delivery, Google sign-in, payments,
//! residential proxies, proxies by the piece, and the proxy checker (one request through our
//! gateway to an IP-echo service), and customers' webhooks.
//!
//! Each outside dependency is a trait with a real client and a local implementation that keeps
//! the embedded default fully usable without any account: mail over SMTP or written to `.eml`
//! files; Google's JWKS, or no Google sign-in when no client id is set; Cryptomus or the local
//! checkout; the built-in gateway for residential proxies (checked against IPRoyal's location list
//! when its pool is configured). Pieces have only the
//! Proxy-Seller client: without it the `api` crate sells its local stock on the built-in gateway.
//! docs/providers.md holds the providers' facts. The `api` crate holds the chosen implementation
//! as `Arc<dyn Trait>`, so tests can swap in fakes.
//! Errors are `thiserror` enums; the `api` crate maps each kind to a status explicitly.

pub mod chain;
pub mod checker;
mod error_chain;
pub mod google;
#[cfg(feature = "testing")]
pub mod log_capture;
pub mod mail;
pub mod payments;
pub mod payouts;
pub mod pieces;
pub mod residential;
pub mod webhook;

pub use checker::{
    CheckError, CheckOutcome, CheckRequest, DEFAULT_CHECK_TIMEOUT, DEFAULT_CHECK_URL, ProxyChecker,
    ReqwestProxyChecker,
};
pub use google::{
    GOOGLE_JWKS_URL, GoogleError, GoogleIdentity, GoogleVerifier, JwksGoogleVerifier,
};
pub use mail::{FileMailer, MailError, Mailer, OutgoingMail, SmtpMailer};
pub use payments::rates::{CryptomusRates, ExchangeRates, UsdRate};
pub use payments::{
    CRYPTOMUS_API_URL, CheckoutSigner, CryptomusGateway, Invoice, InvoiceRequest, LocalCheckout,
    PaymentError, PaymentGateway, PaymentReport,
};
pub use payouts::{
    CryptomusPayouts, LocalPayouts, PayoutError, PayoutOrder, PayoutReceipt, PayoutReport,
    PayoutSender,
};
pub use pieces::{
    DeliveredProxy, PROXYSELLER_API_URL, PieceCatalogue, PieceCountry, PieceError, PieceOperator,
    PieceOrder, PieceSource, PlacedOrder, ProxySellerConfig, ProxySellerPieces,
};
pub use residential::{
    IPROYAL_API_URL, IpRoyalConfig, IpRoyalResidential, LocalResidential, Place, ProxyRequest,
    ResidentialError, ResidentialSource,
};
pub use webhook::{
    ReqwestWebhookSender, WEBHOOK_TIMEOUT, WebhookCall, WebhookError, WebhookSender,
};
