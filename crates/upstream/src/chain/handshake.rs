//! The handshake with a pool: TCP connect, then HTTP CONNECT or SOCKS5 with username/password,
//! reading the pool's answer and no byte past it (what follows is the destination's).

use super::failure::{DialError, PoolFailure};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use domain::upstream_pool::{PoolProtocol, PoolRoute};
use std::io;
use std::net::IpAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Largest HTTP CONNECT answer head read from a pool.
const MAX_ANSWER: usize = 8 * 1024;

fn io_failed(_: io::Error) -> DialError {
    DialError::Pool(PoolFailure::ConnectionFailed)
}

const POOL_ERROR: DialError = DialError::Pool(PoolFailure::PoolError);

/// Connects to `route`, authenticates as `user`/`pass` and has the pool open `host`:`port`,
/// all within `timeout` (past it: `PoolFailure::Timeout`). On success the stream carries the
/// destination's bytes only.
pub async fn dial(
    route: &PoolRoute,
    user: &str,
    pass: &str,
    host: &str,
    port: u16,
    timeout: Duration,
) -> Result<TcpStream, DialError> {
    tokio::time::timeout(timeout, through(route, user, pass, host, port))
        .await
        .unwrap_or(Err(DialError::Pool(PoolFailure::Timeout)))
}

/// Connects to an HTTP `route` within `timeout` and no more: a plain request goes to it in
/// absolute form with [`proxy_authorization`] (the caller reads the pool's answer).
pub async fn open(route: &PoolRoute, timeout: Duration) -> Result<TcpStream, DialError> {
    tokio::time::timeout(timeout, connect(route))
        .await
        .unwrap_or(Err(DialError::Pool(PoolFailure::Timeout)))
}

async fn connect(route: &PoolRoute) -> Result<TcpStream, DialError> {
    let stream = TcpStream::connect((route.host.as_str(), route.port))
        .await
        .map_err(|_| DialError::Pool(PoolFailure::ConnectFailed))?;
    let _ = stream.set_nodelay(true);
    Ok(stream)
}

/// The `Proxy-Authorization` header line (with its CRLF) that authenticates as `user`/`pass`
/// at an HTTP pool.
pub fn proxy_authorization(user: &str, pass: &str) -> String {
    let token = STANDARD.encode(format!("{user}:{pass}"));
    format!("Proxy-Authorization: Basic {token}\r\n")
}

async fn through(
    route: &PoolRoute,
    user: &str,
    pass: &str,
    host: &str,
    port: u16,
) -> Result<TcpStream, DialError> {
    let stream = connect(route).await?;
    match route.protocol {
        PoolProtocol::Http => http_connect(stream, user, pass, host, port).await,
        PoolProtocol::Socks5 => socks5_connect(stream, user, pass, host, port).await,
    }
}

/// `host` as the authority of a request: an IPv6 address in brackets.
pub(super) fn authority(host: &str, port: u16) -> String {
    if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    }
}

