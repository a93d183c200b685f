//! The HTTP proxy: `CONNECT host:port` tunnels and plain requests in absolute form,
//! authenticated by `Proxy-Authorization: Basic` or, without it, by an allowlisted source. A plain request is forwarded alone, with
//! `Connection: close`, and the client connection closes after its response (`exchange.rs`).

mod body;
mod exchange;
mod framing;
mod head;

use crate::chain;
use crate::credentials::Refusal;
use crate::destination::{self, ConnectError};
use crate::preauth::Ticket;
use crate::relay::{Ended, guarded, outcome, relay};
use crate::shared::Shared;
use domain::usage::Outcome;
use exchange::{Failed, exchange, read_some};
use head::{Bad, Request};
use std::io;
use std::net::Shutdown;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// Largest request head accepted.
const MAX_HEAD: usize = 16 * 1024;
/// After the response, how long what the client still sends is read and dropped, so that
/// closing does not reset the connection before the client has read the response.
const LINGER: Duration = Duration::from_secs(2);

const PROXY_AUTH: &[u8] = b"HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"ProxyShop\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";

/// A known customer refused for a reason other than the password: 403 naming the reason in
/// `Proxy-Status` (RFC 9209) and the body, so that the customer (and our checker) can tell "no
/// traffic left" from a wrong password. Only a client that gave the right password sees it.
fn denied(reason: &str) -> Vec<u8> {
    forbidden("http_request_denied", reason)
}

/// 403 with `Proxy-Status: proxyshop; error=<error>; details="<details>"` (`error` an RFC 9209
/// proxy error type) and the details as the body.
fn forbidden(error: &str, details: &str) -> Vec<u8> {
    format!(
        "HTTP/1.1 403 Forbidden\r\nProxy-Status: proxyshop; error={error}; details=\"{details}\"\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{details}",
        details.len()
    )
    .into_bytes()
}

