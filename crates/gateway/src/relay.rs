//! Moves bytes both ways between a customer and a destination once the tunnel is up, counting
//! every byte delivered on the customer's meter. It ends when both sides have closed, on an
//! error, when the meter runs out (for every connection of that meter at once), when the
//! piece it uses ends, after `idle` without traffic (the shorter half-closed timeout once one
//! side has closed its direction, `Descriptors::half_closed_timeout`), when it is closed to make room for
//! another customer's connection (the descriptor budget's fair share), or at shutdown.
//!
//! The client connection is the caller's: it closes it after giving the connection's slot
//! back (`Lease`), so that a client that has seen its connection end finds its slot under the
//! connection caps free. So the destination's end is passed on to the client as a half-close
//! only while the client is still sending; once both directions are done the relay returns
//! and the caller's close tells the client.

use crate::descriptors::Descriptors;
use crate::flow::{Activity, COPY_BUFFER, Metered, write_all, write_reserved};
use crate::lease::{Cut, Lease};
use crate::meter::reserve::Reservation;
use domain::usage::Outcome;
use std::future::Future;
use std::io;
use std::net::Shutdown;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::watch;

/// Why a relay ended.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    Closed,
    OutOfTraffic,
    PieceOver,
    Idle,
    /// Closed to make room for another customer's connection (the descriptor budget's fair
    /// share).
    Evicted,
    Shutdown,
}

/// Relays until the connection ends; `to_target` is sent to the destination first (bytes the
/// client sent ahead of the tunnel). A direction's pipe (Linux) is counted on `fds`. `client`
/// is left open when both directions ended (see the module docs): the caller drops the lease,
/// then the client.
pub(crate) async fn relay(
    client: &TcpStream,
    target: TcpStream,
    to_target: &[u8],
    lease: &Lease,
    idle: Duration,
    shutdown: watch::Receiver<bool>,
    fds: &Descriptors,
) -> io::Result<Ended> {
    let activity = lease.activity();
    // The client has closed its side (its direction ended).
    let client_done = AtomicBool::new(false);
    let work = async {
        write_all(&target, to_target, lease.up(), activity).await?;
        let up = async {
            pump(client, &target, lease.up(), activity, fds).await?;
            client_done.store(true, Ordering::Relaxed);
            activity.half_closed();
            half_close(&target)
        };
        let down = async {
            pump(&target, client, lease.down(), activity, fds).await?;
            activity.half_closed();
            if client_done.load(Ordering::Relaxed) {
                // Both directions are done: the caller's close tells the client, after the
                // slot is free.
                Ok(())
            } else {
                half_close(client)
            }
        };
        tokio::try_join!(up, down)?;
        Ok(())
    };
    guarded(lease, activity, idle, fds, shutdown, work).await
}

/// Runs `work` until it ends, the lease is cut or closed to make room, the gateway shuts down
/// or `activity` saw nothing move for `idle` (shortened as the budget of `fds` fills).
pub(crate) async fn guarded(
    lease: &Lease,
    activity: &Activity,
    idle: Duration,
    fds: &Descriptors,
    mut shutdown: watch::Receiver<bool>,
    work: impl Future<Output = io::Result<()>>,
) -> io::Result<Ended> {
    let meter = &*lease.meter;
    tokio::select! {
        result = work => match result {
            Ok(()) => Ok(Ended::Closed),
            Err(_) if meter.remaining() <= 0 => Ok(Ended::OutOfTraffic),
            Err(e) => Err(e),
        },
        cut = lease.cut() => Ok(match cut {
            Cut::OutOfTraffic => Ended::OutOfTraffic,
            Cut::PieceEnded => Ended::PieceOver,
        }),
        _ = shutdown.wait_for(|s| *s) => Ok(Ended::Shutdown),
        _ = activity.idle_for(idle, fds) => Ok(Ended::Idle),
        () = lease.evicted() => Ok(Ended::Evicted),
    }
}

/// What a connection's record says of how it ended, once the customer was served.
pub(crate) fn outcome(ended: &io::Result<Ended>, lease: &Lease) -> (Outcome, Option<&'static str>) {
    match ended {
        Ok(Ended::OutOfTraffic) if lease.meter.remaining() <= 0 => {
            (Outcome::CutQuota, Some("traffic_exhausted"))
        }
        // Cut with traffic left: the customer was disabled or the traffic expired meanwhile.
        Ok(Ended::OutOfTraffic) => (Outcome::Ok, Some("cut_off")),
        Ok(Ended::PieceOver) => (Outcome::Ok, Some("piece_ended")),
        Ok(Ended::Idle) => (Outcome::Ok, Some("idle_timeout")),
        Ok(Ended::Evicted) => (Outcome::Ok, Some("fair_share")),
        Ok(Ended::Shutdown) => (Outcome::Ok, Some("shutdown")),
        Ok(Ended::Closed) => (Outcome::Ok, None),
        Err(_) => (Outcome::Ok, Some("connection_error")),
    }
}

