//! One plain request through the proxy: its rewritten head and exactly its body go to the
//! origin, the origin's response (interim ones first) comes back with a rewritten head and
//! exactly its body, and then both connections close. Nothing the client sends after its
//! request's body, and nothing the origin sends after its response, is relayed: a kept-alive
//! connection can never carry a second request (or its credential) to this origin.

use super::body::Framing;
use super::head::{self, Request};
use crate::flow::{Activity, COPY_BUFFER, Metered, write_all};
use std::io;
use tokio::net::TcpStream;

/// Largest response head accepted from an origin.
const MAX_RESPONSE_HEAD: usize = 64 * 1024;

/// What went wrong, as far as the client is concerned.
#[derive(Debug)]
pub(crate) enum Failed {
    /// Before any of the response was sent: the client may be told 502.
    NoResponse(io::Error),
    /// Later: the connection just closes.
    Io(io::Error),
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

/// Sends `request` (whose head ended before `early`) to `target` and its response to `client`
/// (metered as `up` and `down`); returns once the response has been relayed.
pub(crate) async fn exchange(
    client: &TcpStream,
    target: &TcpStream,
    request: Request,
    early: &[u8],
    up: Metered<'_>,
    down: Metered<'_>,
    activity: &Activity,
) -> Result<(), Failed> {
    write_all(target, &request.forward, up, activity)
        .await
        .map_err(Failed::NoResponse)?;
    // The body goes up while the response is awaited: an origin may answer before reading it
    // (an error, or 100 Continue).
    let upload = body(client, target, early, request.body, up, activity);
    let download = response(client, target, request.head, down, activity);
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
