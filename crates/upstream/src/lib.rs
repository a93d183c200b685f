//! Clients for everything outside the process: mail delivery, Google sign-in, payments,
//! residential proxies and proxies by the piece.
//!
//! Each outside dependency is a trait with a real client and a local implementation that keeps
//! the embedded default fully usable without any account: mail over SMTP or written to `.eml`
//! files; Google's JWKS, or no Google sign-in when no client id is set; Cryptomus or the local
//! checkout; IPRoyal or the built-in gateway for residential proxies. Pieces have only the
//! Proxy-Seller client: without it the `api` crate sells its local stock on the built-in gateway.
//! docs/providers.md holds the providers' facts. The `api` crate holds the chosen implementation
//! as `Arc<dyn Trait>`, so tests can swap in fakes.
//! Errors are `thiserror` enums; the `api` crate maps each kind to a status explicitly.

pub mod google;
pub mod mail;
pub mod payments;
pub mod pieces;
pub mod residential;

pub use google::{
    GOOGLE_JWKS_URL, GoogleError, GoogleIdentity, GoogleVerifier, JwksGoogleVerifier,
};
pub use mail::{FileMailer, MailError, Mailer, OutgoingMail, SmtpMailer};
pub use payments::{
    CRYPTOMUS_API_URL, CryptomusGateway, Invoice, InvoiceRequest, LocalCheckout, PaymentError,
    PaymentGateway, PaymentReport,
};
pub use pieces::{
    DeliveredProxy, PROXYSELLER_API_URL, PieceCatalogue, PieceCountry, PieceError, PieceOperator,
    PieceOrder, PieceSource, PlacedOrder, ProxySellerConfig, ProxySellerPieces,
};
pub use residential::{
    IPROYAL_API_URL, IpRoyalConfig, IpRoyalResidential, LocalResidential, Place, ProxyRequest,
    ResidentialError, ResidentialSource, SyncReport, SyncRequest, UpstreamAccount,
};

/// Renders an error with its whole `source()` chain on one line ("a: b: c"), because the
/// outermost message of reqwest or lettre errors alone ("error sending request") hides the cause.
pub(crate) fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        // Some libraries repeat their source's message in their own; do not print it twice.
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}
