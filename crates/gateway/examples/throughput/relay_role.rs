//! The ceiling: a relay with nothing but blocking splice(2) through a 1 MiB pipe, one thread
//! per direction, no handshake, no metering, no tokio. Every connection goes to `--to`.
//!
//! The chained rows use two more roles built the same way: `upstream`, the provider's stand-in
//! (an HTTP proxy that answers any CONNECT, whatever credentials come, and splices to the
//! destination it names), and `chained`, the bare relay in front of that upstream (it passes the
//! client's CONNECT on, passes the answer back, then splices), which is what the gateway relaying
//! through a pool is compared with.

use rustix::pipe::{SpliceFlags, fcntl_setpipe_size, pipe, splice};
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};

/// Which relay a role runs.
#[derive(Clone, Copy)]
pub enum Mode {
    /// Every connection spliced to `to`, no handshake.
    Plain(SocketAddr),
    /// A CONNECT proxy: the destination is the one the request names.
    Upstream,
    /// A CONNECT relay chained to the upstream at this address.
    Chained(SocketAddr),
}

pub fn run(mode: Mode) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    println!("listening {}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for client in listener.incoming().flatten() {
            std::thread::spawn(move || {
                if let Some(target) = connect_onwards(&client, mode) {
                    splice_both(&client, &target);
                }
            });
        }
    });
    crate::stdin::wait_for_stdin_eof();
}

/// The connection onwards once `client`'s handshake (if any) is answered; None when it failed.
fn connect_onwards(client: &TcpStream, mode: Mode) -> Option<TcpStream> {
    let _ = client.set_nodelay(true);
    let target = match mode {
        Mode::Plain(to) => TcpStream::connect(to).ok()?,
        Mode::Upstream => {
            let head = read_head(client)?;
            let text = String::from_utf8_lossy(&head);
            let destination = text.strip_prefix("CONNECT ")?.split(' ').next()?;
            let addr = destination.to_socket_addrs().ok()?.next()?;
            let target = TcpStream::connect(addr).ok()?;
            (&*client)
                .write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
                .ok()?;
            target
        }
        Mode::Chained(parent) => {
            let head = read_head(client)?;
            let mut target = TcpStream::connect(parent).ok()?;
            target.write_all(&head).ok()?;
            let answer = read_head(&target)?;
            (&*client).write_all(&answer).ok()?;
            target
        }
    };
    let _ = target.set_nodelay(true);
    Some(target)
}

/// A request or response head, up to its blank line. The other side never sends more before
/// this one answers (the client waits for the tunnel), so nothing past the head is read.
fn read_head(mut s: &TcpStream) -> Option<Vec<u8>> {
    let mut head = Vec::with_capacity(256);
    let mut byte = [0u8; 512];
    while !head.ends_with(b"\r\n\r\n") {
        let n = s.read(&mut byte).ok().filter(|&n| n > 0)?;
        head.extend_from_slice(&byte[..n]);
        if head.len() > 16 * 1024 {
            return None;
        }
    }
    Some(head)
}

/// Both directions until each side closes. They borrow the two sockets (no cloned descriptors:
/// 6 per connection with the pipes, so that thousands of tunnels fit in the descriptor limit).
fn splice_both(client: &TcpStream, target: &TcpStream) {
    std::thread::scope(|scope| {
        scope.spawn(|| pump(target, client));
        pump(client, target);
    });
}

fn pump(src: &TcpStream, dst: &TcpStream) {
    let (r, w) = pipe().unwrap();
    let size = fcntl_setpipe_size(&w, 1 << 20).unwrap_or(64 * 1024);
    // No SPLICE_F_MORE: it corks the socket (a 64-byte ping then waits ~200 ms for more).
    let flags = SpliceFlags::MOVE;
    loop {
        let n = match splice(src, None, &w, None, size, flags) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let mut left = n;
        while left > 0 {
            match splice(&r, None, dst, None, left, flags) {
                Ok(0) | Err(_) => return,
                Ok(m) => left -= m,
            }
        }
    }
    let _ = dst.shutdown(Shutdown::Write);
}
