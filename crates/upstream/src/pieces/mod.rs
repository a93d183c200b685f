//! Proxies sold by the piece (Static Residential, Datacenter IPv4 and IPv6, LTE Mobile): the
//! [`PieceSource`] trait the API buys them through, and [`ProxySellerPieces`], its client for the
//! Proxy-Seller order API (UPSTREAM.md §2b.2).
//!
//! Buying is not idempotent at the provider (UPSTREAM.md §2a.5, §4 point 5): the caller writes a
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
