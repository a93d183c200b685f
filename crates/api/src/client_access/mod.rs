//! What a reseller's client may do (docs/resellers.md): default deny. `allowlist.rs` is the one
//! table of the operations a client's session or key may call at all (and of those its session
//! may call while its reseller lets it buy); the guard middleware of
//! the limited callers (`subuser_access::guard`) refuses every other one with 403 before a
//! handler runs. A client is an account of its own: the listed operations show its own data.

mod allowlist;

pub use allowlist::{allowed, for_buyers, listed, listed_for_buyers};
