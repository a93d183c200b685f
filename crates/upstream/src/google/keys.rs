//! Google's token-signing keys: fetched from the JWKS URL, cached for the `Cache-Control`
//! max-age, and refetched early (at most once per [`REFETCH_INTERVAL`]) when a token names a key
//! id the cache does not hold, which is how a key rotation shows up.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use jsonwebtoken::DecodingKey;
use jsonwebtoken::jwk::{AlgorithmParameters, Jwk, KeyAlgorithm, PublicKeyUse};
use reqwest::header::CACHE_CONTROL;
use tokio::sync::{Mutex, RwLock};
use tokio::time::Instant;

use super::error::GoogleError;
use crate::error_chain::error_chain;

/// Used when the response has no usable `Cache-Control: max-age`.
const DEFAULT_MAX_AGE: Duration = Duration::from_secs(60 * 60);
/// Bounds on the honoured max-age: a `max-age=0` must not turn every sign-in into a fetch, and
/// a huge one must not pin keys Google has long rotated away.
const MIN_MAX_AGE: Duration = REFETCH_INTERVAL;
const MAX_MAX_AGE: Duration = Duration::from_secs(24 * 60 * 60);
/// Minimum gap between fetches triggered by unknown key ids. Anyone can send a token with a
/// made-up `kid`; without this gap each one would cost a request to Google.
pub(super) const REFETCH_INTERVAL: Duration = Duration::from_secs(30);

pub(super) struct KeyCache {
    http: reqwest::Client,
    url: String,
    state: RwLock<State>,
    /// Held while fetching, so concurrent misses cause one request, not one each.
    fetching: Mutex<()>,
}

#[derive(Default)]
struct State {
    keys: HashMap<String, Arc<DecodingKey>>,
    /// `None` until the first successful fetch.
    expires_at: Option<Instant>,
    /// Last fetch attempt, successful or not; paces the unknown-kid refetches.
    attempted_at: Option<Instant>,
}

enum Lookup {
    Hit(Arc<DecodingKey>),
    Unknown,
    Stale,
}

impl State {
    fn lookup(&self, kid: &str, now: Instant) -> Lookup {
        match self.expires_at {
            Some(expires_at) if now < expires_at => match self.keys.get(kid) {
                Some(key) => Lookup::Hit(Arc::clone(key)),
                None => Lookup::Unknown,
            },
            _ => Lookup::Stale,
        }
    }

    fn may_refetch(&self, now: Instant) -> bool {
        self.attempted_at
            .is_none_or(|at| now.saturating_duration_since(at) >= REFETCH_INTERVAL)
    }
}

impl KeyCache {
    pub(super) fn new(http: reqwest::Client, url: String) -> Self {
        Self {
            http,
            url,
            state: RwLock::default(),
            fetching: Mutex::new(()),
        }
    }

    /// The verification key for `kid`: [`GoogleError::InvalidToken`] if Google does not list
    /// it, [`GoogleError::KeyFetch`] if the list cannot be had.
    pub(super) async fn key(&self, kid: &str) -> Result<Arc<DecodingKey>, GoogleError> {
        if let Lookup::Hit(key) = self.state.read().await.lookup(kid, Instant::now()) {
            return Ok(key);
        }
        let _fetching = self.fetching.lock().await;
        // Look again: the fetch this task queued behind may have brought the key, or used up
        // the refetch allowance.
        {
            let state = self.state.read().await;
            let now = Instant::now();
            match state.lookup(kid, now) {
                Lookup::Hit(key) => return Ok(key),
                Lookup::Unknown if !state.may_refetch(now) => return Err(unknown_kid(kid)),
                Lookup::Unknown | Lookup::Stale => {}
            }
        }
        let fetched = self.fetch().await;
        let now = Instant::now();
        let mut state = self.state.write().await;
        state.attempted_at = Some(now);
        let (keys, max_age) = fetched?;
        tracing::debug!(
            keys = keys.len(),
            max_age_secs = max_age.as_secs(),
            "fetched Google signing keys"
        );
        state.keys = keys;
        state.expires_at = Some(now + max_age);
        match state.keys.get(kid) {
            Some(key) => Ok(Arc::clone(key)),
            None => Err(unknown_kid(kid)),
        }
    }

