//! TOTP secrets (and customers' webhook secrets) at rest: AES-256-GCM under a key derived from
//! the session secret (`PROXYSHOP_SESSION_SECRET`) and the secret's purpose, so that a copy of
//! the database alone yields no second factor and no webhook secret.
//! Stored as `v1:` and the base64 of nonce and ciphertext. Changing the session secret makes the
//! stored secrets unreadable: the accounts must then enrol again (docs/two-factor-and-sessions.md).

use crate::error::AppError;
use aes_gcm::aead::{Aead, AeadCore, KeyInit, OsRng};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use secrecy::{ExposeSecret, SecretString};
use sha2::{Digest, Sha256};

const PREFIX: &str = "v1:";
const NONCE_BYTES: usize = 12;

/// What a sealed secret is for: each purpose has its own key.
#[derive(Debug, Clone, Copy)]
pub enum Purpose {
    Totp,
    Webhook,
}

impl Purpose {
    fn label(self) -> &'static [u8] {
        match self {
            Purpose::Totp => b"proxyshop totp secret key\0",
            Purpose::Webhook => b"proxyshop webhook secret key\0",
        }
    }
}

fn cipher(session_secret: &SecretString, purpose: Purpose) -> Aes256Gcm {
    let key: [u8; 32] = Sha256::new()
        .chain_update(purpose.label())
        .chain_update(session_secret.expose_secret().as_bytes())
        .finalize()
        .into();
    Aes256Gcm::new(&key.into())
}

/// The stored form of the TOTP secret `secret`.
pub fn seal(session_secret: &SecretString, secret: &[u8]) -> Result<String, AppError> {
    seal_for(Purpose::Totp, session_secret, secret)
}

/// The TOTP secret `stored` holds; an error when it was sealed under another key or is damaged.
pub fn open(session_secret: &SecretString, stored: &str) -> Result<Vec<u8>, AppError> {
    open_for(Purpose::Totp, session_secret, stored)
}

/// The stored form of `secret`, a secret for `purpose`.
pub fn seal_for(
    purpose: Purpose,
    session_secret: &SecretString,
    secret: &[u8],
) -> Result<String, AppError> {
    let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
    let sealed = cipher(session_secret, purpose)
        .encrypt(&nonce, secret)
        .map_err(|e| AppError::internal("sealing a secret", e))?;
    let mut bytes = nonce.to_vec();
    bytes.extend_from_slice(&sealed);
    Ok(format!("{PREFIX}{}", STANDARD.encode(bytes)))
}

/// The secret for `purpose` that `stored` holds; an error when it was sealed under another key
/// or purpose, or is damaged.
pub fn open_for(
    purpose: Purpose,
    session_secret: &SecretString,
    stored: &str,
) -> Result<Vec<u8>, AppError> {
    let fail = |what: &str| AppError::internal("opening a sealed secret", what);
    let body = stored
        .strip_prefix(PREFIX)
        .ok_or_else(|| fail("unknown format"))?;
    let bytes = STANDARD.decode(body).map_err(|_| fail("not base64"))?;
    if bytes.len() <= NONCE_BYTES {
        return Err(fail("too short"));
    }
    let (nonce, sealed) = bytes.split_at(NONCE_BYTES);
    let nonce: [u8; NONCE_BYTES] = nonce.try_into().map_err(|_| fail("bad nonce"))?;
    cipher(session_secret, purpose)
        .decrypt(&Nonce::from(nonce), sealed)
        .map_err(|_| fail("wrong key or damaged"))
}

#[cfg(test)]
mod tests {
    use super::{Purpose, open, open_for, seal, seal_for};
    use secrecy::SecretString;

    #[test]
    fn round_trips_and_refuses_another_key() {
        let key = SecretString::from("a".repeat(40));
        let stored = seal(&key, b"12345678901234567890").unwrap();
        assert!(stored.starts_with("v1:"));
        assert!(!stored.contains("12345678901234567890"));
        assert_eq!(open(&key, &stored).unwrap(), b"12345678901234567890");
        assert!(open(&SecretString::from("b".repeat(40)), &stored).is_err());
        assert!(open(&key, "JBSWY3DPEHPK3PXP").is_err());
        // A secret sealed for one purpose does not open for another.
        let webhook = seal_for(Purpose::Webhook, &key, b"whsec_x").unwrap();
        assert_eq!(
            open_for(Purpose::Webhook, &key, &webhook).unwrap(),
            b"whsec_x"
        );
        assert!(open(&key, &webhook).is_err());
    }
}
