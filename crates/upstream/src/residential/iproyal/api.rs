//! How to reach IPRoyal ([`IpRoyalConfig`]) and one call to its management API ([`Api`]): the
//! request, the whole reply whatever its status, and the error every failure becomes, with the
//! token blanked out. The location list (`locations.rs`) goes through it.

use reqwest::header::ACCEPT;
use reqwest::{Method, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error_chain::error_chain;
use crate::residential::source::ResidentialError;

/// The production management API; tests point the client at a mock server instead.
pub const IPROYAL_API_URL: &str = "https://resi-api.iproyal.com/v1";

/// How to reach IPRoyal's management API. [`IpRoyalConfig::new`] fills in the documented URL.
#[derive(Debug, Clone)]
pub struct IpRoyalConfig {
    pub api_url: String,
    /// The API token of the main account (dashboard → Settings → API).
    pub token: SecretString,
}

impl IpRoyalConfig {
    pub fn new(token: SecretString) -> Self {
        Self {
            api_url: IPROYAL_API_URL.to_owned(),
            token,
        }
    }
}

/// Reply bodies are cut to this many characters before they reach an error or the log.
const MAX_EXCERPT_CHARS: usize = 200;

/// IPRoyal's management API, as configured.
pub(super) struct Api {
    pub(super) http: reqwest::Client,
    pub(super) config: IpRoyalConfig,
}

/// A reply of any status, read to the end.
pub(super) struct Reply {
    /// "GET /access/countries", for messages.
    pub(super) call: String,
    pub(super) status: StatusCode,
    pub(super) body: String,
}

impl Api {
    /// Sends one request and reads the whole reply, whatever its status. Never retries.
    pub(super) async fn send(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
    ) -> Result<Reply, ResidentialError> {
        let call = format!("{method} {path}");
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.config.api_url))
            .bearer_auth(self.config.token.expose_secret())
            .header(ACCEPT, "application/json");
        if !query.is_empty() {
            request = request.query(query);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let failed = |e: reqwest::Error| {
            let cause = if e.is_timeout() {
                "no answer in time".to_owned()
            } else {
                error_chain(&e)
            };
            self.unavailable(&format!("{call}: {cause}"))
        };
        let response = request.send().await.map_err(failed)?;
        let status = response.status();
        let body = response.text().await.map_err(failed)?;
        Ok(Reply { call, status, body })
    }

    /// The JSON of a 2xx reply; anything else is [`ResidentialError::Unavailable`].
    pub(super) fn decode<T: DeserializeOwned>(&self, reply: Reply) -> Result<T, ResidentialError> {
        self.check(&reply)?;
        serde_json::from_str(&reply.body).map_err(|e| {
            self.unavailable(&format!(
                "{}: unreadable reply ({e}): {}",
                reply.call,
                excerpt(&reply.body)
            ))
        })
    }

    /// Refuses a reply whose status is not 2xx, quoting the start of its body.
    pub(super) fn check(&self, reply: &Reply) -> Result<(), ResidentialError> {
        if reply.status.is_success() {
            return Ok(());
        }
        Err(self.unavailable(&format!(
            "{}: HTTP {}: {}",
            reply.call,
            reply.status.as_u16(),
            excerpt(&reply.body)
        )))
    }

    /// An [`ResidentialError::Unavailable`] with the token blanked out, should IPRoyal (or a
    /// proxy in between) ever echo it.
    pub(super) fn unavailable(&self, message: &str) -> ResidentialError {
        let token = self.config.token.expose_secret();
        let message = message.replace(token, "[token]");
        tracing::warn!(%message, "IPRoyal call failed");
        ResidentialError::Unavailable(format!("IPRoyal: {message}"))
    }
}

fn excerpt(body: &str) -> String {
    let body = body.trim();
    if body.is_empty() {
        return "(empty body)".to_owned();
    }
    let mut text: String = body.chars().take(MAX_EXCERPT_CHARS).collect();
    if text.len() < body.len() {
        text.push('…');
    }
    text
}
