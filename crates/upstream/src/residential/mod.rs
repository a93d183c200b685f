//! Residential (per-GB) proxies: the [`ResidentialSource`] trait, the built-in gateway
//! ([`LocalResidential`]) and IPRoyal's sub-user API ([`IpRoyalResidential`]).
//!
//! The customer's GB balance is kept locally and is the source of truth (the provider's usage is
//! read back into our meter; docs/providers.md#iproyal): a source only mirrors it upstream
//! ([`ResidentialSource::sync`]) and turns a targeting request into proxy strings
//! ([`ResidentialSource::proxies`]).

mod iproyal;
mod local;
mod source;

pub use iproyal::{
    IPROYAL_API_URL, IPROYAL_HTTP_PORT, IPROYAL_PROXY_HOST, IPROYAL_SOCKS_PORT, IpRoyalConfig,
    IpRoyalResidential,
};
pub use local::LocalResidential;
pub use source::{
    Place, ProxyRequest, ResidentialError, ResidentialSource, SyncReport, SyncRequest,
    UpstreamAccount,
};
