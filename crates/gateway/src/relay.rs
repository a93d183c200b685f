//! Moves bytes both ways between a customer and a destination once the tunnel is up, counting
//! every byte delivered on the customer's meter. It ends when both sides have closed, on an
//! error, when the meter runs out (for every connection of that meter at once), when the
//! piece it uses ends, after `idle` without traffic, or at shutdown.

use crate::descriptors::Descriptors;
use crate::flow::{Activity, COPY_BUFFER, Metered, write_all, write_reserved};
use crate::lease::{Cut, Lease};
use domain::usage::Outcome;
use std::future::Future;
use std::io;
use std::net::Shutdown;
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
    Shutdown,
}

/// Relays until the connection ends; `to_target` is sent to the destination first (bytes the
/// client sent ahead of the tunnel). A direction's pipe (Linux) is counted on `fds`.
pub(crate) async fn relay(
    client: TcpStream,
    target: TcpStream,
    to_target: &[u8],
    lease: &Lease,
    idle: Duration,
    shutdown: watch::Receiver<bool>,
    fds: &Descriptors,
) -> io::Result<Ended> {
    let activity = Activity::new();
    let work = async {
        write_all(&target, to_target, lease.up(), &activity).await?;
        tokio::try_join!(
            pump(&client, &target, lease.up(), &activity, fds),
            pump(&target, &client, lease.down(), &activity, fds),
        )?;
        Ok(())
    };
    guarded(lease, &activity, idle, shutdown, work).await
}

/// Runs `work` until it ends, the lease is cut, the gateway shuts down or `activity` saw
/// nothing move for `idle`.
pub(crate) async fn guarded(
    lease: &Lease,
    activity: &Activity,
    idle: Duration,
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
        _ = activity.idle_for(idle) => Ok(Ended::Idle),
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
        Ok(Ended::Shutdown) => (Outcome::Ok, Some("shutdown")),
        Ok(Ended::Closed) => (Outcome::Ok, None),
        Err(_) => (Outcome::Ok, Some("connection_error")),
    }
}

/// One direction: until `src` ends, then half-closes `dst`.
async fn pump(
    src: &TcpStream,
    dst: &TcpStream,
    flow: Metered<'_>,
    activity: &Activity,
    #[cfg_attr(not(target_os = "linux"), allow(unused_variables))] fds: &Descriptors,
) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    match crate::splice::pump(src, dst, flow, activity, fds).await {
        Err(crate::splice::Error::Unsupported) => {}
        Err(crate::splice::Error::Io(e)) => return Err(e),
        Ok(()) => return half_close(dst),
    }
    copy(src, dst, flow, activity).await?;
    half_close(dst)
}

fn half_close(dst: &TcpStream) -> io::Result<()> {
    match socket2::SockRef::from(dst).shutdown(Shutdown::Write) {
        Err(e) if e.kind() != io::ErrorKind::NotConnected => Err(e),
        _ => Ok(()),
    }
}

/// The portable relay: reserve, read into a small buffer, write it out, count what was
/// written.
async fn copy(
    src: &TcpStream,
    dst: &TcpStream,
    flow: Metered<'_>,
    activity: &Activity,
) -> io::Result<()> {
    let mut buf = Vec::new();
    loop {
        src.readable().await?;
        if buf.is_empty() {
            // Allocated on first data, so that idle connections hold no buffer.
            buf = vec![0; COPY_BUFFER];
        }
        let mut reserved = flow.reserve(COPY_BUFFER).await?;
        let n = match src.try_read(&mut buf[..reserved.len()]) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => continue,
            Err(e) => return Err(e),
        };
        reserved.shrink(n);
        write_reserved(dst, &buf[..n], &mut reserved, activity).await?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meter::Meter;
    use domain::ProxyKind;
    use std::sync::atomic::{AtomicU64, Ordering};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    async fn pair() -> (TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let near = TcpStream::connect(listener.local_addr().unwrap())
            .await
            .unwrap();
        (near, listener.accept().await.unwrap().0)
    }

    /// The portable copy (used where splice is not) counts exactly and stops at the quota.
    #[tokio::test]
    async fn the_copy_counts_exactly_and_stops_at_the_quota() {
        let (mut writer, src) = pair().await;
        let (dst, mut reader) = pair().await;
        let meter = Meter::new(domain::UserId::new(1), ProxyKind::Premium, 100_000);
        let feed = tokio::spawn(async move {
            let _ = writer.write_all(&vec![7u8; 250_000]).await;
            writer
        });
        let moved = AtomicU64::new(0);
        let ended = copy(&src, &dst, Metered::new(&meter, &moved), &Activity::new()).await;
        assert!(ended.is_err(), "the quota ends the copy");
        assert_eq!(meter.remaining(), 0);
        assert_eq!(moved.load(Ordering::Relaxed), 100_000);
        assert!(*meter.exhausted().borrow());
        drop(dst);
        let mut got = Vec::new();
        reader.read_to_end(&mut got).await.unwrap();
        assert_eq!(got.len(), 100_000);
        drop(src);
        let _ = feed.await;
    }
}
