//! The SOCKS5 proxy (RFC 1928) with username/password authentication (RFC 1929), or none for
//! an allowlisted source, and the CONNECT command to an IPv4, IPv6 or domain destination.

use crate::chain;
use crate::credentials::Refusal;
use crate::destination::{self, ConnectError};
use crate::lease::Lease;
use crate::preauth::Ticket;
use crate::relay::{outcome, relay};
use crate::shared::Shared;
use domain::Targeting;
use domain::usage::Outcome;
use std::io;
use std::net::{Ipv4Addr, Ipv6Addr};
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const VERSION: u8 = 5;
const NO_AUTH: u8 = 0x00;
const USER_PASS: u8 = 0x02;
const NO_METHOD: u8 = 0xff;

// Replies of RFC 1928 §6.
const SUCCEEDED: u8 = 0x00;
const GENERAL_FAILURE: u8 = 0x01;
const NOT_ALLOWED: u8 = 0x02;
const NETWORK_UNREACHABLE: u8 = 0x03;
const HOST_UNREACHABLE: u8 = 0x04;
const CONNECTION_REFUSED: u8 = 0x05;
const COMMAND_NOT_SUPPORTED: u8 = 0x07;
const ADDRESS_NOT_SUPPORTED: u8 = 0x08;

/// Room for a whole handshake sent at once: a greeting (2 + 255 methods), a username and
/// password (3 + 255 + 255) and a request (7 + 255), with some to spare.
const HANDSHAKE_BUFFER: usize = 1024;

/// The client connection during the handshake, read through one buffer: each read takes
/// whatever has arrived, so a client that sends its greeting, credentials and request in one
/// segment is served with one read, and fields are parsed from memory (a client sending byte
/// by byte is read as often as it takes). Replies wait in `out` until the handshake has to
/// wait for the client (or ends), so that replies that answer messages already read go out
/// in one write. Bytes read past the request (sent before the tunnel was up) are `rest`.
struct Handshake {
    client: TcpStream,
    buf: Vec<u8>,
    /// The next unparsed byte of `buf`.
    at: usize,
    out: Vec<u8>,
    /// Reads of the client socket so far (tests check that a handshake sent at once takes one).
    #[cfg(test)]
    reads: usize,
}

impl Handshake {
    fn new(client: TcpStream) -> Handshake {
        Handshake {
            client,
            buf: Vec::with_capacity(HANDSHAKE_BUFFER),
            at: 0,
            out: Vec::new(),
            #[cfg(test)]
            reads: 0,
        }
    }

    /// Waits until `n` unparsed bytes are buffered, sending the pending replies first (the
    /// client may be waiting for them).
    async fn fill(&mut self, n: usize) -> io::Result<()> {
        while self.buf.len() - self.at < n {
            self.flush().await?;
            if self.buf.capacity() - self.buf.len() < n {
                self.buf.reserve(n.max(HANDSHAKE_BUFFER));
            }
            #[cfg(test)]
            {
                self.reads += 1;
            }
            if self.client.read_buf(&mut self.buf).await? == 0 {
                return Err(io::ErrorKind::UnexpectedEof.into());
            }
        }
        Ok(())
    }

    async fn bytes(&mut self, n: usize) -> io::Result<&[u8]> {
        self.fill(n).await?;
        let at = self.at;
        self.at += n;
        Ok(&self.buf[at..at + n])
    }

    async fn u8(&mut self) -> io::Result<u8> {
        Ok(self.bytes(1).await?[0])
    }

