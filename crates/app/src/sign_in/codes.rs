//! How emailed codes are kept: never as typed, but as an HMAC bound to what they are for (an
//! address, or a held sign-in's account), keyed by a server secret, and compared in constant
//! time.

use domain::UserId;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// HMAC-SHA256 of the code, bound to its email address, keyed by a server secret.
pub fn code_hash(key: &[u8; 32], email: &str, code: &str) -> String {
    let Ok(mut mac) = <Hmac<Sha256> as Mac>::new_from_slice(key) else {
        unreachable!("HMAC takes keys of any length")
    };
    mac.update(email.as_bytes());
    mac.update(b":");
    mac.update(code.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

pub fn code_matches(key: &[u8; 32], email: &str, code: &str, stored: &str) -> bool {
    use subtle::ConstantTimeEq;
    code_hash(key, email, code)
        .as_bytes()
        .ct_eq(stored.as_bytes())
        .into()
}

/// What a mailed sign-in code is hashed under: bound to its account.
pub fn email_code_hash(code_key: &[u8; 32], user: UserId, code: &str) -> String {
    code_hash(code_key, &format!("signin:{}", user.get()), code)
}
