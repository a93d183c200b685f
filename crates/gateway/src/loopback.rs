//! The two ends of one loopback TCP connection, for the unit tests of the handshakes and the
//! relay.
#![allow(clippy::unwrap_used)]

use tokio::net::{TcpListener, TcpStream};

pub(crate) async fn pair() -> (TcpStream, TcpStream) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let near = TcpStream::connect(listener.local_addr().unwrap())
        .await
        .unwrap();
    (near, listener.accept().await.unwrap().0)
}
