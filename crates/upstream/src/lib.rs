//! Clients for everything outside the process: mail delivery, Google sign-in, payments
//! (Cryptomus), residential proxies (IPRoyal) and proxies sold by the piece (Proxy-Seller).
//!
//! Each outside dependency is a trait with a real client and, where one exists, a local
//! implementation that keeps the embedded default usable without any account: mail written to
//! `.eml` files, the local checkout, residential proxies on our own gateway. Google sign-in is
//! simply not offered without a client id, and pieces without Proxy-Seller are the `api` crate's
//! own stock on the gateway. The
//! `api` crate holds the chosen implementation as `Arc<dyn Trait>`, so tests can swap in fakes.
//! Errors are `thiserror` enums; the `api` crate maps each kind to a status explicitly.

mod error_chain;
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
    CRYPTOMUS_API_URL, CheckoutSigner, CryptomusGateway, Invoice, InvoiceRequest, LocalCheckout,
    PaymentError, PaymentGateway, PaymentReport,
};
pub use pieces::{
    DeliveredProxy, PROXYSELLER_API_URL, PieceCatalogue, PieceCountry, PieceError, PieceOperator,
    PieceOrder, PieceSource, PlacedOrder, ProxySellerConfig, ProxySellerPieces,
};
pub use residential::{
    IPROYAL_API_URL, IpRoyalConfig, IpRoyalResidential, LocalResidential, Place, ProxyRequest,
    ResidentialError, ResidentialSource, SyncReport, SyncRequest, UpstreamAccount,
};
