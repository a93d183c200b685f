//! Residential (per-GB) proxies: the [`ResidentialSource`] trait, the built-in gateway
//! ([`LocalResidential`]) and the gateway checked against IPRoyal's location list
//! ([`IpRoyalResidential`]).
//!
//! Every line names our gateway with the customer's own credential: the gateway meters the
//! traffic and relays it directly or through an upstream pool (IPRoyal's among them,
//! docs/providers.md#iproyal). A source turns a targeting request into proxy strings
//! ([`ResidentialSource::proxies`]).

mod iproyal;
mod local;
mod source;

pub use iproyal::{IPROYAL_API_URL, IpRoyalConfig, IpRoyalResidential};
pub use local::LocalResidential;
pub use source::{Place, ProxyRequest, ResidentialError, ResidentialSource};
