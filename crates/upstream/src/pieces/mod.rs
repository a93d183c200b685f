//! Proxies sold by the piece (Static Residential, Datacenter IPv4 and IPv6, LTE Mobile): the
//! [`PieceSource`] trait the API buys them through, and [`ProxySellerPieces`], its client for the
//! Proxy-Seller order API (docs/providers.md#proxy-seller).
//!
//! Buying is not idempotent at the provider (it documents no idempotency key): the caller writes a
//! pending row before [`PieceSource::place`], never retries a call that ended in
//! [`PieceError::Unknown`], and polls [`PieceSource::delivered`] until the proxies appear.

mod country_codes;
mod proxyseller;
mod source;

pub use proxyseller::{PROXYSELLER_API_URL, ProxySellerConfig, ProxySellerPieces};
pub use source::{
    DeliveredProxy, PieceCatalogue, PieceCountry, PieceError, PieceOperator, PieceOrder,
    PieceSource, PlacedOrder,
};
