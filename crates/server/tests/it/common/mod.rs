//! What the process-level tests share: a `proxyshop` child process that is killed when the
//! test ends (pass or fail), its log read line by line, signals, and blocking SOCKS5 clients
//! and destinations (an echo server, an endless download).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// How long a process may take to start (a loaded 2-core machine, a debug build).
pub const START_TIMEOUT: Duration = Duration::from_secs(60);

/// A running `proxyshop`: SIGKILLed at drop if it is still running, so a failing test leaves no
/// process behind. Its standard output and error are read into `lines` (colour codes removed).
pub struct Proc {
    pub name: String,
    pub child: Child,
    lines: mpsc::Receiver<String>,
    /// Every line read so far (also the ones `wait_for_line` consumed).
    pub log: Arc<Mutex<Vec<String>>>,
    /// The threads reading the output: joined once the process has exited, so that `log` then
    /// holds everything it printed (its last lines may still be in the pipe when it exits).
    readers: Vec<std::thread::JoinHandle<()>>,
}

impl Proc {
    /// Starts `cmd` (its environment already set) with its output piped.
    pub fn spawn(name: &str, mut cmd: Command) -> Proc {
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (send, lines) = mpsc::channel::<String>();
        let log = Arc::new(Mutex::new(Vec::new()));
        let stdout: Box<dyn Read + Send> = Box::new(child.stdout.take().unwrap());
        let stderr: Box<dyn Read + Send> = Box::new(child.stderr.take().unwrap());
        let readers = [stdout, stderr]
            .into_iter()
            .map(|output| {
                let (send, log) = (send.clone(), log.clone());
                std::thread::spawn(move || {
                    for line in BufReader::new(output).lines() {
                        let Ok(line) = line else { return };
                        let line = plain(&line);
                        log.lock().unwrap().push(line.clone());
                        let _ = send.send(line);
                    }
                })
            })
            .collect();
        Proc {
            name: name.to_owned(),
            child,
            lines,
            log,
            readers,
        }
    }

    /// The first line (from now on) that contains `needle`; panics with the log after `timeout`
    /// or when the process exits first.
    pub fn wait_for_line(&mut self, needle: &str, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self
                .lines
                .recv_timeout(left.min(Duration::from_millis(200)))
            {
                Ok(line) if line.contains(needle) => return line,
                Ok(_) => {}
                Err(_) => {
                    if let Some(status) = self.child.try_wait().unwrap() {
                        panic!(
                            "{} exited ({status}) before logging {needle:?}:\n{}",
                            self.name,
                            self.log_text()
                        );
                    }
                    if Instant::now() >= deadline {
                        panic!(
                            "{} did not log {needle:?} in {timeout:?}:\n{}",
                            self.name,
                            self.log_text()
                        );
                    }
                }
            }
        }
    }

    pub fn log_text(&self) -> String {
        self.log.lock().unwrap().join("\n")
    }

    /// The first line logged so far that contains `needle`.
    pub fn logged(&self, needle: &str) -> Option<String> {
        self.log
            .lock()
            .unwrap()
            .iter()
            .find(|l| l.contains(needle))
            .cloned()
    }

    /// Lines logged so far that contain `needle`.
    pub fn count_lines(&self, needle: &str) -> usize {
        self.log
            .lock()
            .unwrap()
            .iter()
            .filter(|l| l.contains(needle))
            .count()
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends `signal` (`TERM`, `KILL`, ...) with kill(1).
    pub fn signal(&self, signal: &str) {
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &self.pid().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -{signal} {}", self.name);
    }

    pub fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Waits for the process to exit (polling with a deadline), then for the rest of its output.
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                for reader in self.readers.drain(..) {
                    let _ = reader.join();
                }
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "{} did not exit in {timeout:?}:\n{}",
                self.name,
                self.log_text()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The text of a log line without its colour codes.
pub fn plain(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The address after `key=` in a log line (`http=127.0.0.1:4242`).
pub fn addr_after(line: &str, key: &str) -> SocketAddr {
    let at = line
        .find(key)
        .unwrap_or_else(|| panic!("no {key} in {line:?}"));
    let value: String = line[at + key.len()..]
        .chars()
        .take_while(|c| c.is_ascii_hexdigit() || matches!(c, '.' | ':' | '[' | ']'))
        .collect();
    value
        .parse()
        .unwrap_or_else(|_| panic!("{key} is not an address in {line:?}"))
}

/// A `proxyshop gateway` node's ports, read from its first log line.
pub fn gateway_ports(node: &mut Proc) -> (SocketAddr, SocketAddr) {
    let line = node.wait_for_line("gateway listening", START_TIMEOUT);
    (addr_after(&line, "http="), addr_after(&line, "socks="))
}

/// A destination that echoes every connection.
pub fn echo_server() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            std::thread::spawn(move || {
                let mut buf = [0u8; 16384];
                while let Ok(n) = stream.read(&mut buf) {
                    if n == 0 || stream.write_all(&buf[..n]).is_err() {
                        return;
                    }
                }
            });
        }
    });
    addr
}

