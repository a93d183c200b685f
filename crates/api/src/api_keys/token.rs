//! The key itself: `psk_` and the base62 of 32 random bytes (43 characters). Only its SHA-256
//! (hex) is stored, with its first characters as a prefix the customer recognises it by.

use sha2::{Digest, Sha256};

pub const KEY_PREFIX: &str = "psk_";
const ALPHABET: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/// ceil(256 / log2(62)): every 32-byte value fits in this many base62 digits.
const DIGITS: usize = 43;

/// A new key, shown to the customer once.
pub fn generate() -> String {
    let bytes: [u8; 32] = rand::random();
    format!("{KEY_PREFIX}{}", base62(&bytes))
}

/// What is stored and looked up: the SHA-256 of the whole key, in hex. A key has 256 random
/// bits, so a fast hash is enough: nothing can be guessed from it.
pub fn hash(key: &str) -> String {
    hex::encode(Sha256::digest(key.as_bytes()))
}

/// The first 8 characters (`psk_` and 4 more): enough to tell keys apart, useless to an attacker.
pub fn prefix(key: &str) -> String {
    key.chars().take(KEY_PREFIX.len() + 4).collect()
}

/// `bytes` as a big-endian number in base62, left-padded with `0` to `DIGITS` characters.
fn base62(bytes: &[u8; 32]) -> String {
    let mut number = bytes.to_vec();
    let mut digits = Vec::with_capacity(DIGITS);
    while digits.len() < DIGITS {
        // Divides `number` by 62 in place; the remainder is the next digit.
        let mut remainder = 0u32;
        for byte in number.iter_mut() {
            let value = (remainder << 8) | u32::from(*byte);
            *byte = (value / 62) as u8;
            remainder = value % 62;
        }
        digits.push(ALPHABET[remainder as usize]);
    }
    digits.reverse();
    String::from_utf8_lossy(&digits).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base62_of_known_values() {
        assert_eq!(base62(&[0; 32]), "0".repeat(43));
        let mut one = [0u8; 32];
        one[31] = 61;
        assert!(base62(&one).ends_with("0z"));
        one[31] = 62;
        assert!(base62(&one).ends_with("10"));
        // 2^256 - 1 is the largest value and still fits.
        assert_eq!(base62(&[0xff; 32]).len(), 43);
        assert_ne!(base62(&[0xff; 32]).chars().next(), Some('0'));
    }

    #[test]
    fn keys_are_fresh_and_hash_to_hex() {
        let (a, b) = (generate(), generate());
        assert_ne!(a, b);
        assert!(a.starts_with("psk_") && a.len() == 4 + 43, "{a}");
        assert!(a[4..].chars().all(|c| c.is_ascii_alphanumeric()));
        assert_eq!(hash(&a).len(), 64);
        assert_eq!(prefix(&a), &a[..8]);
    }
}
