//! Why a Google ID token was not accepted.

/// Why a token was not accepted. The text is for the log; it never contains the token.
#[derive(Debug, thiserror::Error)]
pub enum GoogleError {
    /// Malformed, not RS256, signed by an unknown key, bad signature, wrong `aud` or `iss`,
    /// expired, or missing `sub`: the client sent something we must not trust.
    #[error("invalid Google ID token: {0}")]
    InvalidToken(String),
    /// Google's key set could not be fetched or read: our problem, not the client's.
    #[error("cannot get Google's signing keys: {0}")]
    KeyFetch(String),
}
