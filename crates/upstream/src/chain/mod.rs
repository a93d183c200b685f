//! The client side of an upstream pool (`domain::upstream_pool::PoolRoute`): connect to the
//! pool, authenticate with the credentials its templates render (HTTP CONNECT with
//! `Proxy-Authorization: Basic`, or SOCKS5 username/password) and have it open a destination,
//! within a time limit. The gateway relays customers' connections through [`dial`]; the pool
//! probe ([`probe`], the health job and the admin API's test) uses the same handshake to fetch
//! the check URL.
//!
//! A failure is either the pool's ([`PoolFailure`]: refused, timed out, credentials rejected,
//! its own error), for which another pool may be tried, or the destination's (the pool reached
//! its network but the destination failed). No failure carries the pool's host, port or
//! credentials: each is a fixed sentence and a fixed metric label.

mod failure;
mod handshake;
mod probe;
#[cfg(feature = "testing")]
pub mod testing;

pub use failure::{DialError, PoolFailure, credentials, proxy_status};
pub use handshake::{dial, open, proxy_authorization};
pub use probe::{ProbeError, ProbeOutcome, probe};
