//! The zero-copy relay of Linux: socket → pipe → socket with splice(2), so the payload never
//! enters userspace. A direction comes here once it has moved `relay::SPLICE_AFTER` bytes
//! through a buffer (a bulk stream): short exchanges never make a pipe. Each splice from the source is capped by a reservation on the customer's
//! budget (`meter/`); what each splice into the destination moved is counted against it.
//!
//! The pipe is what a relaying direction costs: it is made on first data at the kernel's
//! default size (16 pages), grown to `LARGE_PIPE` once a splice fills it (a bulk stream: with
//! 1 MiB the gateway spent about a fifth less CPU per GB than with 256 KiB and a third less
//! than with 64 KiB, bench/gateway/run.sh), and closed after `PIPE_IDLE` without data, so idle
//! connections hold none. An empty pipe costs a few KiB of kernel memory, a full one its
//! pages; its size counts against the owner's pipe quota (`fs.pipe-user-pages-soft`, 64 MiB
//! by default, unless privileged): when growing fails the pipe simply stays small. Its two
//! descriptors are counted on the gateway's budget (`descriptors.rs`): at the budget, the
//! direction copies through a buffer instead (`relay.rs`).

use crate::descriptors::{Descriptors, Held};
use crate::flow::{Activity, Metered};
use rustix::io::Errno;
use rustix::pipe::{PipeFlags, SpliceFlags, fcntl_setpipe_size, pipe_with, splice};
use std::io;
use std::os::fd::OwnedFd;
use std::time::Duration;
use tokio::io::Interest;
use tokio::net::TcpStream;

/// The pipe size of a bulk stream (the kernel caps it at `fs.pipe-max-size`, 1 MiB by default).
const LARGE_PIPE: usize = 1024 * 1024;
/// A direction without data for this long gives its pipe back.
const PIPE_IDLE: Duration = Duration::from_secs(2);

pub(crate) enum Error {
    /// splice cannot be used here and the pipe is empty: use the copy instead.
    Unsupported,
    Io(io::Error),
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

fn unsupported(e: Errno) -> bool {
    e == Errno::INVAL || e == Errno::NOSYS || e == Errno::OPNOTSUPP
}

struct Pipe {
    read: OwnedFd,
    write: OwnedFd,
    size: usize,
    grown: bool,
    _held: Held,
}

impl Pipe {
    fn new(fds: &Descriptors) -> Option<Pipe> {
        let held = fds.take(2)?;
        let (read, write) = pipe_with(PipeFlags::NONBLOCK | PipeFlags::CLOEXEC).ok()?;
        fds.pipe_made();
        let size = rustix::pipe::fcntl_getpipe_size(&write).unwrap_or(4096);
        Some(Pipe {
            read,
            write,
            size,
            grown: false,
            _held: held,
        })
    }

