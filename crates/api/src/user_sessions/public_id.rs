//! The id a session has in the session list: a keyed hash of its row id (itself a hash of the
//! cookie's key), so that neither the key nor the stored row id ever leaves the server.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// 32 hex digits (128 bits) naming the session `row_id` to its owner.
pub fn public_id(key: &[u8; 32], row_id: &str) -> String {
    let Ok(mut mac) = <Hmac<Sha256> as Mac>::new_from_slice(key) else {
        unreachable!("HMAC takes keys of any length")
    };
    mac.update(b"session-list:");
    mac.update(row_id.as_bytes());
    let digest = mac.finalize().into_bytes();
    hex::encode(&digest[..16])
}