    async fn fetch(&self) -> Result<(HashMap<String, Arc<DecodingKey>>, Duration), GoogleError> {
        let fetch_error = |e: reqwest::Error| GoogleError::KeyFetch(error_chain(&e));
        let response = self
            .http
            .get(&self.url)
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(fetch_error)?;
        let max_age = response
            .headers()
            .get(CACHE_CONTROL)
            .and_then(|value| value.to_str().ok())
            .and_then(max_age)
            .unwrap_or(DEFAULT_MAX_AGE)
            .clamp(MIN_MAX_AGE, MAX_MAX_AGE);
        let set: RawJwkSet = response.json().await.map_err(fetch_error)?;
        let keys = usable_keys(set.keys);
        if keys.is_empty() {
            return Err(GoogleError::KeyFetch(
                "the key set holds no usable RS256 signing key".to_owned(),
            ));
        }
        Ok((keys, max_age))
    }
}

fn unknown_kid(kid: &str) -> GoogleError {
    // The kid is the sender's text and ends up in the log: quoted by `{:?}` and cut short.
    let shown: String = kid.chars().take(64).collect();
    GoogleError::InvalidToken(format!("unknown key id {shown:?}"))
}

/// The JWKS document with its keys left raw, so that one key of a type `jsonwebtoken` cannot
/// parse does not make the whole set unusable.
#[derive(serde::Deserialize)]
struct RawJwkSet {
    keys: Vec<serde_json::Value>,
}

/// RSA signing keys with a key id, by key id; anything else in the set is skipped.
fn usable_keys(raw: Vec<serde_json::Value>) -> HashMap<String, Arc<DecodingKey>> {
    raw.into_iter()
        .filter_map(|value| {
            let jwk: Jwk = serde_json::from_value(value).ok()?;
            let kid = jwk.common.key_id.clone()?;
            let is_rsa = matches!(jwk.algorithm, AlgorithmParameters::RSA(_));
            let for_signing = jwk
                .common
                .public_key_use
                .as_ref()
                .is_none_or(|usage| *usage == PublicKeyUse::Signature);
            let rs256 = jwk
                .common
                .key_algorithm
                .is_none_or(|alg| alg == KeyAlgorithm::RS256);
            if !(is_rsa && for_signing && rs256) {
                return None;
            }
            let key = DecodingKey::from_jwk(&jwk).ok()?;
            Some((kid, Arc::new(key)))
        })
        .collect()
}

/// The `max-age` directive of a `Cache-Control` value, if any.
fn max_age(cache_control: &str) -> Option<Duration> {
    cache_control.split(',').find_map(|directive| {
        let (name, value) = directive.split_once('=')?;
        if !name.trim().eq_ignore_ascii_case("max-age") {
            return None;
        }
        let seconds = value.trim().trim_matches('"').parse::<u64>().ok()?;
        Some(Duration::from_secs(seconds))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn max_age_is_read_from_googles_header() {
        let header = "public, max-age=19387, must-revalidate, no-transform";
        assert_eq!(max_age(header), Some(Duration::from_secs(19387)));
        assert_eq!(max_age("Max-Age = \"60\""), Some(Duration::from_secs(60)));
        assert_eq!(max_age("no-cache"), None);
        assert_eq!(max_age("max-age=soon"), None);
    }

    #[test]
    fn only_rsa_signing_keys_with_a_kid_are_kept() {
        // A tiny but well-formed RSA modulus: parsing is all that matters here.
        let rsa = |kid: &str| json!({"kty": "RSA", "kid": kid, "n": "sXch", "e": "AQAB"});
        let mut encryption = rsa("enc");
        encryption["use"] = json!("enc");
        let mut rs512 = rsa("rs512");
        rs512["alg"] = json!("RS512");
        let mut google_shaped = rsa("google");
        google_shaped["alg"] = json!("RS256");
        google_shaped["use"] = json!("sig");
        let raw = vec![
            rsa("plain"),
            google_shaped,
            encryption,
            rs512,
            json!({"kty": "RSA", "n": "sXch", "e": "AQAB"}),
            json!({"kty": "EC", "kid": "ec", "crv": "P-256", "x": "AA", "y": "AA"}),
            json!({"kty": "unheard-of", "kid": "odd"}),
        ];

        let mut kids: Vec<String> = usable_keys(raw).into_keys().collect();
        kids.sort();

        assert_eq!(kids, ["google", "plain"]);
    }
}