/// `code` with `Proxy-Status: proxyshop; error=<error>` (an RFC 9209 proxy error type): the
/// destination failed behind an upstream pool.
fn proxy_error(code: u16, reason: &str, error: &str) -> Vec<u8> {
    format!(
        "HTTP/1.1 {code} {reason}\r\nProxy-Status: proxyshop; error={error}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )
    .into_bytes()
}

fn status(code: u16, reason: &str) -> Vec<u8> {
    format!("HTTP/1.1 {code} {reason}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        .into_bytes()
}

pub(crate) async fn serve(
    shared: Arc<Shared>,
    mut client: TcpStream,
    ticket: Ticket,
) -> io::Result<()> {
    let config = &shared.config;
    let mut buf = Vec::with_capacity(1024);
    let read = tokio::time::timeout(config.handshake_timeout, read_head(&client, &mut buf)).await;
    let head = match read.map_err(|_| io::Error::from(io::ErrorKind::TimedOut))?? {
        Ok(head) => head,
        Err(Bad::TooLarge) => {
            return client
                .write_all(&status(431, "Request Header Fields Too Large"))
                .await;
        }
        Err(Bad::Malformed) => return client.write_all(&status(400, "Bad Request")).await,
    };
    let mut ticket = Some(ticket);
    // Credentials, when sent, win; without them only an allowlisted source gets in.
    let authorized = match &head.credentials {
        Some((user, pass)) => {
            shared
                .authorize(&mut ticket, user, pass, &head.host, head.port)
                .await
        }
        None if shared.allowlisted(&ticket) => {
            shared
                .authorize_source(&mut ticket, &head.host, head.port)
                .await
        }
        None => return client.write_all(PROXY_AUTH).await,
    };
    let mut lease = match authorized {
        Ok(lease) => lease,
        Err(Refusal::TooManyConnections | Refusal::TooManyFailures) => {
            return client.write_all(&status(429, "Too Many Requests")).await;
        }
        Err(Refusal::Unavailable(e)) => {
            tracing::error!(error = %e, "gateway cannot check a credential");
            return client.write_all(&status(503, "Service Unavailable")).await;
        }
        Err(Refusal::NoTraffic) => return client.write_all(&denied("no traffic left")).await,
        Err(Refusal::SubuserCapSpent) => {
            return client
                .write_all(&denied("sub-user traffic cap reached"))
                .await;
        }
        Err(Refusal::Expired) => return client.write_all(&denied("expired")).await,
        Err(Refusal::Disabled) => return client.write_all(&denied("disabled")).await,
        Err(_) => return client.write_all(PROXY_AUTH).await,
    };
    let targeting = chain::targeting(head.credentials.as_ref().map(|(user, _)| user.as_str()));
    let kind = lease.piece.is_none().then_some(lease.key.kind);
    let connected = match shared.blocked(&lease, &head.host, head.port) {
        Some(refusal) => Err(refusal),
        None => chain::connect(&shared, kind, targeting.as_ref(), &head.host, head.port).await,
    };
    let (target, _target_fd, carrier) = match connected {
        Ok(connected) => connected,
        Err(e) => {
            let (outcome, reason) = destination::failure(&e);
            lease.end(outcome, Some(reason));
            drop(lease);
            return match e {
                ConnectError::ForbiddenAddress => {
                    let details = "destination address not allowed";
                    let refusal = forbidden("destination_ip_prohibited", details);
                    client.write_all(&refusal).await
                }
                ConnectError::Blocked(by) => {
                    let refusal = forbidden("destination_denied", by.details());
                    client.write_all(&refusal).await
                }
                ConnectError::RefusedPort => {
                    let details = "destination port not allowed";
                    client
                        .write_all(&forbidden("http_request_denied", details))
                        .await
                }
                ConnectError::NoDescriptors => {
                    client.write_all(&status(503, "Service Unavailable")).await
                }
                ConnectError::DestinationFailed { timed_out: true } => {
                    let answer = proxy_error(504, "Gateway Timeout", "connection_timeout");
                    client.write_all(&answer).await
                }
                ConnectError::DestinationFailed { timed_out: false } => {
                    let answer = proxy_error(502, "Bad Gateway", "connection_refused");
                    client.write_all(&answer).await
                }
                _ => client.write_all(&status(502, "Bad Gateway")).await,
            };
        }
    };
    let shutdown = shared.shutdown.clone();
    if head.connect {
        // What the client sent past the head goes first (nothing, usually: no allocation);
        // the head and its buffer are not kept for the tunnel's life.
        let early = buf.split_off(head.len);
        drop((buf, head));
        client
            .write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
            .await?;
        let ended = relay(
            &client,
            target,
            &early,
            &lease,
            config.idle_timeout,
            shutdown,
            &shared.fds,
        )
        .await;
        let (outcome, reason) = outcome(&ended, &lease);
        lease.end(outcome, reason);
        chain::ended(&shared, carrier.as_ref(), &mut lease);
        // The slot is free before the client sees the connection close.
        drop(lease);
        drop(client);
        tracing::debug!(?ended, "http tunnel ended");
        return ended.map(drop);
    }
    let early = &buf[head.len..];
    let activity = lease.activity();
    let mut failed = None;
    let work = async {
        let (up, down) = (lease.up(), lease.down());
        if let Err(e) = exchange(&client, &target, head, early, up, down, activity).await {
            failed = Some(e);
        }
        Ok(())
    };
    let idle = config.idle_timeout;
    let ended = guarded(&lease, activity, idle, &shared.fds, shutdown, work).await;
    drop(target);
    let out_of_traffic = lease.meter.remaining() <= 0;
    let (outcome, reason) = match (&ended, &failed) {
        (Ok(Ended::Closed), Some(_)) if out_of_traffic => {
            (Outcome::CutQuota, Some("traffic_exhausted"))
        }
        (Ok(Ended::Closed), Some(Failed::NoResponse(_))) => {
            (Outcome::UpstreamError, Some("no_response"))
        }
        (Ok(Ended::Closed), Some(Failed::Io(_))) => (Outcome::Ok, Some("connection_error")),
        _ => outcome(&ended, &lease),
    };
    lease.end(outcome, reason);
    chain::ended(&shared, carrier.as_ref(), &mut lease);
    // The connection slot is free (and the record filed) while the client reads the rest.
    drop(lease);
    let ended = ended?;
    match failed {
        Some(Failed::NoResponse(e)) if !out_of_traffic => {
            tracing::debug!(error = %e, "origin gave no response");
            client.write_all(&status(502, "Bad Gateway")).await?;
        }
        Some(Failed::NoResponse(e) | Failed::Io(e)) => {
            tracing::debug!(error = %e, "plain request ended early");
        }
        None => tracing::debug!(?ended, "plain request done"),
    }
    linger(&client).await;
    Ok(())
}

/// Half-closes the client connection, then drops what it still sends for a moment.
async fn linger(client: &TcpStream) {
    if socket2::SockRef::from(client)
        .shutdown(Shutdown::Write)
        .is_err()
    {
        return;
    }
    let mut sink = [0u8; 4096];
    let _ = tokio::time::timeout(LINGER, async {
        while let Ok(1..) = read_some(client, &mut sink).await {}
    })
    .await;
}

/// Reads until a whole request head is in `buf`.
async fn read_head(client: &TcpStream, buf: &mut Vec<u8>) -> io::Result<Result<Request, Bad>> {
    let mut chunk = [0u8; 2048];
    loop {
        let n = read_some(client, &mut chunk).await?;
        if n == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&chunk[..n]);
        match head::parse_request(buf, MAX_HEAD) {
            Ok(Some(head)) => return Ok(Ok(head)),
            Ok(None) => continue,
            Err(bad) => return Ok(Err(bad)),
        }
    }
}
