//! The SOCKS5 handshake read whole or in pieces, and the replies it gives (`socks.rs`).

use super::*;
use crate::loopback::pair;

/// A greeting, credentials and a request for example.com:443, as a client sends them.
fn whole_handshake() -> Vec<u8> {
    let mut all = vec![VERSION, 1, USER_PASS, 0x01, 5];
    all.extend_from_slice(b"alice");
    all.push(6);
    all.extend_from_slice(b"secret");
    all.extend_from_slice(&[VERSION, 0x01, 0, 0x03, 11]);
    all.extend_from_slice(b"example.com");
    all.extend_from_slice(&443u16.to_be_bytes());
    all
}

/// Parses what `handshake` parses, in its order, without the credential check.
async fn parse(hs: &mut Handshake) -> (String, String, Request) {
    assert_eq!(hs.u8().await.unwrap(), VERSION);
    let count = usize::from(hs.u8().await.unwrap());
    assert_eq!(hs.bytes(count).await.unwrap(), &[USER_PASS]);
    hs.send(&[VERSION, USER_PASS]);
    assert_eq!(hs.u8().await.unwrap(), 0x01);
    let user = hs.string().await.unwrap();
    let pass = hs.string().await.unwrap();
    hs.send(&[0x01, 0x00]);
    (user, pass, read_request(hs).await.unwrap())
}

fn is_example(request: &Request) -> bool {
    matches!(request, Request::Connect(host, 443) if host == "example.com")
}

/// A handshake that arrives in one segment is parsed from one read, and the replies to
/// the greeting and the credentials (queued) wait for the reply to the request.
#[tokio::test]
async fn a_handshake_sent_at_once_is_read_once() {
    let (mut client, server) = pair().await;
    client.write_all(&whole_handshake()).await.unwrap();
    client.write_all(b"early").await.unwrap();
    // On loopback both writes are in the server's receive queue once they return.
    let mut hs = Handshake::new(server);
    let (user, pass, request) = parse(&mut hs).await;
    assert_eq!((user.as_str(), pass.as_str()), ("alice", "secret"));
    assert!(is_example(&request));
    assert_eq!(hs.reads, 1, "one read for the whole handshake");
    assert_eq!(hs.out, [VERSION, USER_PASS, 0x01, 0x00], "nothing sent yet");
    hs.reply(SUCCEEDED).await.unwrap();
    assert_eq!(hs.rest(), b"early", "what came after the request is kept");
    let mut replies = [0u8; 14];
    client.read_exact(&mut replies).await.unwrap();
    assert_eq!(replies[..4], [VERSION, USER_PASS, 0x01, 0x00]);
    assert_eq!(replies[4..], reply_bytes(SUCCEEDED));
}

/// A client sending one byte at a time (waiting for each reply, as RFC 1928 clients do)
/// is still understood, and gets each reply before it has to send more.
#[tokio::test]
async fn a_handshake_sent_byte_by_byte_is_understood() {
    let (mut client, server) = pair().await;
    let all = whole_handshake();
    let sender = tokio::spawn(async move {
        // Greeting, then the credentials after the method reply, then the request after
        // the authentication reply; every byte in a write of its own.
        let (greeting, rest) = all.split_at(3);
        let (auth, request) = rest.split_at(2 + 5 + 1 + 6);
        let mut reply = [0u8; 2];
        for part in [greeting, auth, request] {
            if part.as_ptr() != greeting.as_ptr() {
                client.read_exact(&mut reply).await.unwrap();
            }
            for byte in part {
                client.write_all(&[*byte]).await.unwrap();
                client.flush().await.unwrap();
                tokio::task::yield_now().await;
            }
        }
        client
    });
    let mut hs = Handshake::new(server);
    let (user, pass, request) = parse(&mut hs).await;
    assert_eq!((user.as_str(), pass.as_str()), ("alice", "secret"));
    assert!(is_example(&request));
    assert!(hs.rest().is_empty());
    let _client = sender.await.unwrap();
}
