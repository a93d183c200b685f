//! What every relaying path shares: the activity clock that the idle timeout reads, and the
//! metered writes (reserve on the customer's budget, write, count what was written, on the
//! meter and on the connection's own count of that direction).

use crate::descriptors::{Descriptors, Leaving};
use crate::meter::Meter;
use crate::meter::reserve::Reservation;
use crate::pace::Pace;
use std::io;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::time::Instant;

/// Buffer of the userspace copy: small, so idle connections stay cheap.
pub(crate) const COPY_BUFFER: usize = 16 * 1024;

/// One direction of one connection: the customer's meter, and the connection's count of the
/// bytes this direction moved (its usage record's bytes up or down). Every byte the meter
/// counts here is counted there by the same call, so the record matches the meter exactly.
/// With a plan's bandwidth, the customer's pace on this node too (`pace.rs`): a step waits for
/// it, takes at most a step's worth (and no more than it wants) before it moves, and gives back
/// what it did not move.
#[derive(Clone, Copy)]
pub(crate) struct Metered<'a> {
    pub(crate) meter: &'a Meter,
    pub(crate) moved: &'a AtomicU64,
    pub(crate) pace: Option<&'a Pace>,
}

impl<'a> Metered<'a> {
    pub(crate) fn new(meter: &'a Meter, moved: &'a AtomicU64) -> Metered<'a> {
        Metered {
            meter,
            moved,
            pace: None,
        }
    }

    /// Also paced by `pace`, if any.
    pub(crate) fn paced(self, pace: Option<&'a Pace>) -> Metered<'a> {
        Metered { pace, ..self }
    }

    /// Reserves up to `want` bytes on the meter (`Meter::reserve`), counted on both (and at
    /// most what the pace gave the step, once it gives any; what the step does not move goes
    /// back to the pace with the reservation's unused part).
    pub(crate) async fn reserve(self, want: usize) -> io::Result<Reservation<'a>> {
        let Some(pace) = self.pace else {
            return Ok(self.meter.reserve(want).await?.counting(self.moved));
        };
        let took = pace.ready(want).await;
        let reserved = match self.meter.reserve(want.min(took)).await {
            Ok(reserved) => reserved,
            Err(e) => {
                pace.refund(took);
                return Err(e);
            }
        };
        pace.refund(took - reserved.len());
        Ok(reserved.counting(self.moved).pacing(pace))
    }
}

/// The last time either direction moved data, and whether one direction has ended.
#[derive(Debug)]
pub(crate) struct Activity {
    start: Instant,
    last_ms: AtomicU64,
    half_closed: AtomicBool,
    /// Set when the connection closes for the crowded idle timeout: its descriptors count as
    /// given back until the connection is gone (`Descriptors::timed_out`).
    leaving: OnceLock<Leaving>,
}

impl Activity {
    pub(crate) fn new() -> Activity {
        Activity {
            start: Instant::now(),
            last_ms: AtomicU64::new(0),
            half_closed: AtomicBool::new(false),
            leaving: OnceLock::new(),
        }
    }

    pub(crate) fn touch(&self) {
        let ms = self.start.elapsed().as_millis() as u64;
        self.last_ms.store(ms, Ordering::Relaxed);
    }

    /// When data last moved (or the connection started, if it has not).
    pub(crate) fn last_moved(&self) -> Instant {
        self.start + Duration::from_millis(self.last_ms.load(Ordering::Relaxed))
    }

    /// One side has closed its direction: from now on the shorter half-closed idle timeout
    /// applies (`Descriptors::half_closed_timeout`).
    pub(crate) fn half_closed(&self) {
        self.half_closed.store(true, Ordering::Relaxed);
    }

    /// Completes once nothing has moved for `idle` of the connection's budget
    /// (`Descriptors::timed_out`, looked at again at least every `idle_recheck`: it
    /// shortens as the budget fills), or for the half-closed timeout once one side has closed.
    pub(crate) async fn idle_for(&self, idle: Duration, fds: &Descriptors) {
        loop {
            let seen = self.last_ms.load(Ordering::Relaxed);
            let since = self.start + Duration::from_millis(seen);
            let half_closed = self.half_closed.load(Ordering::Relaxed);
            let now = Instant::now();
            match fds.timed_out(idle, half_closed, since, now) {
                Ok(leaving) => {
                    if let Some(leaving) = leaving {
                        // Only this call sets it: the connection ends when it returns.
                        let _ = self.leaving.set(leaving);
                    }
                    return;
                }
                Err(deadline) => {
                    tokio::time::sleep_until(deadline.min(now + fds.idle_recheck(idle))).await;
                }
            }
        }
    }
}

/// Writes all of `data`, counting each write against `reserved` (which holds at least
/// `data.len()` bytes).
pub(crate) async fn write_reserved(
    dst: &TcpStream,
    data: &[u8],
    reserved: &mut Reservation<'_>,
    activity: &Activity,
) -> io::Result<()> {
    write_counted(dst, data, activity, |n| reserved.used(n)).await
}

/// Writes all of `data`, telling `written` each amount that left.
async fn write_counted(
    dst: &TcpStream,
    mut data: &[u8],
    activity: &Activity,
    mut written: impl FnMut(usize),
) -> io::Result<()> {
    while !data.is_empty() {
        dst.writable().await?;
        match dst.try_write(data) {
            Ok(n) => {
                written(n);
                activity.touch();
                data = &data[n..];
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => continue,
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// A request head sent to an HTTP upstream pool: `charged` bytes (what the same head costs on
/// the direct path, without the pool's absolute form and credentials) are reserved before it
/// is written and charged only once the pool accepts the request ([`Pending::commit`]); a
/// pool that refuses it costs the customer nothing.
pub(crate) struct Pending<'a>(Vec<Reservation<'a>>);

impl<'a> Pending<'a> {
    /// Reserves `charged` bytes on `flow`, then writes `data` to `dst`.
    pub(crate) async fn write(
        dst: &TcpStream,
        data: &[u8],
        charged: usize,
        flow: Metered<'a>,
        activity: &Activity,
    ) -> io::Result<Pending<'a>> {
        let mut held = Vec::new();
        let mut left = charged;
        while left > 0 {
            let reserved = flow.reserve(left).await?;
            left -= reserved.len();
            held.push(reserved);
        }
        write_counted(dst, data, activity, drop).await?;
        Ok(Pending(held))
    }

    /// Charges what was reserved.
    pub(crate) fn commit(self) {
        for mut reserved in self.0 {
            let n = reserved.len();
            reserved.used(n);
        }
    }
}

/// Writes all of `data`, reserving and counting as it goes; an error once the customer's
/// traffic runs out (what was written is counted).
pub(crate) async fn write_all(
    dst: &TcpStream,
    mut data: &[u8],
    flow: Metered<'_>,
    activity: &Activity,
) -> io::Result<()> {
    while !data.is_empty() {
        let mut reserved = flow.reserve(data.len()).await?;
        let n = reserved.len();
        write_reserved(dst, &data[..n], &mut reserved, activity).await?;
        data = &data[n..];
    }
    Ok(())
}