/// A direction copies through a buffer until it has moved this many bytes, then switches to
/// splice (Linux). A pipe costs two descriptors and about four system calls to make and close
/// (pipe2, its size, two closes), and each splice hop is a call of its own: for the short
/// exchanges most connections are (a handshake, a request and its reply) one read and one
/// write through a buffer are cheaper; past this a direction is a bulk stream, where splice
/// moves up to a pipe's size per pair of calls without copying through userspace.
pub(crate) const SPLICE_AFTER: u64 = 128 * 1024;

/// One direction, until `src` ends (the caller half-closes `dst`). Copied through a buffer for
/// its first `SPLICE_AFTER` bytes, spliced after that (Linux).
async fn pump(
    src: &TcpStream,
    dst: &TcpStream,
    flow: Metered<'_>,
    activity: &Activity,
    #[cfg_attr(not(target_os = "linux"), allow(unused_variables))] fds: &Descriptors,
) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        if copy(src, dst, flow, activity, SPLICE_AFTER).await? == Copied::Ended {
            return Ok(());
        }
        match crate::splice::pump(src, dst, flow, activity, fds).await {
            Err(crate::splice::Error::Unsupported) => {}
            Err(crate::splice::Error::Io(e)) => return Err(e),
            Ok(()) => return Ok(()),
        }
    }
    copy(src, dst, flow, activity, u64::MAX).await?;
    Ok(())
}

fn half_close(dst: &TcpStream) -> io::Result<()> {
    match socket2::SockRef::from(dst).shutdown(Shutdown::Write) {
        Err(e) if e.kind() != io::ErrorKind::NotConnected => Err(e),
        _ => Ok(()),
    }
}

/// How a copy stopped.
#[derive(Debug, PartialEq, Eq)]
enum Copied {
    /// `src` ended.
    Ended,
    /// It moved its limit: a bulk stream.
    Bulk,
}

thread_local! {
    /// The copy buffer of this thread, shared by every direction relayed here: the data only
    /// lives in it between a read and the write that follows without waiting, so idle
    /// connections hold no buffer at all.
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Reads what `src` has (at most `len` bytes, into this thread's buffer) and writes as much of
/// it to `dst` as goes without waiting, counting it on `reserved`: the bytes read, and those of
/// them not written yet (None when all went). Ok((0, None)) at the end of the stream.
fn read_and_write(
    src: &TcpStream,
    dst: &TcpStream,
    len: usize,
    reserved: &mut Reservation<'_>,
    activity: &Activity,
) -> io::Result<(usize, Option<Vec<u8>>)> {
    SCRATCH.with_borrow_mut(|buf| {
        if buf.len() < len {
            buf.resize(len.max(COPY_BUFFER), 0);
        }
        let n = src.try_read(&mut buf[..len])?;
        reserved.shrink(n);
        let mut written = 0;
        while written < n {
            match dst.try_write(&buf[written..n]) {
                Ok(k) => {
                    reserved.used(k);
                    activity.touch();
                    written += k;
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) => return Err(e),
            }
        }
        Ok((n, (written < n).then(|| buf[written..n].to_vec())))
    })
}

/// The copy through a buffer: reserve, read what is there, write it out, count what was
/// written; until `src` ends or `limit` bytes have been moved.
async fn copy(
    src: &TcpStream,
    dst: &TcpStream,
    flow: Metered<'_>,
    activity: &Activity,
    limit: u64,
) -> io::Result<Copied> {
    let mut moved = 0u64;
    while moved < limit {
        src.readable().await?;
        let mut reserved = flow.reserve(COPY_BUFFER).await?;
        let len = reserved.len();
        let (n, left) = match read_and_write(src, dst, len, &mut reserved, activity) {
            Ok((0, _)) => return Ok(Copied::Ended),
            Ok(read) => read,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => continue,
            Err(e) => return Err(e),
        };
        // What `dst` did not take at once waits in a buffer of this connection's own.
        if let Some(left) = left {
            write_reserved(dst, &left, &mut reserved, activity).await?;
        }
        moved += n as u64;
    }
    Ok(Copied::Bulk)
}

#[cfg(test)]
#[path = "relay_tests.rs"]
mod tests;
