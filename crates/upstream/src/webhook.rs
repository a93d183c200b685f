//! Customer webhooks: one signed JSON POST per delivery (`WebhookSender`), made by
//! `ReqwestWebhookSender` with a 10 s limit, no redirects followed, no proxy, and the answer's
//! body left unread. Unless private targets are allowed (tests, local runs), the host is
//! resolved by the client's own resolver, which drops every address that is not public, so a
//! name that resolves (or is re-pointed) to an internal address is never connected to.

use domain::address_space::is_public;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use secrecy::{ExposeSecret, SecretString};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// How long one call may take, connecting included.
pub const WEBHOOK_TIMEOUT: Duration = Duration::from_secs(10);

/// One call: what to send where, signed with the customer's secret at `timestamp`.
pub struct WebhookCall {
    pub url: String,
    pub delivery_id: i64,
    pub body: String,
    pub secret: SecretString,
    /// Unix seconds; signed with the body.
    pub timestamp: i64,
}

/// Why a call got no answer; the text is short, shown to the customer in the delivery log, and
/// never holds the secret.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum WebhookError {
    #[error("the host resolves to a private address")]
    NotAllowed,
    #[error("only https URLs are called")]
    NotHttps,
    #[error("the host could not be resolved")]
    Resolve,
    #[error("timed out")]
    Timeout,
    #[error("could not connect")]
    Connect,
    #[error("the request failed")]
    Failed,
}

#[async_trait::async_trait]
pub trait WebhookSender: Send + Sync {
    /// Makes the call; the answer's status code, whatever it is.
    async fn send(&self, call: &WebhookCall) -> Result<u16, WebhookError>;
}

pub struct ReqwestWebhookSender {
    client: reqwest::Client,
    allow_private: bool,
}

impl ReqwestWebhookSender {
    /// `allow_private`: internal addresses may be called (tests and local runs only).
    pub fn new(allow_private: bool) -> Result<Self, reqwest::Error> {
        Self::with_timeout(allow_private, WEBHOOK_TIMEOUT)
    }

    pub fn with_timeout(allow_private: bool, timeout: Duration) -> Result<Self, reqwest::Error> {
        let mut builder = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            // A proxy would resolve the name itself, out of the resolver's sight.
            .no_proxy()
            .user_agent("ProxyShop-Webhook/1");
        if !allow_private {
            builder = builder.dns_resolver(Arc::new(PublicOnly));
        }
        Ok(ReqwestWebhookSender {
            client: builder.build()?,
            allow_private,
        })
    }
}

#[async_trait::async_trait]
impl WebhookSender for ReqwestWebhookSender {
    async fn send(&self, call: &WebhookCall) -> Result<u16, WebhookError> {
        let url = reqwest::Url::parse(&call.url).map_err(|_| WebhookError::Failed)?;
        if !self.allow_private && url.scheme() != "https" {
            return Err(WebhookError::NotHttps);
        }
        // An address in the URL is never resolved, so the resolver does not see it.
        if !self.allow_private {
            let literal = match url.host() {
                Some(url::Host::Ipv4(ip)) => Some(IpAddr::V4(ip)),
                Some(url::Host::Ipv6(ip)) => Some(IpAddr::V6(ip)),
                _ => None,
            };
            if literal.is_some_and(|ip| !is_public(ip)) {
                return Err(WebhookError::NotAllowed);
            }
        }
        let signature =
            domain::webhook::signature(call.secret.expose_secret(), call.timestamp, &call.body);
        let response = self
            .client
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header("X-ProxyShop-Signature", signature)
            .header("X-ProxyShop-Delivery", call.delivery_id.to_string())
            .body(call.body.clone())
            .send()
            .await
            .map_err(|e| classify(&e))?;
        // The body is not read: dropping the response closes the connection.
        Ok(response.status().as_u16())
    }
}

fn classify(error: &reqwest::Error) -> WebhookError {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = source {
        if let Some(refusal) = e.downcast_ref::<Refused>() {
            return refusal.0.clone();
        }
        source = e.source();
    }
    if error.is_timeout() {
        WebhookError::Timeout
    } else if error.is_connect() {
        WebhookError::Connect
    } else {
        WebhookError::Failed
    }
}

/// A resolver that answers only public addresses.
struct PublicOnly;

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Refused(WebhookError);

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await
                .map_err(|_| Box::new(Refused(WebhookError::Resolve)))?
                .collect();
            let public: Vec<SocketAddr> = found
                .iter()
                .copied()
                .filter(|a| is_public(a.ip()))
                .collect();
            if public.is_empty() {
                let error = if found.is_empty() {
                    WebhookError::Resolve
                } else {
                    WebhookError::NotAllowed
                };
                return Err(Box::new(Refused(error)) as Box<dyn std::error::Error + Send + Sync>);
            }
            let addrs: Addrs = Box::new(public.into_iter());
            Ok(addrs)
        })
    }
}
