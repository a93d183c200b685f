//! Verifying a Google ID token against Google's published keys.

use std::time::Duration;

use jsonwebtoken::{Algorithm, Validation, decode, decode_header};
use serde::Deserialize;

use super::error::GoogleError;
use super::keys::KeyCache;
use crate::error_chain::error_chain;

/// Where Google publishes its current token-signing keys as a JWK set.
pub const GOOGLE_JWKS_URL: &str = "https://www.googleapis.com/oauth2/v3/certs";

/// Google documents both forms; the bare one is the legacy spelling still found in tokens.
const ISSUERS: [&str; 2] = ["accounts.google.com", "https://accounts.google.com"];
/// Tolerated clock skew when checking `exp`.
const LEEWAY_SECS: u64 = 60;
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// Who signed in, as stated by a verified token. `sub` is the stable key for the account;
/// trust `email` only when `email_verified` is true.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoogleIdentity {
    pub sub: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub name: Option<String>,
    pub picture: Option<String>,
}

/// Checks a Google ID token; held by the application as `Arc<dyn GoogleVerifier>`.
#[async_trait::async_trait]
pub trait GoogleVerifier: Send + Sync + 'static {
    async fn verify(&self, id_token: &str) -> Result<GoogleIdentity, GoogleError>;
}

/// Verifies tokens against Google's JWKS, caching the keys (see the `keys` module).
pub struct JwksGoogleVerifier {
    validation: Validation,
    keys: KeyCache,
}

impl JwksGoogleVerifier {
    /// `client_id` is the OAuth client id the tokens must be issued to (`aud`); `jwks_url` is
    /// normally [`GOOGLE_JWKS_URL`]. Builds its own HTTP client (5 s connect, 10 s total).
    pub fn new(client_id: String, jwks_url: String) -> Result<Self, GoogleError> {
        let http = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REQUEST_TIMEOUT)
            .build()
            .map_err(|e| {
                GoogleError::KeyFetch(format!("cannot build the HTTP client: {}", error_chain(&e)))
            })?;
        Ok(Self::with_client(client_id, jwks_url, http))
    }

    /// As [`JwksGoogleVerifier::new`] with a caller-built client, which must carry its own
    /// timeouts (tests use this for short ones).
    pub fn with_client(client_id: String, jwks_url: String, http: reqwest::Client) -> Self {
        let mut validation = Validation::new(Algorithm::RS256);
        validation.set_audience(&[client_id]);
        validation.set_issuer(&ISSUERS);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = LEEWAY_SECS;
        Self {
            validation,
            keys: KeyCache::new(http, jwks_url),
        }
    }
}

impl std::fmt::Debug for JwksGoogleVerifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JwksGoogleVerifier")
            .field("audience", &self.validation.aud)
            .finish_non_exhaustive()
    }
}

#[async_trait::async_trait]
impl GoogleVerifier for JwksGoogleVerifier {
    async fn verify(&self, id_token: &str) -> Result<GoogleIdentity, GoogleError> {
        let invalid = |e: jsonwebtoken::errors::Error| GoogleError::InvalidToken(e.to_string());
        // Everything checked before the key lookup costs no request to Google.
        let header = decode_header(id_token).map_err(invalid)?;
        if header.alg != Algorithm::RS256 {
            return Err(GoogleError::InvalidToken(format!(
                "algorithm {:?} is not RS256",
                header.alg
            )));
        }
        let kid = header
            .kid
            .ok_or_else(|| GoogleError::InvalidToken("no key id (kid) in the header".to_owned()))?;
        let key = self.keys.key(&kid).await?;
        let claims = decode::<Claims>(id_token, &key, &self.validation)
            .map_err(invalid)?
            .claims;
        if claims.sub.trim().is_empty() {
            return Err(GoogleError::InvalidToken("empty subject (sub)".to_owned()));
        }
        Ok(GoogleIdentity {
            sub: claims.sub,
            email: claims.email,
            email_verified: claims.email_verified.is_some_and(|v| v.is_true()),
            name: claims.name,
            picture: claims.picture,
        })
    }
}

/// The claims we read; `aud`, `iss` and `exp` are checked by `jsonwebtoken`'s validation.
#[derive(Deserialize)]
struct Claims {
    sub: String,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    email_verified: Option<BoolOrString>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    picture: Option<String>,
}

/// `email_verified` is a JSON boolean in current tokens but has been sent as the string
/// `"true"`; accept both spellings.
#[derive(Deserialize)]
#[serde(untagged)]
enum BoolOrString {
    Bool(bool),
    Text(String),
}

impl BoolOrString {
    fn is_true(&self) -> bool {
        match self {
            Self::Bool(value) => *value,
            Self::Text(text) => text.eq_ignore_ascii_case("true"),
        }
    }
}
