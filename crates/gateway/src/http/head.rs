//! Request and response heads of the plain HTTP proxy: parsed, and rewritten for the other
//! side without the credential and without hop-by-hop headers (RFC 9110 §7.6.1: `Connection`,
//! what it names, `Keep-Alive`, `Proxy-*`, `TE`, `Trailer`, `Upgrade`), always ending with
//! `Connection: close`, since each client connection carries one request.

use super::body::Framing;
use super::framing::{declared, framing_header, values};
use base64::Engine;

/// Headers accepted in one head.
const MAX_HEADERS: usize = 100;

/// A parsed request head: what the gateway needs from it, and where the head ends.
#[derive(Debug)]
pub(crate) struct Request {
    pub(crate) connect: bool,
    /// HEAD: the response has no body whatever it says.
    pub(crate) head: bool,
    pub(crate) host: String,
    pub(crate) port: u16,
    pub(crate) credentials: Option<(String, String)>,
    /// The head to send to the destination for a plain request.
    pub(crate) forward: Vec<u8>,
    /// The request target as the client named it (`host[:port]`), and where in `forward` the
    /// path starts and the request line ends: what [`Request::via_pool`] rewrites.
    authority: String,
    path_at: usize,
    line_end: usize,
    pub(crate) body: Framing,
    pub(crate) len: usize,
}

impl Request {
    /// The head to send to an HTTP upstream pool: `forward` with the request target in
    /// absolute form and the pool's `Proxy-Authorization` line (`auth`, with its CRLF) after
    /// the request line. The client's own `Proxy-*` headers are already gone.
    pub(crate) fn via_pool(&self, auth: &str) -> Vec<u8> {
        let f = &self.forward;
        let mut out = Vec::with_capacity(f.len() + self.authority.len() + auth.len() + 7);
        out.extend_from_slice(&f[..self.path_at]);
        out.extend_from_slice(b"http://");
        out.extend_from_slice(self.authority.as_bytes());
        out.extend_from_slice(&f[self.path_at..self.line_end]);
        out.extend_from_slice(auth.as_bytes());
        out.extend_from_slice(&f[self.line_end..]);
        out
    }
}

/// A parsed response head.
#[derive(Debug)]
pub(crate) struct Response {
    pub(crate) status: u16,
    /// The `error` of a `Proxy-Status` header (RFC 9209): a proxy on the way (an upstream
    /// pool) says it failed, not the origin.
    pub(crate) proxy_error: Option<String>,
    /// The head to send to the client.
    pub(crate) forward: Vec<u8>,
    pub(crate) body: Framing,
    pub(crate) len: usize,
}

/// Why a head cannot be used.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Bad {
    Malformed,
    TooLarge,
}

/// Hop-by-hop headers, never forwarded either way.
fn hop_by_hop(name: &str) -> bool {
    const NAMES: [&str; 5] = ["connection", "keep-alive", "te", "trailer", "upgrade"];
    NAMES.iter().any(|n| name.eq_ignore_ascii_case(n))
        || name.to_ascii_lowercase().starts_with("proxy-")
}

