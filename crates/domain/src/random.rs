//! Random strings: referral codes, proxy usernames and passwords, email codes, and the
//! alphanumeric tokens other crates draw (payment ids, session keys, provider passwords).

use rand::Rng;
use rand::distributions::{Alphanumeric, Uniform};

const LOWER_ALNUM: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// `len` characters from an unambiguous lowercase alphabet (no 0/o, 1/l).
fn lower_alnum(len: usize) -> String {
    let mut rng = rand::thread_rng();
    let pick = Uniform::from(0..LOWER_ALNUM.len());
    (0..len)
        .map(|_| LOWER_ALNUM[rng.sample(pick)] as char)
        .collect()
}

/// A referral code, used in `?ref=` links.
pub fn ref_code() -> String {
    lower_alnum(8).to_uppercase()
}

/// The customer's proxy username: letters and digits only, so that targeting options can be
/// appended with `-` separators without ambiguity.
pub fn proxy_username() -> String {
    format!("u{}", lower_alnum(9))
}

/// The gateway username of one proxy bought by the piece: `pc` and 12 letters and digits (it
/// can never parse as a targeting username, whose base starts with `u`).
pub fn piece_username() -> String {
    format!("pc{}", lower_alnum(12))
}

/// `len` ASCII letters and digits (about 5.95 bits each).
pub fn alphanumeric(len: usize) -> String {
    rand::thread_rng()
        .sample_iter(&Alphanumeric)
        .take(len)
        .map(char::from)
        .collect()
}

/// The customer's proxy password: 20 alphanumerics (about 119 bits).
pub fn proxy_password() -> String {
    alphanumeric(20)
}

/// A six-digit email verification code, leading zeros allowed.
pub fn verification_code() -> String {
    format!("{:06}", rand::thread_rng().gen_range(0..1_000_000))
}

/// A two-factor recovery code like `abcd-ef23-jkmn`: 12 characters of a 32-letter alphabet
/// (60 bits), grouped by four for reading aloud and typing.
pub fn recovery_code() -> String {
    let raw = lower_alnum(12);
    format!("{}-{}-{}", &raw[..4], &raw[4..8], &raw[8..])
}

/// A random password for generated accounts (bootstrap admin): satisfies the password policy.
pub fn strong_password() -> String {
    format!("{}Aa1!", proxy_password())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::Password;

    #[test]
    fn shapes_are_as_documented() {
        let code = verification_code();
        assert_eq!(code.len(), 6);
        assert!(code.bytes().all(|b| b.is_ascii_digit()));
        let user = proxy_username();
        assert_eq!(user.len(), 10);
        assert!(user.bytes().all(|b| b.is_ascii_alphanumeric()));
        assert_eq!(ref_code().len(), 8);
        assert_eq!(proxy_password().len(), 20);
    }

    #[test]
    fn generated_passwords_pass_the_policy() {
        for _ in 0..50 {
            assert!(Password::parse_new(&strong_password()).is_ok());
        }
    }
}