    async fn u16(&mut self) -> io::Result<u16> {
        let b = self.bytes(2).await?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    /// A length-prefixed string (RFC 1929 and a domain name in a request).
    async fn string(&mut self) -> io::Result<String> {
        let len = usize::from(self.u8().await?);
        let bytes = self.bytes(len).await?.to_vec();
        String::from_utf8(bytes).map_err(|_| io::ErrorKind::InvalidData.into())
    }

    /// Queues `reply`; it is sent with the next flush.
    fn send(&mut self, reply: &[u8]) {
        self.out.extend_from_slice(reply);
    }

    async fn flush(&mut self) -> io::Result<()> {
        if !self.out.is_empty() {
            self.client.write_all(&self.out).await?;
            self.out.clear();
        }
        Ok(())
    }

    /// Sends `reply` with the pending replies, in one write.
    async fn reply(&mut self, code: u8) -> io::Result<()> {
        self.send(&reply_bytes(code));
        self.flush().await
    }

    /// What the client sent past its request.
    fn rest(&self) -> &[u8] {
        &self.buf[self.at..]
    }
}

/// A reply to the request. BND.ADDR is always 0.0.0.0:0: the outbound socket's address is
/// the gateway's internal one and is nobody's business (clients of CONNECT ignore it).
fn reply_bytes(code: u8) -> [u8; 10] {
    let [a, b, c, d] = Ipv4Addr::UNSPECIFIED.octets();
    let [p, q] = 0u16.to_be_bytes();
    [VERSION, code, 0, 0x01, a, b, c, d, p, q]
}

pub(crate) async fn serve(
    shared: Arc<Shared>,
    client: TcpStream,
    ticket: Ticket,
) -> io::Result<()> {
    let config = &shared.config;
    let mut ticket = Some(ticket);
    let mut hs = Handshake::new(client);
    let greeted = tokio::time::timeout(
        config.handshake_timeout,
        handshake(&shared, &mut hs, &mut ticket),
    )
    .await;
    let Some((mut lease, host, port, targeting)) =
        greeted.map_err(|_| io::Error::from(io::ErrorKind::TimedOut))??
    else {
        return Ok(());
    };
    let kind = lease.piece.is_none().then_some(lease.key.kind);
    let want = chain::Want {
        whose: (lease.key.user_id, lease.key.kind),
        kind,
        targeting: targeting.as_ref(),
        host: &host,
        port,
        plain: false,
    };
    lease.set_country(targeting.as_ref());
    let dialled = std::time::Instant::now();
    let connected = match shared.blocked(&lease, &host, port) {
        Some(refusal) => Err(refusal),
        None => chain::connect(&shared, want, &mut Vec::new()).await,
    };
    let (target, _target_fd, carrier) = match connected {
        Ok(connected) => {
            lease.connected(dialled.elapsed());
            connected
        }
        Err(e) => {
            let (outcome, reason) = destination::failure(&e);
            lease.end(outcome, Some(reason));
            drop(lease);
            return hs.reply(failure_code(&e)).await;
        }
    };
    hs.reply(SUCCEEDED).await?;
    // Bytes the client sent ahead of the reply go first (none, usually: no allocation); the
    // buffer is not kept for the tunnel's life.
    let early = hs.rest().to_vec();
    let Handshake { client, buf, .. } = hs;
    drop(buf);
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
    tracing::debug!(?ended, "socks connection ended");
    ended.map(drop)
}

/// The handshake up to the CONNECT request: the lease, the destination and the targeting the
/// username asked for, or None when the client was refused (the refusal is sent). Username/password is chosen whenever the client
/// offers it (credentials win); "no authentication" only for an allowlisted source.
async fn handshake(
    shared: &Shared,
    hs: &mut Handshake,
    ticket: &mut Option<Ticket>,
) -> io::Result<Option<(Lease, String, u16, Option<Targeting>)>> {
    if hs.u8().await? != VERSION {
        return Ok(None);
    }
    let count = usize::from(hs.u8().await?);
    let methods = hs.bytes(count).await?;
    let (user_pass, no_auth) = (methods.contains(&USER_PASS), methods.contains(&NO_AUTH));
    if user_pass {
        hs.send(&[VERSION, USER_PASS]);
        let Some((mut lease, user)) = sub_negotiation(shared, hs, ticket).await? else {
            return Ok(None);
        };
        return match read_request(hs).await? {
            Request::Connect(host, port) => {
                lease.set_target(&host, port);
                Ok(Some((lease, host, port, chain::targeting(Some(&user)))))
            }
            Request::Refused {
                code,
                reason,
                host,
                port,
            } => {
                lease.set_target(&host, port);
                lease.end(Outcome::Refused, Some(reason));
                hs.reply(code).await.map(|()| None)
            }
            Request::Malformed => hs.flush().await.map(|()| None),
        };
    }
    if !(no_auth && shared.allowlisted(ticket)) {
        hs.send(&[VERSION, NO_METHOD]);
        return hs.flush().await.map(|()| None);
    }
    hs.send(&[VERSION, NO_AUTH]);
    let (host, port) = match read_request(hs).await? {
        Request::Connect(host, port) => (host, port),
        // Not authorised yet: refused, and nobody's to record.
        Request::Refused { code, .. } => return hs.reply(code).await.map(|()| None),
        Request::Malformed => return hs.flush().await.map(|()| None),
    };
    match shared.authorize_source(ticket, &host, port).await {
        Ok(lease) => Ok(Some((lease, host, port, None))),
        Err(refusal) => {
            if let Refusal::Unavailable(e) = &refusal {
                tracing::error!(error = %e, "gateway cannot check an allowlisted source");
                hs.reply(GENERAL_FAILURE).await?;
            } else {
                hs.reply(NOT_ALLOWED).await?;
            }
            Ok(None)
        }
    }
}

/// RFC 1929: the username and password, checked: the lease and the username, or None when
/// refused (the refusal is sent).
/// Success is only queued: it goes out with the reply to the request, or before the next
/// read when the request has not arrived yet.
async fn sub_negotiation(
    shared: &Shared,
    hs: &mut Handshake,
    ticket: &mut Option<Ticket>,
) -> io::Result<Option<(Lease, String)>> {
    if hs.u8().await? != 0x01 {
        return hs.flush().await.map(|()| None);
    }
    let user = hs.string().await?;
    let pass = hs.string().await?;
    // The destination is not known yet (it comes after authentication): a refusal here is
    // recorded without one.
    match shared.authorize(ticket, &user, &pass, "", 0).await {
        Ok(lease) => {
            hs.send(&[0x01, 0x00]);
            Ok(Some((lease, user)))
        }
        Err(refusal) => {
            if let Refusal::Unavailable(e) = &refusal {
                tracing::error!(error = %e, "gateway cannot check a credential");
            }
            hs.send(&[0x01, 0x01]);
            hs.flush().await.map(|()| None)
        }
    }
}

/// What a CONNECT request asked for.
enum Request {
    Connect(String, u16),
    /// Refused with the reply `code` for `reason` (the target as far as it was read).
    Refused {
        code: u8,
        reason: &'static str,
        host: String,
        port: u16,
    },
    /// Not SOCKS5: closed without a reply.
    Malformed,
}

async fn read_request(hs: &mut Handshake) -> io::Result<Request> {
    let [version, command, _, address_type] = *hs.bytes(4).await? else {
        return Ok(Request::Malformed);
    };
    if version != VERSION {
        return Ok(Request::Malformed);
    }
    let host = match address_type {
        0x01 => {
            let ip: [u8; 4] = hs
                .bytes(4)
                .await?
                .try_into()
                .map_err(|_| io::ErrorKind::InvalidData)?;
            Ipv4Addr::from(ip).to_string()
        }
        0x04 => {
            let ip: [u8; 16] = hs
                .bytes(16)
                .await?
                .try_into()
                .map_err(|_| io::ErrorKind::InvalidData)?;
            Ipv6Addr::from(ip).to_string()
        }
        0x03 => hs.string().await?,
        _ => {
            return Ok(Request::Refused {
                code: ADDRESS_NOT_SUPPORTED,
                reason: "address_type_not_supported",
                host: String::new(),
                port: 0,
            });
        }
    };
    let port = hs.u16().await?;
    if command != 0x01 {
        return Ok(Request::Refused {
            code: COMMAND_NOT_SUPPORTED,
            reason: "command_not_supported",
            host,
            port,
        });
    }
    Ok(Request::Connect(host, port))
}

fn failure_code(e: &ConnectError) -> u8 {
    match e {
        // "Connection not allowed by ruleset" (RFC 1928 §6): the no-open-proxy rule.
        ConnectError::ForbiddenAddress | ConnectError::RefusedPort | ConnectError::Blocked(_) => {
            NOT_ALLOWED
        }
        ConnectError::Resolve(_) | ConnectError::Timeout => HOST_UNREACHABLE,
        ConnectError::NoDescriptors | ConnectError::NoPool | ConnectError::PoolsFailed => {
            GENERAL_FAILURE
        }
        ConnectError::DestinationFailed { .. } => HOST_UNREACHABLE,
        ConnectError::Connect(e) => match e.kind() {
            io::ErrorKind::ConnectionRefused => CONNECTION_REFUSED,
            io::ErrorKind::NetworkUnreachable => NETWORK_UNREACHABLE,
            io::ErrorKind::HostUnreachable => HOST_UNREACHABLE,
            _ => GENERAL_FAILURE,
        },
    }
}

#[cfg(test)]
#[path = "socks_tests.rs"]
mod tests;
