//! Checking a second factor: a TOTP code (±1 step, each step accepted once per account) or a
//! recovery code (each once). Both "once" rules are conditional UPDATEs in `persistence`, so two
//! instances racing with one code cannot both accept it.

use crate::error::ApiError;
use app::secret_box;
use app::sign_in::code_hash;
use domain::{UserId, totp};
use persistence::{DbConnection, two_factor};
use secrecy::SecretString;

/// The keys a check needs: the session secret (TOTP secrets are sealed under it) and the code
/// key (recovery codes are stored as keyed hashes).
pub struct Keys {
    pub session_secret: SecretString,
    pub code_key: [u8; 32],
}

/// A recovery code as typed, reduced to its 12 characters (case, spaces and dashes ignored);
/// None when it cannot be one.
pub fn normalise_recovery(code: &str) -> Option<String> {
    let plain: String = code
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    (plain.len() == 12 && plain.chars().all(|c| c.is_ascii_alphanumeric())).then_some(plain)
}

/// The stored hash of a (normalised) recovery code, bound to its account.
pub fn recovery_hash(code_key: &[u8; 32], user: UserId, normalised: &str) -> String {
    code_hash(code_key, &format!("recovery:{}", user.get()), normalised)
}

/// Whether `code` is a valid, unused second factor of `user` (TOTP or recovery code); a valid
/// one is used up by this call. The account must have two-factor sign-in on.
pub fn use_code(
    conn: &mut DbConnection,
    keys: &Keys,
    user: UserId,
    code: &str,
    now: i64,
) -> Result<bool, ApiError> {
    let Some(row) = two_factor::find(conn, user)?.filter(|row| row.enabled()) else {
        return Ok(false);
    };
    let code = code.trim();
    if code.len() == totp::DIGITS as usize {
        let secret = secret_box::open(&keys.session_secret, &row.secret)?;
        return match totp::verify(&secret, code, now, row.last_step) {
            Some(step) => Ok(two_factor::accept_step(conn, user, step)?),
            None => Ok(false),
        };
    }
    match normalise_recovery(code) {
        Some(plain) => {
            let hash = recovery_hash(&keys.code_key, user, &plain);
            Ok(two_factor::use_recovery_code(conn, user, &hash, now)?)
        }
        None => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::normalise_recovery;

    #[test]
    fn recovery_codes_forgive_case_spaces_and_dashes() {
        assert_eq!(
            normalise_recovery(" ABCD-ef23 jkmn ").as_deref(),
            Some("abcdef23jkmn")
        );
        assert_eq!(normalise_recovery("abcd-efgh-ijk"), None);
        assert_eq!(normalise_recovery("abcd-efgh-ijk!"), None);
    }
}
