//! A tiny SMTP server on 127.0.0.1 for tests: it speaks just enough RFC 5321 for lettre to hand
//! over one message on one connection, and returns what it was told.

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    Accept,
    /// Advertise `AUTH PLAIN LOGIN` and accept any credentials.
    AcceptWithAuth,
    /// Answer `RCPT TO` with a permanent failure.
    RefuseRecipient,
}

#[derive(Debug, Default)]
pub struct Received {
    pub auth: Option<String>,
    pub mail_from: Option<String>,
    pub rcpt_to: Vec<String>,
    /// The message as sent after `DATA`, dot-unstuffed, lines joined with `\n`.
    pub data: String,
    pub quit: bool,
}

/// Listens on a free port and serves one connection; the handle yields what was received once
/// the client hangs up.
pub async fn start(behaviour: Behaviour) -> (u16, JoinHandle<Received>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let handle = tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        serve(socket, behaviour).await
    });
    (port, handle)
}

async fn serve(socket: tokio::net::TcpStream, behaviour: Behaviour) -> Received {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    let mut received = Received::default();
    write
        .write_all(b"220 test.local ESMTP ready\r\n")
        .await
        .unwrap();
    while let Ok(Some(line)) = lines.next_line().await {
        let command = line.to_ascii_uppercase();
        let reply: &[u8] = if command.starts_with("EHLO") || command.starts_with("HELO") {
            if behaviour == Behaviour::AcceptWithAuth {
                b"250-test.local\r\n250 AUTH PLAIN LOGIN\r\n"
            } else {
                b"250 test.local\r\n"
            }
        } else if command.starts_with("AUTH") {
            received.auth = Some(line);
            b"235 2.7.0 Authentication successful\r\n"
        } else if command.starts_with("MAIL FROM:") {
            received.mail_from = Some(line);
            b"250 2.1.0 OK\r\n"
        } else if command.starts_with("RCPT TO:") {
            if behaviour == Behaviour::RefuseRecipient {
                b"550 5.1.1 No such user here\r\n"
            } else {
                received.rcpt_to.push(line);
                b"250 2.1.5 OK\r\n"
            }
        } else if command == "DATA" {
            write
                .write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")
                .await
                .unwrap();
            let mut data = Vec::new();
            while let Ok(Some(line)) = lines.next_line().await {
                if line == "." {
                    break;
                }
                data.push(line.strip_prefix('.').map(str::to_owned).unwrap_or(line));
            }
            received.data = data.join("\n");
            b"250 2.0.0 Queued\r\n"
        } else if command == "QUIT" {
            received.quit = true;
            write.write_all(b"221 2.0.0 Bye\r\n").await.unwrap();
            break;
        } else if command == "RSET" || command == "NOOP" {
            b"250 2.0.0 OK\r\n"
        } else {
            b"502 5.5.2 Command not implemented\r\n"
        };
        if write.write_all(reply).await.is_err() {
            break;
        }
    }
    received
}
