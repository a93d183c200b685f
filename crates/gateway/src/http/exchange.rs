//! One plain request through the proxy: its rewritten head and exactly its body go to the
//! origin, the origin's response (interim ones first) comes back with a rewritten head and
//! exactly its body, and then both connections close. Nothing the client sends after its
//! request's body, and nothing the origin sends after its response, is relayed: a kept-alive
//! connection can never carry a second request (or its credential) to this origin.
//!
//! Through an HTTP upstream pool the request goes in absolute form with the pool's credentials
//! (`Request::via_pool`), its head charged only once the pool accepts it (`Pending`): a 407 or
//! a `Proxy-Status` error of the pool's before any byte of the response is the pool's failure
//! or the destination's (`upstream::chain::proxy_status`), never relayed to the customer.

use super::body::Framing;
use super::head::{self, Request};
use crate::flow::{Activity, COPY_BUFFER, Metered, Pending, write_all};
use std::io;
use tokio::net::TcpStream;
use upstream::chain::{DialError, PoolFailure, proxy_status};

/// Largest response head accepted from an origin.
const MAX_RESPONSE_HEAD: usize = 64 * 1024;

/// What went wrong, as far as the client is concerned.
#[derive(Debug)]
pub(crate) enum Failed {
    /// Before any of the response was sent: the client may be told 502.
    NoResponse(io::Error),
    /// Later: the connection just closes.
    Io(io::Error),
    /// The upstream pool refused the request (its credentials, its own error): nothing was
    /// sent to the client, and another pool may be tried.
    Pool(PoolFailure),
    /// The upstream pool says the destination failed: nothing was sent to the client.
    Destination { timed_out: bool },
}

/// What goes to the destination: the client's `request`, the bytes of its body read past the
/// head (`early`), and for an HTTP upstream pool its `Proxy-Authorization` line (`via`).
#[derive(Clone, Copy)]
pub(crate) struct Outgoing<'a> {
    pub(crate) request: &'a Request,
    pub(crate) early: &'a [u8],
    pub(crate) via: Option<&'a str>,
}

impl From<io::Error> for Failed {
    fn from(e: io::Error) -> Self {
        Failed::Io(e)
    }
}

pub(crate) async fn read_some(stream: &TcpStream, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        stream.readable().await?;
        match stream.try_read(buf) {
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => continue,
            other => return other,
        }
    }
}

/// Relays the body `framing` delimits from `src` to `dst`, starting with `already` (bytes read
/// past the head). Bytes past the body are dropped.
async fn body(
    src: &TcpStream,
    dst: &TcpStream,
    already: &[u8],
    mut framing: Framing,
    flow: Metered<'_>,
    activity: &Activity,
) -> io::Result<()> {
    let bad = |_| io::Error::new(io::ErrorKind::InvalidData, "malformed body framing");
    let n = framing.take(already).map_err(bad)?;
    write_all(dst, &already[..n], flow, activity).await?;
    let mut buf = Vec::new();
    while !framing.is_done() {
        if buf.is_empty() {
            buf = vec![0; COPY_BUFFER];
        }
        let read = read_some(src, &mut buf).await?;
        if read == 0 {
            return match framing {
                Framing::UntilClose => Ok(()),
                _ => Err(io::ErrorKind::UnexpectedEof.into()),
            };
        }
        let n = framing.take(&buf[..read]).map_err(bad)?;
        write_all(dst, &buf[..n], flow, activity).await?;
    }
    Ok(())
}

/// Reads the origin's response heads, forwarding interim ones, then the final one and its
/// body.
async fn response(
    client: &TcpStream,
    target: &TcpStream,
    to_head: bool,
    mut pending: Option<Pending<'_>>,
    flow: Metered<'_>,
    activity: &Activity,
) -> Result<(), Failed> {
    let mut buf: Vec<u8> = Vec::with_capacity(4096);
    let mut chunk = vec![0u8; 8192];
    let mut sent_any = false;
    loop {
        let parsed = head::parse_response(&buf, MAX_RESPONSE_HEAD, to_head).map_err(|bad| {
            let e = io::Error::new(
                io::ErrorKind::InvalidData,
                format!("bad response head: {bad:?}"),
            );
            if sent_any {
                Failed::Io(e)
            } else {
                Failed::NoResponse(e)
            }
        })?;
        let Some(res) = parsed else {
            let n = read_some(target, &mut chunk).await.map_err(|e| {
                if sent_any {
                    Failed::Io(e)
                } else {
                    Failed::NoResponse(e)
                }
            })?;
            if n == 0 {
                let e = io::Error::from(io::ErrorKind::UnexpectedEof);
                return Err(if sent_any {
                    Failed::Io(e)
                } else {
                    Failed::NoResponse(e)
                });
            }
            buf.extend_from_slice(&chunk[..n]);
            continue;
        };
        if res.status == 101 {
            // Upgrade is never forwarded, so this origin does not speak HTTP.
            let e = io::Error::new(io::ErrorKind::InvalidData, "unrequested protocol switch");
            return Err(if sent_any {
                Failed::Io(e)
            } else {
                Failed::NoResponse(e)
            });
        }
        if let Some(charge) = pending.take() {
            // The pool's first answer: its own refusal or error is never relayed.
            if let Some(failed) = pool_failed(&res) {
                return Err(failed);
            }
            charge.commit();
        }
        write_all(client, &res.forward, flow, activity).await?;
        sent_any = true;
        let rest = buf.split_off(res.len);
        if (100..200).contains(&res.status) {
            buf = rest;
            continue;
        }
        return Ok(body(target, client, &rest, res.body, flow, activity).await?);
    }
}

/// Whether an HTTP upstream pool's answer `res` is its own failure (407: it rejected the
/// credentials; a `Proxy-Status` error) rather than the destination's response.
fn pool_failed(res: &head::Response) -> Option<Failed> {
    if res.status == 407 {
        return Some(Failed::Pool(PoolFailure::AuthRejected));
    }
    res.proxy_error
        .as_deref()
        .map(|error| match proxy_status(error) {
            DialError::Pool(failure) => Failed::Pool(failure),
            DialError::Destination { timed_out } => Failed::Destination { timed_out },
        })
}

/// Sends `out` to `target` and its response to `client` (metered as `up` and `down`); returns
/// once the response has been relayed.
pub(crate) async fn exchange(
    client: &TcpStream,
    target: &TcpStream,
    out: Outgoing<'_>,
    up: Metered<'_>,
    down: Metered<'_>,
    activity: &Activity,
) -> Result<(), Failed> {
    let request = out.request;
    let pending = match out.via {
        Some(auth) => {
            let head = request.via_pool(auth);
            let charged = request.forward.len();
            let pending = Pending::write(target, &head, charged, up, activity).await;
            Some(pending.map_err(Failed::NoResponse)?)
        }
        None => {
            write_all(target, &request.forward, up, activity)
                .await
                .map_err(Failed::NoResponse)?;
            None
        }
    };
    // The body goes up while the response is awaited: an origin may answer before reading it
    // (an error, or 100 Continue).
    let upload = body(
        client,
        target,
        out.early,
        request.body.clone(),
        up,
        activity,
    );
    let download = response(client, target, request.head, pending, down, activity);
    tokio::pin!(upload, download);
    let mut uploading = true;
    loop {
        tokio::select! {
            sent = &mut upload, if uploading => {
                sent?;
                uploading = false;
            }
            answered = &mut download => return answered,
        }
    }
}