/// A destination that sends bytes to every connection until it is closed, starting once
/// `connections` have arrived (so that they all run at once, none after the others ended).
pub fn endless_server(connections: usize) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let mut waiting = Vec::new();
        for stream in listener.incoming() {
            let Ok(stream) = stream else { return };
            waiting.push(stream);
            if waiting.len() < connections {
                continue;
            }
            for mut stream in waiting.drain(..) {
                std::thread::spawn(move || {
                    let chunk = [7u8; 65536];
                    while stream.write_all(&chunk).is_ok() {}
                });
            }
        }
    });
    addr
}

/// The SOCKS5 greeting and username/password authentication: `Ok` with the stream when the
/// proxy accepted the credential, `Err` with the reply (or what went wrong) when it did not.
pub fn socks_auth(proxy: SocketAddr, user: &str, password: &str) -> Result<TcpStream, String> {
    let mut s = TcpStream::connect(proxy).map_err(|e| format!("connect: {e}"))?;
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(&[5, 1, 2])
        .map_err(|e| format!("greeting: {e}"))?;
    let mut reply = [0u8; 2];
    s.read_exact(&mut reply)
        .map_err(|e| format!("greeting reply: {e}"))?;
    if reply != [5, 2] {
        return Err(format!("greeting reply {reply:?}"));
    }
    let mut auth = vec![1, user.len() as u8];
    auth.extend_from_slice(user.as_bytes());
    auth.push(password.len() as u8);
    auth.extend_from_slice(password.as_bytes());
    s.write_all(&auth).map_err(|e| format!("auth: {e}"))?;
    s.read_exact(&mut reply)
        .map_err(|e| format!("auth reply: {e}"))?;
    if reply != [1, 0] {
        return Err(format!("auth reply {reply:?}"));
    }
    Ok(s)
}

/// A SOCKS5 tunnel to `dest` with the credential.
pub fn socks_tunnel(proxy: SocketAddr, user: &str, password: &str, dest: SocketAddr) -> TcpStream {
    let mut s = socks_auth(proxy, user, password).unwrap();
    let SocketAddr::V4(dest) = dest else {
        panic!("IPv4 destination")
    };
    let mut request = vec![5, 1, 0, 1];
    request.extend_from_slice(&dest.ip().octets());
    request.extend_from_slice(&dest.port().to_be_bytes());
    s.write_all(&request).unwrap();
    let mut answer = [0u8; 10];
    s.read_exact(&mut answer).unwrap();
    assert_eq!(answer[1], 0, "connected");
    s
}

/// Sends `len` bytes through an echo tunnel and reads them back unchanged.
pub fn echo_through(s: &mut TcpStream, len: usize) {
    let payload: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
    let mut writer = s.try_clone().unwrap();
    let sent = payload.clone();
    let write = std::thread::spawn(move || writer.write_all(&sent).unwrap());
    let mut back = vec![0u8; len];
    s.read_exact(&mut back).unwrap();
    write.join().unwrap();
    assert!(back == payload, "the echo comes back unchanged");
}

/// Reads until the proxy closes (or resets) the connection; the bytes read.
pub fn read_until_closed(s: &mut TcpStream) -> i64 {
    let mut buf = vec![0u8; 1 << 16];
    let mut total = 0;
    while let Ok(n) = s.read(&mut buf) {
        if n == 0 {
            break;
        }
        total += n as i64;
    }
    total
}
