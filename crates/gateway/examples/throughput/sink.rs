//! The destination: a first byte picks the service. `B` (bulk) reads to the end and answers
//! with the number of bytes read as a big-endian u64; `P` (ping) echoes PING-sized messages;
//! `D` (duplex) reads a big-endian u64 N, then sends N bytes while reading to the end; `N` (sized
//! bulk) reads a big-endian u64 N, then N bytes, and answers with the count: for proxies that
//! close both ways when the client half-closes (tinyproxy does), so `B` cannot get its answer.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};

pub const PING: usize = 64;

pub fn run() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    println!("listening {}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || serve(stream));
        }
    });
    crate::stdin::wait_for_stdin_eof();
}

fn serve(mut s: TcpStream) {
    let _ = s.set_nodelay(true);
    let mut mode = [0u8; 1];
    if s.read_exact(&mut mode).is_err() {
        return;
    }
    match mode[0] {
        b'B' => {
            let mut buf = vec![0u8; 1 << 20];
            let mut total = 0u64;
            loop {
                match s.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => total += n as u64,
                }
            }
            let _ = s.write_all(&total.to_be_bytes());
        }
        b'N' => {
            let mut n = [0u8; 8];
            if s.read_exact(&mut n).is_err() {
                return;
            }
            let mut buf = vec![0u8; 1 << 20];
            let (mut left, mut total) = (u64::from_be_bytes(n), 0u64);
            while left > 0 {
                let want = left.min(buf.len() as u64) as usize;
                match s.read(&mut buf[..want]) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        total += n as u64;
                        left -= n as u64;
                    }
                }
            }
            let _ = s.write_all(&total.to_be_bytes());
        }
        b'D' => {
            let mut n = [0u8; 8];
            if s.read_exact(&mut n).is_err() {
                return;
            }
            let mut writer = s.try_clone().unwrap();
            let sender = std::thread::spawn(move || {
                send(&mut writer, u64::from_be_bytes(n));
                let _ = writer.shutdown(std::net::Shutdown::Write);
            });
            let _ = std::io::copy(&mut s, &mut std::io::sink());
            let _ = sender.join();
        }
        b'P' => {
            let mut msg = [0u8; PING];
            while s.read_exact(&mut msg).is_ok() {
                if s.write_all(&msg).is_err() {
                    break;
                }
            }
        }
        _ => {}
    }
}

/// Writes `bytes` filler bytes in 1 MiB writes.
pub fn send(s: &mut TcpStream, bytes: u64) {
    let chunk = vec![0x5au8; 1 << 20];
    let mut left = bytes;
    while left > 0 {
        let n = left.min(chunk.len() as u64) as usize;
        if s.write_all(&chunk[..n]).is_err() {
            return;
        }
        left -= n as u64;
    }
}