/// The names a `Connection` header lists: hop-by-hop too. Never the framing or `Host`: those
/// the gateway keeps consistent itself.
fn connection_options(headers: &[httparse::Header<'_>]) -> Vec<String> {
    headers
        .iter()
        .filter(|h| h.name.eq_ignore_ascii_case("connection"))
        .filter_map(|h| std::str::from_utf8(h.value).ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().to_ascii_lowercase())
        .filter(|t| {
            !t.is_empty() && !["content-length", "transfer-encoding", "host"].contains(&t.as_str())
        })
        .collect()
}

/// The headers of `headers` to forward, written out, except those `skip` also names.
fn forward_headers(
    out: &mut Vec<u8>,
    headers: &[httparse::Header<'_>],
    skip: impl Fn(&str) -> bool,
) {
    let listed = connection_options(headers);
    for h in headers {
        if hop_by_hop(h.name)
            || framing_header(h.name)
            || listed.iter().any(|l| h.name.eq_ignore_ascii_case(l))
            || skip(h.name)
        {
            continue;
        }
        out.extend_from_slice(h.name.as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(h.value);
        out.extend_from_slice(b"\r\n");
    }
}

/// `Ok(None)` while the head is incomplete.
pub(crate) fn parse_request(buf: &[u8], max: usize) -> Result<Option<Request>, Bad> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut req = httparse::Request::new(&mut headers);
    let len = match req.parse(buf).map_err(|_| Bad::Malformed)? {
        httparse::Status::Partial if buf.len() >= max => return Err(Bad::TooLarge),
        httparse::Status::Partial => return Ok(None),
        httparse::Status::Complete(len) => len,
    };
    let (method, target) = (
        req.method.ok_or(Bad::Malformed)?,
        req.path.ok_or(Bad::Malformed)?,
    );
    let credentials = values(req.headers, "proxy-authorization").find_map(basic_credentials);
    let connect = method.eq_ignore_ascii_case("CONNECT");
    let (authority, path) = if connect {
        (target, "")
    } else {
        let rest = target
            .get(..7)
            .filter(|s| s.eq_ignore_ascii_case("http://"))
            .map(|_| &target[7..])
            .ok_or(Bad::Malformed)?;
        rest.find(['/', '?'])
            .map_or((rest, "/"), |i| (&rest[..i], &rest[i..]))
    };
    let (host, port) =
        split_authority(authority, if connect { None } else { Some(80) }).ok_or(Bad::Malformed)?;
    let mut forward = Vec::new();
    let mut body = Framing::Done;
    let (mut path_at, mut line_end) = (0, 0);
    if !connect {
        // A transfer coding other than chunked last cannot be delimited in a request.
        let declared = declared(req.headers).ok_or(Bad::Malformed)?;
        body = declared
            .framing(true)
            .filter(|f| *f != Framing::UntilClose)
            .ok_or(Bad::Malformed)?;
        let path = if path.starts_with('?') {
            format!("/{path}")
        } else {
            path.to_owned()
        };
        let line = format!("{method} {path} HTTP/1.1\r\n");
        (path_at, line_end) = (method.len() + 1, line.len());
        forward.extend_from_slice(line.as_bytes());
        forward.extend_from_slice(format!("Host: {authority}\r\n").as_bytes());
        forward_headers(&mut forward, req.headers, |name| {
            name.eq_ignore_ascii_case("host")
        });
        declared.write(&mut forward);
        forward.extend_from_slice(b"Connection: close\r\n\r\n");
    }
    Ok(Some(Request {
        connect,
        head: method.eq_ignore_ascii_case("HEAD"),
        host,
        port,
        credentials,
        forward,
        authority: authority.to_owned(),
        path_at,
        line_end,
        body,
        len,
    }))
}

/// `Ok(None)` while the head is incomplete. An interim (1xx) response is forwarded as it is,
/// less its hop-by-hop headers; a final one also says `Connection: close`.
pub(crate) fn parse_response(
    buf: &[u8],
    max: usize,
    to_head: bool,
) -> Result<Option<Response>, Bad> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut res = httparse::Response::new(&mut headers);
    let len = match res.parse(buf).map_err(|_| Bad::Malformed)? {
        httparse::Status::Partial if buf.len() >= max => return Err(Bad::TooLarge),
        httparse::Status::Partial => return Ok(None),
        httparse::Status::Complete(len) => len,
    };
    let status = res.code.ok_or(Bad::Malformed)?;
    let reason = res.reason.unwrap_or("");
    let interim = (100..200).contains(&status);
    let declared = declared(res.headers).ok_or(Bad::Malformed)?;
    let body = if interim || to_head || status == 204 || status == 304 {
        Framing::Done
    } else {
        declared.framing(false).ok_or(Bad::Malformed)?
    };
    let proxy_error = values(res.headers, "proxy-status").find_map(status_error);
    let mut forward = format!("HTTP/1.1 {status} {reason}\r\n").into_bytes();
    forward_headers(&mut forward, res.headers, |_| false);
    if !interim {
        declared.write(&mut forward);
        forward.extend_from_slice(b"Connection: close\r\n");
    }
    forward.extend_from_slice(b"\r\n");
    Ok(Some(Response {
        status,
        proxy_error,
        forward,
        body,
        len,
    }))
}

/// The `error` parameter of a `Proxy-Status` value (`name; error=dns_timeout; details="…"`).
fn status_error(value: &[u8]) -> Option<String> {
    let value = std::str::from_utf8(value).ok()?;
    value
        .split([';', ','])
        .filter_map(|p| p.trim().split_once('='))
        .find(|(key, _)| key.trim().eq_ignore_ascii_case("error"))
        .map(|(_, v)| v.trim().trim_matches('"').to_ascii_lowercase())
        .filter(|v| !v.is_empty())
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
#[path = "head_tests.rs"]
mod tests;
