//! The SOCKS5 proxy (RFC 1928) with username/password authentication (RFC 1929), or none for
//! an allowlisted source, and the CONNECT command to an IPv4, IPv6 or domain destination.

use crate::credentials::Refusal;
use crate::destination::{self, ConnectError};
use crate::lease::Lease;
use crate::preauth::Ticket;
use crate::relay::{outcome, relay};
use crate::shared::Shared;
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

async fn read_string(client: &mut TcpStream) -> io::Result<String> {
    let len = client.read_u8().await?;
    let mut bytes = vec![0; usize::from(len)];
    client.read_exact(&mut bytes).await?;
    String::from_utf8(bytes).map_err(|_| io::ErrorKind::InvalidData.into())
}

/// A reply to the request. BND.ADDR is always 0.0.0.0:0: the outbound socket's address is
/// the gateway's internal one and is nobody's business (clients of CONNECT ignore it).
async fn reply(client: &mut TcpStream, code: u8) -> io::Result<()> {
    let mut out = vec![VERSION, code, 0, 0x01];
    out.extend_from_slice(&Ipv4Addr::UNSPECIFIED.octets());
    out.extend_from_slice(&0u16.to_be_bytes());
    client.write_all(&out).await
}

pub(crate) async fn serve(
    shared: Arc<Shared>,
    mut client: TcpStream,
    ticket: Ticket,
) -> io::Result<()> {
    let config = &shared.config;
    let mut ticket = Some(ticket);
    let greeted = tokio::time::timeout(
        config.handshake_timeout,
        handshake(&shared, &mut client, &mut ticket),
    )
    .await;
    let Some((mut lease, host, port)) =
        greeted.map_err(|_| io::Error::from(io::ErrorKind::TimedOut))??
    else {
        return Ok(());
    };
    let (target, _target_fd) = match destination::connect(&host, port, config, &shared.fds).await {
        Ok(connected) => connected,
        Err(e) => {
            let (outcome, reason) = destination::failure(&e);
            lease.end(outcome, Some(reason));
            drop(lease);
            return reply(&mut client, failure_code(&e)).await;
        }
    };
    reply(&mut client, SUCCEEDED).await?;
    let ended = relay(
        client,
        target,
        &[],
        &lease,
        config.idle_timeout,
        shared.shutdown.clone(),
        &shared.fds,
    )
    .await;
    let (outcome, reason) = outcome(&ended, &lease);
    lease.end(outcome, reason);
    tracing::debug!(?ended, "socks connection ended");
    ended.map(drop)
}

/// The handshake up to the CONNECT request: the lease and the destination, or None when the
/// client was refused (the refusal is sent). Username/password is chosen whenever the client
/// offers it (credentials win); "no authentication" only for an allowlisted source.
async fn handshake(
    shared: &Shared,
    client: &mut TcpStream,
    ticket: &mut Option<Ticket>,
) -> io::Result<Option<(Lease, String, u16)>> {
    if client.read_u8().await? != VERSION {
        return Ok(None);
    }
    let count = client.read_u8().await?;
    let mut methods = vec![0; usize::from(count)];
    client.read_exact(&mut methods).await?;
    if methods.contains(&USER_PASS) {
        client.write_all(&[VERSION, USER_PASS]).await?;
        let Some(mut lease) = sub_negotiation(shared, client, ticket).await? else {
            return Ok(None);
        };
        return match read_request(client).await? {
            Request::Connect(host, port) => {
                lease.set_target(&host, port);
                Ok(Some((lease, host, port)))
            }
            Request::Refused {
                code,
                reason,
                host,
                port,
            } => {
                lease.set_target(&host, port);
                lease.end(Outcome::Refused, Some(reason));
                reply(client, code).await.map(|()| None)
            }
            Request::Malformed => Ok(None),
        };
    }
    if !(methods.contains(&NO_AUTH) && shared.allowlisted(ticket)) {
        client.write_all(&[VERSION, NO_METHOD]).await?;
        return Ok(None);
    }
    client.write_all(&[VERSION, NO_AUTH]).await?;
    let (host, port) = match read_request(client).await? {
        Request::Connect(host, port) => (host, port),
        // Not authorised yet: refused, and nobody's to record.
        Request::Refused { code, .. } => return reply(client, code).await.map(|()| None),
        Request::Malformed => return Ok(None),
    };
    match shared.authorize_source(ticket, &host, port).await {
        Ok(lease) => Ok(Some((lease, host, port))),
        Err(refusal) => {
            if let Refusal::Unavailable(e) = &refusal {
                tracing::error!(error = %e, "gateway cannot check an allowlisted source");
                reply(client, GENERAL_FAILURE).await?;
            } else {
                reply(client, NOT_ALLOWED).await?;
            }
            Ok(None)
        }
    }
}

/// RFC 1929: the username and password, checked; None when refused (the refusal is sent).
async fn sub_negotiation(
    shared: &Shared,
    client: &mut TcpStream,
    ticket: &mut Option<Ticket>,
) -> io::Result<Option<Lease>> {
    if client.read_u8().await? != 0x01 {
        return Ok(None);
    }
    let user = read_string(client).await?;
    let pass = read_string(client).await?;
    // The destination is not known yet (it comes after authentication): a refusal here is
    // recorded without one.
    match shared.authorize(ticket, &user, &pass, "", 0).await {
        Ok(lease) => {
            client.write_all(&[0x01, 0x00]).await?;
            Ok(Some(lease))
        }
        Err(refusal) => {
            if let Refusal::Unavailable(e) = &refusal {
                tracing::error!(error = %e, "gateway cannot check a credential");
            }
            client.write_all(&[0x01, 0x01]).await?;
            Ok(None)
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

async fn read_request(client: &mut TcpStream) -> io::Result<Request> {
    let mut request = [0u8; 4];
    client.read_exact(&mut request).await?;
    let [version, command, _, address_type] = request;
    if version != VERSION {
        return Ok(Request::Malformed);
    }
    let host = match address_type {
        0x01 => {
            let mut ip = [0u8; 4];
            client.read_exact(&mut ip).await?;
            Ipv4Addr::from(ip).to_string()
        }
        0x04 => {
            let mut ip = [0u8; 16];
            client.read_exact(&mut ip).await?;
            Ipv6Addr::from(ip).to_string()
        }
        0x03 => read_string(client).await?,
        _ => {
            return Ok(Request::Refused {
                code: ADDRESS_NOT_SUPPORTED,
                reason: "address_type_not_supported",
                host: String::new(),
                port: 0,
            });
        }
    };
    let port = client.read_u16().await?;
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
        ConnectError::NotAllowed => NOT_ALLOWED,
        ConnectError::Resolve(_) | ConnectError::Timeout => HOST_UNREACHABLE,
        ConnectError::NoDescriptors => GENERAL_FAILURE,
        ConnectError::Connect(e) => match e.kind() {
            io::ErrorKind::ConnectionRefused => CONNECTION_REFUSED,
            io::ErrorKind::NetworkUnreachable => NETWORK_UNREACHABLE,
            io::ErrorKind::HostUnreachable => HOST_UNREACHABLE,
            _ => GENERAL_FAILURE,
        },
    }
}
