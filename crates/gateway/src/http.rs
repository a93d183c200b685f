//! The HTTP proxy: `CONNECT host:port` tunnels and plain requests in absolute form (forwarded
//! once, with `Connection: close`), authenticated by `Proxy-Authorization: Basic`.

use crate::Shared;
use crate::auth::Refusal;
use crate::destination::{self, ConnectError};
use crate::relay::relay;
use base64::Engine;
use std::io;
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Largest request head accepted.
const MAX_HEAD: usize = 16 * 1024;

const PROXY_AUTH: &[u8] = b"HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"ProxyShop\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";

fn status(code: u16, reason: &str) -> Vec<u8> {
    format!("HTTP/1.1 {code} {reason}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        .into_bytes()
}

/// A parsed request head: what the gateway needs from it, and where the head ends.
struct Head {
    connect: bool,
    host: String,
    port: u16,
    credentials: Option<(String, String)>,
    /// The head to send to the destination for a plain request.
    forward: Vec<u8>,
    len: usize,
}

pub(crate) async fn serve(shared: Arc<Shared>, mut client: TcpStream) -> io::Result<()> {
    let mut buf = Vec::with_capacity(1024);
    let read =
        tokio::time::timeout(shared.config.idle_timeout, read_head(&mut client, &mut buf)).await;
    let head = match read.map_err(|_| io::Error::from(io::ErrorKind::TimedOut))?? {
        Ok(head) => head,
        Err(response) => return client.write_all(response).await,
    };
    let Some((user, pass)) = &head.credentials else {
        return client.write_all(PROXY_AUTH).await;
    };
    let lease = match shared.users.authorize(&shared.registry, user, pass).await {
        Ok(lease) => lease,
        Err(Refusal::TooManyConnections) => {
            return client.write_all(&status(429, "Too Many Requests")).await;
        }
        Err(Refusal::Unavailable(e)) => {
            tracing::error!(error = %e, "gateway cannot check a credential");
            return client.write_all(&status(503, "Service Unavailable")).await;
        }
        Err(_) => return client.write_all(PROXY_AUTH).await,
    };
    let config = &shared.config;
    let target = match destination::connect(
        &head.host,
        head.port,
        config.allow_private,
        config.connect_timeout,
    )
    .await
    {
        Ok(target) => target,
        Err(ConnectError::NotAllowed) => return client.write_all(&status(403, "Forbidden")).await,
        Err(_) => return client.write_all(&status(502, "Bad Gateway")).await,
    };
    let early = &buf[head.len..];
    let to_target = if head.connect {
        client
            .write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
            .await?;
        early.to_vec()
    } else {
        [head.forward.as_slice(), early].concat()
    };
    let ended = relay(
        client,
        target,
        &to_target,
        &lease,
        config.idle_timeout,
        shared.shutdown.clone(),
    )
    .await?;
    tracing::debug!(?ended, "http proxy connection ended");
    Ok(())
}

/// Reads until a whole request head is in `buf`; `Err(response)` when it is malformed or too large.
async fn read_head(
    client: &mut TcpStream,
    buf: &mut Vec<u8>,
) -> io::Result<Result<Head, &'static [u8]>> {
    loop {
        let mut chunk = [0u8; 2048];
        let n = client.read(&mut chunk).await?;
        if n == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&chunk[..n]);
        match parse(buf) {
            Ok(Some(head)) => return Ok(Ok(head)),
            Ok(None) if buf.len() < MAX_HEAD => continue,
            Ok(None) => return Ok(Err(b"HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")),
            Err(()) => return Ok(Err(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")),
        }
    }
}

/// `Ok(None)` while the head is incomplete.
fn parse(buf: &[u8]) -> Result<Option<Head>, ()> {
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut req = httparse::Request::new(&mut headers);
    let len = match req.parse(buf).map_err(|_| ())? {
        httparse::Status::Partial => return Ok(None),
        httparse::Status::Complete(len) => len,
    };
    let (method, target) = (req.method.ok_or(())?, req.path.ok_or(())?);
    let credentials = req
        .headers
        .iter()
        .find(|h| h.name.eq_ignore_ascii_case("proxy-authorization"))
        .and_then(|h| basic_credentials(h.value));
    let connect = method.eq_ignore_ascii_case("CONNECT");
    let (authority, path) = if connect {
        (target, "")
    } else {
        let rest = target.strip_prefix("http://").ok_or(())?;
        rest.find('/')
            .map_or((rest, "/"), |i| (&rest[..i], &rest[i..]))
    };
    let (host, port) =
        split_authority(authority, if connect { None } else { Some(80) }).ok_or(())?;
    let mut forward = Vec::new();
    if !connect {
        forward.extend_from_slice(format!("{method} {path} HTTP/1.1\r\n").as_bytes());
        let mut has_host = false;
        for h in req.headers.iter() {
            let name = h.name.to_ascii_lowercase();
            if name.starts_with("proxy-") || name == "connection" || name == "keep-alive" {
                continue;
            }
            has_host |= name == "host";
            forward.extend_from_slice(h.name.as_bytes());
            forward.extend_from_slice(b": ");
            forward.extend_from_slice(h.value);
            forward.extend_from_slice(b"\r\n");
        }
        if !has_host {
            forward.extend_from_slice(format!("Host: {authority}\r\n").as_bytes());
        }
        forward.extend_from_slice(b"Connection: close\r\n\r\n");
    }
    Ok(Some(Head {
        connect,
        host,
        port,
        credentials,
        forward,
        len,
    }))
}

fn basic_credentials(value: &[u8]) -> Option<(String, String)> {
    let value = std::str::from_utf8(value).ok()?.trim();
    let (scheme, encoded) = value.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .ok()?;
    let decoded = String::from_utf8(decoded).ok()?;
    let (user, pass) = decoded.split_once(':')?;
    Some((user.to_owned(), pass.to_owned()))
}

/// `host:port`, `[v6]:port`, or without the port when a default is given.
fn split_authority(authority: &str, default_port: Option<u16>) -> Option<(String, u16)> {
    let (host, port) = if let Some(rest) = authority.strip_prefix('[') {
        let (host, after) = rest.split_once(']')?;
        (host, after.strip_prefix(':'))
    } else {
        match authority.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (authority, None),
        }
    };
    let port = match port {
        Some(p) => p.parse().ok()?,
        None => default_port?,
    };
    (!host.is_empty() && !host.contains('@')).then(|| (host.to_owned(), port))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_authorities() {
        assert_eq!(
            split_authority("example.com:443", None),
            Some(("example.com".into(), 443))
        );
        assert_eq!(
            split_authority("[::1]:8080", None),
            Some(("::1".into(), 8080))
        );
        assert_eq!(
            split_authority("example.com", Some(80)),
            Some(("example.com".into(), 80))
        );
        assert_eq!(split_authority("example.com", None), None);
        assert_eq!(split_authority("u@example.com:80", None), None);
    }

    #[test]
    fn rewrites_a_plain_request_to_origin_form() {
        let raw = b"GET http://example.com:8080/a?b=1 HTTP/1.1\r\nHost: example.com:8080\r\nProxy-Authorization: Basic dTpw\r\nProxy-Connection: keep-alive\r\n\r\n";
        let head = parse(raw).unwrap().unwrap();
        assert_eq!(
            (head.host.as_str(), head.port, head.connect),
            ("example.com", 8080, false)
        );
        assert_eq!(head.credentials, Some(("u".into(), "p".into())));
        assert_eq!(
            String::from_utf8(head.forward).unwrap(),
            "GET /a?b=1 HTTP/1.1\r\nHost: example.com:8080\r\nConnection: close\r\n\r\n"
        );
    }
}
