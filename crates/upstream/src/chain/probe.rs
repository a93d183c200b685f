//! One probe of a pool: through the pool (the same handshake as the relay, with the templates
//! rendered for no targeting) a `GET` of the check URL, whose answer names the exit IP
//! (`crate::checker::exit_ip`). Plain `http://` check URLs are asked over the tunnel as they
//! are; `https://` ones inside TLS (rustls, the web's root certificates).

use super::failure::{DialError, PoolFailure, credentials};
use super::handshake::dial;
use crate::checker::exit_ip;
use domain::upstream_pool::PoolRoute;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

/// The most of the check service's answer that is read.
const MAX_BODY: usize = 16 * 1024;

/// A probe that worked: the exit IP the check service saw, and the whole probe's time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeOutcome {
    pub exit_ip: IpAddr,
    pub latency: Duration,
}

/// Why a probe failed, in words naming no host, port or credential of the pool.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProbeError {
    #[error("{0}")]
    Pool(PoolFailure),
    #[error("The pool could not reach the check service")]
    CheckUnreachable,
    #[error("The check service did not answer in time")]
    Timeout,
    #[error("The check service answered HTTP {0}")]
    CheckStatus(u16),
    #[error("The check service gave an answer without an IP address")]
    BadAnswer,
    #[error("The check URL is not a usable http:// or https:// URL")]
    BadCheckUrl,
    #[error("The TLS handshake with the check service failed")]
    Tls,
}

/// Probes `route`: fetches `check_url` through it within `timeout` (the handshake and the
/// answer together).
pub async fn probe(
    route: &PoolRoute,
    check_url: &str,
    timeout: Duration,
) -> Result<ProbeOutcome, ProbeError> {
    let url = url::Url::parse(check_url).map_err(|_| ProbeError::BadCheckUrl)?;
    let tls = match url.scheme() {
        "http" => false,
        "https" => true,
        _ => return Err(ProbeError::BadCheckUrl),
    };
    let host = url.host_str().ok_or(ProbeError::BadCheckUrl)?.to_owned();
    let port = url.port_or_known_default().ok_or(ProbeError::BadCheckUrl)?;
    let path = match url.query() {
        Some(q) => format!("{}?{q}", url.path()),
        None => url.path().to_owned(),
    };
    let started = Instant::now();
    let work = async {
        let (user, pass) = credentials(route, None);
        let stream = dial(route, &user, &pass, &host, port, timeout)
            .await
            .map_err(|e| match e {
                DialError::Pool(failure) => ProbeError::Pool(failure),
                DialError::Destination { timed_out: true } => ProbeError::Timeout,
                DialError::Destination { timed_out: false } => ProbeError::CheckUnreachable,
            })?;
        let bare = host.trim_matches(['[', ']']);
        if tls {
            let stream = tls_connect(stream, bare).await?;
            fetch(stream, bare, &path).await
        } else {
            fetch(stream, bare, &path).await
        }
    };
    let exit_ip = tokio::time::timeout(timeout, work)
        .await
        .unwrap_or(Err(ProbeError::Timeout))?;
    Ok(ProbeOutcome {
        exit_ip,
        latency: started.elapsed(),
    })
}

async fn tls_connect(
    stream: tokio::net::TcpStream,
    host: &str,
) -> Result<tokio_rustls::client::TlsStream<tokio::net::TcpStream>, ProbeError> {
    let roots = rustls::RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .map_err(|_| ProbeError::Tls)?
    .with_root_certificates(roots)
    .with_no_client_auth();
    let name = rustls::pki_types::ServerName::try_from(host.to_owned())
        .map_err(|_| ProbeError::BadCheckUrl)?;
    tokio_rustls::TlsConnector::from(Arc::new(config))
        .connect(name, stream)
        .await
        .map_err(|_| ProbeError::Tls)
}

/// `GET path` over `stream` (HTTP/1.0, so the answer ends with the connection), the exit IP in
/// its body.
async fn fetch<S: AsyncRead + AsyncWrite + Unpin>(
    mut stream: S,
    host: &str,
    path: &str,
) -> Result<IpAddr, ProbeError> {
    let request = format!(
        "GET {path} HTTP/1.0\r\nHost: {host}\r\nAccept: application/json, text/plain\r\nConnection: close\r\n\r\n"
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|_| ProbeError::CheckUnreachable)?;
    let mut answer = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let n = match stream.read(&mut chunk).await {
            Ok(n) => n,
            // A TLS peer closing without close_notify still sent its whole HTTP/1.0 answer.
            Err(_) if !answer.is_empty() => 0,
            Err(_) => return Err(ProbeError::CheckUnreachable),
        };
        if n == 0 || answer.len() >= MAX_BODY {
            break;
        }
        answer.extend_from_slice(&chunk[..n]);
    }
    let end = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or(ProbeError::BadAnswer)?;
    let status = super::handshake::status_code(&answer[..end]).ok_or(ProbeError::BadAnswer)?;
    if !(200..300).contains(&status) {
        return Err(ProbeError::CheckStatus(status));
    }
    exit_ip(&answer[end + 4..]).ok_or(ProbeError::BadAnswer)
}
