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
use body::Framing;
use domain::usage::Outcome;
use exchange::{Failed, Outgoing, exchange, read_some};
use head::{Bad, Request};
use std::io;
use std::net::Shutdown;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use upstream::chain::{DialError, PoolFailure};

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
    explained("403 Forbidden", error, details, None)
}

/// `status` with `Proxy-Status: proxyshop; error=<error>; details="<details>"` and the details
/// as the body; `retry` adds `Retry-After` in seconds.
fn explained(status: &str, error: &str, details: &str, retry: Option<u32>) -> Vec<u8> {
    let retry = retry.map_or_else(String::new, |s| format!("Retry-After: {s}\r\n"));
    format!(
        "HTTP/1.1 {status}\r\nProxy-Status: proxyshop; error={error}; details=\"{details}\"\r\n{retry}Content-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{details}",
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

/// 429 for a customer at a limit of their plan, saying which (`Proxy-Status` with `error` an
/// RFC 9209 proxy error type, and the body), so that a script tells it from the shop's own
/// per-customer cap; `retry` adds `Retry-After` in seconds.
fn plan_limit(error: &str, details: &str, retry: Option<u32>) -> Vec<u8> {
    explained("429 Too Many Requests", error, details, retry)
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
        Err(Refusal::PlanMaxConnections) => {
            let details = "your plan's connection limit is reached";
            let reply = plan_limit("connection_limit_reached", details, None);
            return client.write_all(&reply).await;
        }
        Err(Refusal::PlanMaxRequestsPerSecond) => {
            // the window is a second of the fleet's clocks
            let details = "your plan's request rate limit is reached";
            let reply = plan_limit("http_request_denied", details, Some(1));
            return client.write_all(&reply).await;
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
    let want = chain::Want {
        whose: (lease.key.user_id, lease.key.kind),
        kind: lease.piece.is_none().then_some(lease.key.kind),
        targeting: targeting.as_ref(),
        host: &head.host,
        port: head.port,
        plain: !head.connect,
    };
    lease.set_country(targeting.as_ref());
    let mut tried = Vec::new();
    let dialled = std::time::Instant::now();
    let connected = match shared.blocked(&lease, &head.host, head.port) {
        Some(refusal) => Err(refusal),
        None => chain::connect(&shared, want, &mut tried).await,
    };
    let (mut target, mut target_fd, mut carrier) = match connected {
        Ok(connected) => {
            lease.connected(dialled.elapsed());
            connected
        }
        Err(e) => {
            let (outcome, reason) = destination::failure(&e);
            lease.end(outcome, Some(reason));
            drop(lease);
            return client.write_all(&connect_failed(&e)).await;
        }
    };
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
            shared.shutdown.clone(),
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
    // A request without a body can go again to the next pool when a pool refuses it.
    let replayable = head.body == Framing::Done && early.is_empty();
    let (ended, failed) = loop {
        let mut failed = None;
        let out = Outgoing {
            request: &head,
            early,
            via: carrier
                .as_ref()
                .and_then(|c| c.auth.as_ref())
                .map(|a| a.line()),
        };
        let work = async {
            let (up, down) = (lease.up(), lease.down());
            if let Err(e) = exchange(&client, &target, out, up, down, activity).await {
                failed = Some(e);
            }
            Ok(())
        };
        let idle = config.idle_timeout;
        let shutdown = shared.shutdown.clone();
        let ended = guarded(&lease, activity, idle, &shared.fds, shutdown, work).await;
        let out_of_traffic = lease.meter.remaining() <= 0;
        let absolute = carrier.as_ref().filter(|c| c.auth.is_some());
        if let Some(through) = absolute.filter(|_| !out_of_traffic) {
            chain::count(&shared, through, pool_verdict(failed.as_ref())).await;
        }
        let refused = matches!(failed, Some(Failed::Pool(_)));
        if !(refused && replayable && matches!(ended, Ok(Ended::Closed))) {
            break (ended, failed);
        }
        drop((target, target_fd));
        match chain::connect(&shared, want, &mut tried).await {
            Ok(next) => (target, target_fd, carrier) = next,
            Err(e) => {
                let (outcome, reason) = destination::failure(&e);
                lease.end(outcome, Some(reason));
                drop(lease);
                return client.write_all(&connect_failed(&e)).await;
            }
        }
    };
    drop((target, target_fd));
    let out_of_traffic = lease.meter.remaining() <= 0;
    let (outcome, reason) = match (&ended, &failed) {
        (Ok(Ended::Closed), Some(_)) if out_of_traffic => {
            (Outcome::CutQuota, Some("traffic_exhausted"))
        }
        (Ok(Ended::Closed), Some(Failed::NoResponse(_))) => {
            (Outcome::UpstreamError, Some("no_response"))
        }
        // Not charged (`domain::usage::NOT_CHARGED_REASONS`) unless a body went up first.
        (Ok(Ended::Closed), Some(Failed::Pool(_))) if lease.up.load(Ordering::Relaxed) > 0 => {
            (Outcome::UpstreamError, Some("pool_failed_after_upload"))
        }
        (Ok(Ended::Closed), Some(Failed::Pool(_))) => {
            (Outcome::UpstreamError, Some("pools_failed"))
        }
        (Ok(Ended::Closed), Some(Failed::Destination { timed_out })) => {
            let e = ConnectError::DestinationFailed {
                timed_out: *timed_out,
            };
            let (outcome, reason) = destination::failure(&e);
            (outcome, Some(reason))
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
        Some(Failed::Pool(_)) if !out_of_traffic => {
            client
                .write_all(&connect_failed(&ConnectError::PoolsFailed))
                .await?;
        }
        Some(Failed::Destination { timed_out }) if !out_of_traffic => {
            let e = ConnectError::DestinationFailed { timed_out };
            client.write_all(&connect_failed(&e)).await?;
        }
        Some(Failed::NoResponse(e) | Failed::Io(e)) => {
            tracing::debug!(error = %e, "plain request ended early");
        }
        Some(Failed::Pool(_) | Failed::Destination { .. }) => {
            tracing::debug!("plain request through a pool ended without traffic");
        }
        None => tracing::debug!(?ended, "plain request done"),
    }
    linger(&client).await;
    Ok(())
}

/// The answer to a client whose destination could not be dialled.
fn connect_failed(e: &ConnectError) -> Vec<u8> {
    match e {
        ConnectError::ForbiddenAddress => forbidden(
            "destination_ip_prohibited",
            "destination address not allowed",
        ),
        ConnectError::RefusedPort => {
            forbidden("http_request_denied", "destination port not allowed")
        }
        ConnectError::Blocked(by) => forbidden("destination_denied", by.details()),
        ConnectError::NoDescriptors => status(503, "Service Unavailable"),
        ConnectError::DestinationFailed { timed_out: true } => {
            proxy_error(504, "Gateway Timeout", "connection_timeout")
        }
        ConnectError::DestinationFailed { timed_out: false } => {
            proxy_error(502, "Bad Gateway", "connection_refused")
        }
        _ => status(502, "Bad Gateway"),
    }
}

/// How an HTTP pool answered a plain request in absolute form, for its health: it relayed the
/// destination's response (or the exchange failed later, which is not the pool's), refused it,
/// blamed the destination, or closed without an answer.
fn pool_verdict(failed: Option<&Failed>) -> Result<(), DialError> {
    match failed {
        Some(Failed::Pool(failure)) => Err(DialError::Pool(*failure)),
        Some(Failed::Destination { timed_out }) => Err(DialError::Destination {
            timed_out: *timed_out,
        }),
        Some(Failed::NoResponse(_)) => Err(DialError::Pool(PoolFailure::Closed)),
        Some(Failed::Io(_)) | None => Ok(()),
    }
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
