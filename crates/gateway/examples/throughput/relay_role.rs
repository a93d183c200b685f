//! The ceiling: a relay with nothing but blocking splice(2) through a 1 MiB pipe, one thread
//! per direction, no handshake, no metering, no tokio. Every connection goes to `--to`.

use rustix::pipe::{SpliceFlags, fcntl_setpipe_size, pipe, splice};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};

pub fn run(to: SocketAddr) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    println!("listening {}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for client in listener.incoming().flatten() {
            std::thread::spawn(move || serve(client, to));
        }
    });
    crate::stdin::wait_for_stdin_eof();
}

fn serve(client: TcpStream, to: SocketAddr) {
    let target = TcpStream::connect(to).unwrap();
    let _ = client.set_nodelay(true);
    let _ = target.set_nodelay(true);
    // Both directions borrow the two sockets (no cloned descriptors: 6 per connection with the
    // pipes, so that thousands of tunnels fit in the descriptor limit).
    std::thread::scope(|scope| {
        scope.spawn(|| pump(&target, &client));
        pump(&client, &target);
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
