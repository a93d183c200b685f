//! [`ProxyChecker`]: one request through a proxy to an IP-echo service, timed, with the exit IP
//! read back and every failure named in words. The API calls it only with its own gateway's
//! address (it parses the customer's line and refuses any other host before calling), so the
//! customer's credentials never leave for anywhere else.

use crate::error_chain::error_chain;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// The default echo service: plain HTTP on purpose. Through an HTTP proxy a plain request gets
/// the gateway's own refusal (status and `Proxy-Status`) back as the response, so the checker
/// can tell "no traffic left" from "destination refused"; an `https://` echo travels in a
/// CONNECT tunnel whose refusal reqwest reports without its status. The echo sees no secret:
/// the credentials go to the gateway only, in `Proxy-Authorization`.
pub const DEFAULT_CHECK_URL: &str = "http://api.ipify.org?format=json";
/// How long one check may take, connection to the last byte of the echo's answer.
pub const DEFAULT_CHECK_TIMEOUT: Duration = Duration::from_secs(10);
/// The most of the echo's answer that is read.
const MAX_BODY: usize = 4 * 1024;

/// Where and as whom to check: the proxy's address and its credential. `Debug` leaves out the
/// password.
#[derive(Clone)]
pub struct CheckRequest {
    pub host: String,
    pub port: u16,
    pub username: String,
    pub password: String,
}

impl std::fmt::Debug for CheckRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CheckRequest")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("username", &self.username)
            .finish_non_exhaustive()
    }
}

/// A proxy that worked: the address the echo service saw and the time the whole request took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckOutcome {
    pub exit_ip: IpAddr,
    pub latency: Duration,
}

/// Why a check failed; `Display` is the reason shown to the customer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    #[error("Wrong username or password")]
    WrongPassword,
    #[error("No traffic left")]
    NoTrafficLeft,
    #[error("The sub-user's traffic cap is used up")]
    SubuserCapSpent,
    #[error("The proxy has expired")]
    Expired,
    #[error("The account is disabled")]
    Disabled,
    #[error("Too many connections or failed attempts; try again in a moment")]
    TooMany,
    #[error("The destination refused the connection")]
    DestinationRefused,
    #[error("Timed out")]
    Timeout,
    #[error("The proxy could not be reached")]
    Unreachable,
    #[error("The proxy is unavailable right now")]
    Unavailable,
    #[error("The echo service gave an unexpected answer")]
    BadAnswer,
}

/// Checks one proxy credential.
#[async_trait::async_trait]
pub trait ProxyChecker: Send + Sync {
    async fn check(&self, request: &CheckRequest) -> Result<CheckOutcome, CheckError>;
}

/// [`ProxyChecker`] over reqwest: the proxy as an HTTP proxy with basic authentication.
#[derive(Debug, Clone)]
pub struct ReqwestProxyChecker {
    echo_url: String,
    timeout: Duration,
}

impl ReqwestProxyChecker {
    pub fn new(echo_url: impl Into<String>, timeout: Duration) -> Self {
        ReqwestProxyChecker {
            echo_url: echo_url.into(),
            timeout,
        }
    }
}

#[async_trait::async_trait]
impl ProxyChecker for ReqwestProxyChecker {
    async fn check(&self, request: &CheckRequest) -> Result<CheckOutcome, CheckError> {
        let proxy_url = format!("http://{}:{}", request.host, request.port);
        let proxy = reqwest::Proxy::all(&proxy_url)
            .map_err(|e| {
                tracing::warn!(error = %error_chain(&e), "checker: bad proxy address");
                CheckError::Unreachable
            })?
            .basic_auth(&request.username, &request.password);
        let client = reqwest::Client::builder()
            .proxy(proxy)
            .timeout(self.timeout)
            .connect_timeout(self.timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| {
                tracing::error!(error = %error_chain(&e), "checker: cannot build the client");
                CheckError::Unavailable
            })?;
        let started = Instant::now();
        let work = async {
            let response = client.get(&self.echo_url).send().await?;
            let refusal = refusal(&response);
            let body = read_capped(response).await?;
            Ok::<_, reqwest::Error>((refusal, body))
        };
        let (refusal, body) = match tokio::time::timeout(self.timeout, work).await {
            Err(_) => return Err(CheckError::Timeout),
            Ok(Err(e)) => return Err(transport_error(&e)),
            Ok(Ok(answer)) => answer,
        };
        let latency = started.elapsed();
        if let Some(error) = refusal {
            return Err(error);
        }
        let exit_ip = exit_ip(&body).ok_or(CheckError::BadAnswer)?;
        Ok(CheckOutcome { exit_ip, latency })
    }
}

/// The failure a non-2xx answer stands for, None for a success.
fn refusal(response: &reqwest::Response) -> Option<CheckError> {
    let status = response.status();
    if status.is_success() {
        return None;
    }
    let proxy_status = response
        .headers()
        .get("proxy-status")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    Some(match status.as_u16() {
        407 => CheckError::WrongPassword,
        // The gateway's own refusals name their reason (RFC 9209 `details`); a 403 without it
        // is the gateway refusing the destination, or the destination refusing us.
        403 if proxy_status.contains("\"no traffic left\"") => CheckError::NoTrafficLeft,
        403 if proxy_status.contains("\"sub-user traffic cap reached\"") => {
            CheckError::SubuserCapSpent
        }
        403 if proxy_status.contains("\"expired\"") => CheckError::Expired,
        403 if proxy_status.contains("\"disabled\"") => CheckError::Disabled,
        429 => CheckError::TooMany,
        503 => CheckError::Unavailable,
        _ => CheckError::DestinationRefused,
    })
}

fn transport_error(error: &reqwest::Error) -> CheckError {
    let text = error_chain(error);
    tracing::debug!(error = %text, "proxy check failed");
    if error.is_timeout() {
        CheckError::Timeout
    } else if text.contains("407") {
        // A refused CONNECT (https echo) surfaces as an error, not a response.
        CheckError::WrongPassword
    } else if error.is_connect() && !text.contains("tunnel") {
        CheckError::Unreachable
    } else {
        CheckError::DestinationRefused
    }
}

async fn read_capped(mut response: reqwest::Response) -> Result<Vec<u8>, reqwest::Error> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        body.extend_from_slice(&chunk);
        if body.len() >= MAX_BODY {
            body.truncate(MAX_BODY);
            break;
        }
    }
    Ok(body)
}

/// The exit IP in an echo answer: a bare address (`203.0.113.9`) or JSON `{"ip": "..."}`.
pub fn exit_ip(body: &[u8]) -> Option<IpAddr> {
    let text = std::str::from_utf8(body).ok()?.trim();
    if let Ok(ip) = text.parse() {
        return Some(ip);
    }
    let json: serde_json::Value = serde_json::from_str(text).ok()?;
    json.get("ip")?.as_str()?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_answers_in_text_and_json() {
        assert_eq!(exit_ip(b"203.0.113.9\n"), "203.0.113.9".parse().ok());
        assert_eq!(
            exit_ip(br#"{"ip":"2001:db8::1"}"#),
            "2001:db8::1".parse().ok()
        );
        assert_eq!(exit_ip(br#"{"origin":"203.0.113.9"}"#), None);
        assert_eq!(exit_ip(b"<html>hello</html>"), None);
        assert_eq!(exit_ip(b""), None);
    }

    #[test]
    fn the_password_stays_out_of_debug() {
        let request = CheckRequest {
            host: "gw.example".into(),
            port: 8000,
            username: "u".into(),
            password: "s3cret".into(),
        };
        assert!(!format!("{request:?}").contains("s3cret"));
    }
}
