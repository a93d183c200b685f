//! Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) with HMAC-SHA1, 6 digits and
//! 30-second steps: what every authenticator app computes from the secret it was shown.
//!
//! A code is checked against the step before, the current one and the one after (clocks
//! drift), never against a step at or before the last one accepted (a code works once), and in
//! constant time.

use hmac::{Hmac, Mac};
use rand::RngCore;
use sha1::Sha1;
use subtle::ConstantTimeEq;

/// Seconds per step.
pub const PERIOD: i64 = 30;
/// Digits of a code.
pub const DIGITS: u32 = 6;
/// Bytes of a secret: 160 bits, the size RFC 4226 recommends.
pub const SECRET_BYTES: usize = 20;

/// A new random secret.
pub fn new_secret() -> Vec<u8> {
    let mut secret = vec![0u8; SECRET_BYTES];
    rand::rngs::OsRng.fill_bytes(&mut secret);
    secret
}

/// The step `unix_seconds` falls in.
pub fn step_at(unix_seconds: i64) -> i64 {
    unix_seconds.div_euclid(PERIOD)
}

/// HOTP (RFC 4226 §5.3): the `digits`-digit code of counter `step`, zero-padded.
pub fn code_at(secret: &[u8], step: u64, digits: u32) -> String {
    let Ok(mut mac) = <Hmac<Sha1> as Mac>::new_from_slice(secret) else {
        unreachable!("HMAC takes keys of any length")
    };
    mac.update(&step.to_be_bytes());
    let hash = mac.finalize().into_bytes();
    let offset = usize::from(hash[hash.len() - 1] & 0x0f);
    let binary = u32::from_be_bytes([
        hash[offset] & 0x7f,
        hash[offset + 1],
        hash[offset + 2],
        hash[offset + 3],
    ]);
    let code = binary % 10u32.pow(digits);
    format!("{code:0width$}", width = digits as usize)
}

/// The step whose code `code` is, among the steps around `now` (one before, the current, one
/// after) later than `last_step`; None when it matches none of them. Every candidate is compared,
/// in constant time, whatever matched first.
pub fn verify(secret: &[u8], code: &str, now_unix: i64, last_step: i64) -> Option<i64> {
    let code = code.trim();
    if code.len() != DIGITS as usize || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let current = step_at(now_unix);
    let mut found = None;
    for step in [current - 1, current, current + 1] {
        let Ok(counter) = u64::try_from(step) else {
            continue;
        };
        let expected = code_at(secret, counter, DIGITS);
        let matches: bool = expected.as_bytes().ct_eq(code.as_bytes()).into();
        if matches && step > last_step && found.is_none() {
            found = Some(step);
        }
    }
    found
}

/// The `otpauth://` URL authenticator apps read from a QR code (the Key Uri Format).
pub fn otpauth_url(issuer: &str, account: &str, secret_base32: &str) -> String {
    format!(
        "otpauth://totp/{issuer}:{account}?secret={secret_base32}&issuer={issuer}&algorithm=SHA1&digits={DIGITS}&period={PERIOD}",
        issuer = percent_encode(issuer),
        account = percent_encode(account),
    )
}

/// Percent-encodes all but RFC 3986's unreserved characters and `@` (kept readable in the
/// account name, as the apps show it; an invitation link's email too).
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~@".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B, the SHA-1 rows: the ASCII secret "12345678901234567890", 8 digits.
    const RFC_6238_SHA1: [(i64, &str); 6] = [
        (59, "94287082"),
        (1_111_111_109, "07081804"),
        (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"),
        (2_000_000_000, "69279037"),
        (20_000_000_000, "65353130"),
    ];
    const SECRET: &[u8] = b"12345678901234567890";

    #[test]
    fn rfc_6238_appendix_b_sha1_vectors() {
        for (time, expected) in RFC_6238_SHA1 {
            let step = u64::try_from(step_at(time)).unwrap();
            assert_eq!(code_at(SECRET, step, 8), expected, "T = {time}");
        }
    }

    #[test]
    fn six_digit_codes_are_the_last_six_digits_of_the_vectors() {
        for (time, expected) in RFC_6238_SHA1 {
            assert_eq!(verify(SECRET, &expected[2..], time, 0), Some(step_at(time)));
        }
    }

    #[test]
    fn one_step_either_side_is_accepted_and_no_further() {
        let time = 1_111_111_111;
        let step = step_at(time);
        let code = |s: i64| code_at(SECRET, s as u64, DIGITS);
        assert_eq!(verify(SECRET, &code(step - 1), time, 0), Some(step - 1));
        assert_eq!(verify(SECRET, &code(step + 1), time, 0), Some(step + 1));
        assert_eq!(verify(SECRET, &code(step - 2), time, 0), None);
        assert_eq!(verify(SECRET, &code(step + 2), time, 0), None);
    }

    #[test]
    fn a_step_at_or_before_the_last_accepted_is_refused() {
        let time = 1_234_567_890;
        let step = step_at(time);
        let code = code_at(SECRET, step as u64, DIGITS);
        assert_eq!(verify(SECRET, &code, time, step - 1), Some(step));
        assert_eq!(verify(SECRET, &code, time, step), None, "replay");
        assert_eq!(verify(SECRET, &code, time, step + 1), None);
    }

    #[test]
    fn malformed_codes_are_refused() {
        for code in ["", "12345", "1234567", "12a456", "１２３４５６"] {
            assert_eq!(verify(SECRET, code, 59, 0), None, "{code:?}");
        }
    }

    #[test]
    fn the_otpauth_url_has_every_parameter() {
        assert_eq!(
            otpauth_url("ProxyShop", "a+b@example.com", "JBSWY3DPEHPK3PXP"),
            "otpauth://totp/ProxyShop:a%2Bb@example.com?secret=JBSWY3DPEHPK3PXP&issuer=ProxyShop&algorithm=SHA1&digits=6&period=30"
        );
        assert_eq!(new_secret().len(), 20);
    }
}