async fn http_connect(
    mut stream: TcpStream,
    user: &str,
    pass: &str,
    host: &str,
    port: u16,
) -> Result<TcpStream, DialError> {
    let target = authority(host, port);
    let auth = proxy_authorization(user, pass);
    let request = format!("CONNECT {target} HTTP/1.1\r\nHost: {target}\r\n{auth}\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(io_failed)?;
    match read_answer(&mut stream).await? {
        200..=299 => Ok(stream),
        407 => Err(DialError::Pool(PoolFailure::AuthRejected)),
        502 => Err(DialError::Destination { timed_out: false }),
        504 => Err(DialError::Destination { timed_out: true }),
        _ => Err(POOL_ERROR),
    }
}

/// Reads the pool's answer head to a CONNECT and no byte past it; its status code.
async fn read_answer(stream: &mut TcpStream) -> Result<u16, DialError> {
    let mut head: Vec<u8> = Vec::new();
    let mut peeked = vec![0u8; MAX_ANSWER];
    loop {
        let n = stream.peek(&mut peeked).await.map_err(io_failed)?;
        if n == 0 {
            return Err(DialError::Pool(PoolFailure::Closed));
        }
        let mut seen = head.clone();
        seen.extend_from_slice(&peeked[..n]);
        let end = seen
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .map(|p| p + 4);
        // Take what belongs to the head: up to its end, or all that arrived when the end has
        // not (a head is never followed by more of itself).
        let take = end.map_or(n, |e| e - head.len());
        let mut taken = vec![0u8; take];
        stream.read_exact(&mut taken).await.map_err(io_failed)?;
        head.extend_from_slice(&taken);
        if end.is_some() {
            break;
        }
        if head.len() > MAX_ANSWER {
            return Err(POOL_ERROR);
        }
    }
    status_code(&head).ok_or(POOL_ERROR)
}

/// The status code of an HTTP/1.x answer head.
pub(super) fn status_code(head: &[u8]) -> Option<u16> {
    let line = head.split(|b| *b == b'\n').next().unwrap_or_default();
    let mut words = line.split(|b| *b == b' ');
    let version = words.next().unwrap_or_default();
    let code = words
        .next()
        .and_then(|c| std::str::from_utf8(c).ok())
        .and_then(|c| c.trim().parse::<u16>().ok());
    code.filter(|_| version.starts_with(b"HTTP/1."))
}

async fn socks5_connect(
    mut stream: TcpStream,
    user: &str,
    pass: &str,
    host: &str,
    port: u16,
) -> Result<TcpStream, DialError> {
    let (Ok(user_len), Ok(pass_len)) = (u8::try_from(user.len()), u8::try_from(pass.len())) else {
        return Err(DialError::Pool(PoolFailure::CredentialsTooLong));
    };
    stream.write_all(&[5, 1, 2]).await.map_err(io_failed)?;
    let mut choice = [0u8; 2];
    stream.read_exact(&mut choice).await.map_err(io_failed)?;
    match choice {
        [5, 2] => {
            let mut auth = vec![1, user_len];
            auth.extend_from_slice(user.as_bytes());
            auth.push(pass_len);
            auth.extend_from_slice(pass.as_bytes());
            stream.write_all(&auth).await.map_err(io_failed)?;
            let mut verdict = [0u8; 2];
            stream.read_exact(&mut verdict).await.map_err(io_failed)?;
            if verdict[1] != 0 {
                return Err(DialError::Pool(PoolFailure::AuthRejected));
            }
        }
        [5, 0] => {}
        _ => return Err(DialError::Pool(PoolFailure::AuthRejected)),
    }
    let mut request = vec![5, 1, 0];
    match host.trim_matches(['[', ']']).parse::<IpAddr>() {
        Ok(IpAddr::V4(ip)) => {
            request.push(1);
            request.extend_from_slice(&ip.octets());
        }
        Ok(IpAddr::V6(ip)) => {
            request.push(4);
            request.extend_from_slice(&ip.octets());
        }
        Err(_) => {
            let len = u8::try_from(host.len())
                .map_err(|_| DialError::Destination { timed_out: false })?;
            request.push(3);
            request.push(len);
            request.extend_from_slice(host.as_bytes());
        }
    }
    request.extend_from_slice(&port.to_be_bytes());
    stream.write_all(&request).await.map_err(io_failed)?;
    let mut reply = [0u8; 4];
    stream.read_exact(&mut reply).await.map_err(io_failed)?;
    match reply[1] {
        0 => {}
        // Network or host unreachable, connection refused: the destination's.
        3..=5 => return Err(DialError::Destination { timed_out: false }),
        // TTL expired: the destination did not answer in time.
        6 => return Err(DialError::Destination { timed_out: true }),
        _ => return Err(POOL_ERROR),
    }
    let bound = match reply[3] {
        1 => 4 + 2,
        4 => 16 + 2,
        3 => usize::from(stream.read_u8().await.map_err(io_failed)?) + 2,
        _ => return Err(POOL_ERROR),
    };
    let mut rest = vec![0u8; bound];
    stream.read_exact(&mut rest).await.map_err(io_failed)?;
    Ok(stream)
}