    /// Called when a splice filled the pipe: one attempt at the large size.
    fn grow(&mut self) {
        if !self.grown {
            self.grown = true;
            if let Ok(size) = fcntl_setpipe_size(&self.write, LARGE_PIPE) {
                self.size = size;
            }
        }
    }
}

pub(crate) async fn pump(
    src: &TcpStream,
    dst: &TcpStream,
    flow: Metered<'_>,
    activity: &Activity,
    fds: &Descriptors,
) -> Result<(), Error> {
    let flags = SpliceFlags::NONBLOCK;
    let mut pipe: Option<Pipe> = None;
    let mut moved_any = false;
    loop {
        // Here the pipe is empty: wait for data, giving the pipe back if none comes for long.
        if pipe.is_some() {
            match tokio::time::timeout(PIPE_IDLE, src.readable()).await {
                Ok(ready) => ready?,
                Err(_) => {
                    pipe = None;
                    continue;
                }
            }
        } else {
            src.readable().await?;
            pipe = Some(Pipe::new(fds).ok_or(Error::Unsupported)?);
        }
        let Some(p) = pipe.as_mut() else {
            continue;
        };
        let mut reserved = flow.reserve(p.size).await?;
        let len = reserved.len();
        // The pipe is empty here, so "would block" can only mean the socket has no data.
        let filled = src.try_io(Interest::READABLE, || {
            splice(src, None, &p.write, None, len, flags).map_err(|e| {
                if !moved_any && unsupported(e) {
                    io::Error::new(io::ErrorKind::Unsupported, e)
                } else {
                    io::Error::from(e)
                }
            })
        });
        let mut left = match filled {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => continue,
            Err(e) if e.kind() == io::ErrorKind::Unsupported => return Err(Error::Unsupported),
            Err(e) => return Err(e.into()),
        };
        moved_any = true;
        reserved.shrink(left);
        let filled_up = left >= p.size;
        while left > 0 {
            dst.writable().await?;
            let drained = dst.try_io(Interest::WRITABLE, || {
                splice(&p.read, None, dst, None, left, flags).map_err(io::Error::from)
            });
            match drained {
                Ok(0) => return Err(Error::Io(io::ErrorKind::WriteZero.into())),
                Ok(n) => {
                    reserved.used(n);
                    activity.touch();
                    left -= n;
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => continue,
                Err(e) => return Err(e.into()),
            }
        }
        // Grown only once empty: resizing never has to fit queued data.
        if filled_up {
            p.grow();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopback::pair;
    use crate::meter::Meter;
    use domain::ProxyKind;
    use std::sync::atomic::{AtomicU64, Ordering};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    async fn send_and_receive(writer: &mut TcpStream, reader: &mut TcpStream, len: usize) {
        let data: Vec<u8> = (0..len).map(|i| (i % 253) as u8).collect();
        let mut back = vec![0u8; len];
        let (sent, received) = tokio::join!(writer.write_all(&data), reader.read_exact(&mut back));
        sent.unwrap();
        received.unwrap();
        assert!(back == data, "the bytes arrive unchanged");
    }

    /// A bulk burst grows the pipe, an idle spell gives it back, and the next burst makes a
    /// new one: every byte arrives and is counted once.
    #[tokio::test(start_paused = true)]
    async fn pipes_grow_and_go_away_without_losing_a_byte() {
        let (mut writer, src) = pair().await;
        let (dst, mut reader) = pair().await;
        let meter = Meter::new(domain::UserId::new(1), ProxyKind::Premium, i64::MAX);
        let activity = Activity::new();
        let moved = AtomicU64::new(0);
        let fds = Descriptors::new(usize::MAX);
        let drive = async {
            send_and_receive(&mut writer, &mut reader, 3_000_000).await;
            // Paused time: the clock jumps past PIPE_IDLE while the pump waits for data.
            tokio::time::sleep(PIPE_IDLE * 3).await;
            send_and_receive(&mut writer, &mut reader, 10).await;
            tokio::time::sleep(PIPE_IDLE * 3).await;
            send_and_receive(&mut writer, &mut reader, 500_000).await;
            writer.shutdown().await.unwrap();
        };
        let (pumped, ()) = tokio::join!(
            pump(&src, &dst, Metered::new(&meter, &moved), &activity, &fds),
            drive
        );
        assert!(
            pumped.is_ok(),
            "the pump ends cleanly at the end of the stream"
        );
        assert_eq!(meter.pending(), 3_500_010);
        assert_eq!(
            moved.load(Ordering::Relaxed),
            3_500_010,
            "the connection counts what the meter counts"
        );
    }

    /// At the gateway's descriptor budget no pipe is made: the relay copies instead.
    #[tokio::test]
    async fn no_pipe_past_the_descriptor_budget() {
        let (mut writer, src) = pair().await;
        let (dst, _reader) = pair().await;
        let meter = Meter::new(domain::UserId::new(1), ProxyKind::Premium, i64::MAX);
        let moved = AtomicU64::new(0);
        writer.write_all(b"data").await.unwrap();
        let fds = Descriptors::new(1);
        let pumped = pump(
            &src,
            &dst,
            Metered::new(&meter, &moved),
            &Activity::new(),
            &fds,
        )
        .await;
        assert!(
            matches!(pumped, Err(Error::Unsupported)),
            "the copy takes over"
        );
        assert_eq!(meter.pending(), 0, "nothing was moved");
        assert_eq!(fds.held(), 0);
    }
}
