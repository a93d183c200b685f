//! Local upstream proxies standing in for a provider's pool (`upstream::chain::testing`).

pub use upstream::chain::testing::{Behaviour, PoolSaw, TestUpstream, closed_port};

/// A sticky session id whose pool order (among `pools`, by id and weight) starts with `first`.
pub fn session_first_on(pools: &[(i64, u32)], first: i64) -> String {
    (0..10_000)
        .map(|n| format!("s{n}"))
        .find(|s| pools[domain::upstream_pool::rendezvous_order(s, pools, 1)[0]].0 == first)
        .unwrap()
}
