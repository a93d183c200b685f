//! Local upstream proxies standing in for a provider's pool (`upstream::chain::testing`).

pub use upstream::chain::testing::{Behaviour, PoolSaw, TestUpstream, closed_port};
