use super::*;
use crate::loopback::pair;
use crate::meter::Meter;
use domain::ProxyKind;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A lease on a fixed budget, holding one slot of customer 1.
fn lease(meter: Meter) -> Lease {
    use crate::lease::Live;
    use crate::record::{CredentialRef, Records, Trail};
    let mut live = Live::default();
    live.per_user.insert(domain::UserId::new(1), 1);
    let (id, presence) = live.enter(domain::UserId::new(1));
    Lease {
        id,
        presence,
        live: std::sync::Arc::new(std::sync::Mutex::new(live)),
        key: meter.key(),
        meter: std::sync::Arc::new(meter),
        piece: None,
        slot: None,
        fleet: persistence::gateway_slots::SlotKey::customer(domain::UserId::new(1)),
        plan: None,
        pace: None,
        up: Default::default(),
        down: Default::default(),
        trail: Trail::new(CredentialRef::main("alice")),
        records: std::sync::Arc::new(Records::new(10)),
    }
}

/// Whether `stream` has an end of stream waiting (looked at in the kernel, not through
/// tokio's readiness, so what loopback delivered is seen at once).
fn at_end(stream: &TcpStream) -> bool {
    let mut byte = [std::mem::MaybeUninit::uninit()];
    matches!(socket2::SockRef::from(stream).peek(&mut byte), Ok(0))
}

/// The client closes its side first and the destination answers and closes: once both
/// directions are done the relay returns without telling the client, whose connection the
/// caller closes after giving the slot back (so a client never sees its connection end
/// while its slot is still taken).
#[tokio::test]
async fn the_end_reaches_the_client_only_with_the_callers_close() {
    let (mut customer, client) = pair().await;
    let (target, mut destination) = pair().await;
    let lease = lease(Meter::new(
        domain::UserId::new(1),
        ProxyKind::Premium,
        1_000,
    ));
    customer.write_all(b"ping").await.unwrap();
    customer.shutdown().await.unwrap();
    let destination = tokio::spawn(async move {
        let mut got = Vec::new();
        destination.read_to_end(&mut got).await.unwrap();
        destination.write_all(b"pong").await.unwrap();
        got
    });
    let fds = Descriptors::new(usize::MAX);
    let (_stop, shutdown) = watch::channel(false);
    let idle = Duration::from_secs(60);
    let ended = relay(&client, target, b"", &lease, idle, shutdown, &fds).await;
    assert_eq!(ended.unwrap(), Ended::Closed);
    assert_eq!(destination.await.unwrap(), b"ping");
    let mut pong = [0u8; 4];
    customer.read_exact(&mut pong).await.unwrap();
    assert_eq!(&pong, b"pong");
    assert!(
        !at_end(&customer),
        "the relay itself does not tell the client"
    );
    drop(lease);
    drop(client);
    let mut rest = Vec::new();
    customer.read_to_end(&mut rest).await.unwrap();
    assert!(rest.is_empty());
}

/// While the client still sends, the destination's end is passed on as a half-close.
#[tokio::test]
async fn the_destinations_end_is_passed_on_while_the_client_sends() {
    let (mut customer, client) = pair().await;
    let (target, mut destination) = pair().await;
    let lease = lease(Meter::new(
        domain::UserId::new(1),
        ProxyKind::Premium,
        1_000,
    ));
    let fds = Descriptors::new(usize::MAX);
    let (_stop, shutdown) = watch::channel(false);
    let idle = Duration::from_secs(60);
    let relayed = relay(&client, target, b"", &lease, idle, shutdown, &fds);
    let peers = async {
        destination.write_all(b"bye").await.unwrap();
        destination.shutdown().await.unwrap();
        let mut got = Vec::new();
        customer.read_to_end(&mut got).await.unwrap();
        assert_eq!(
            got, b"bye",
            "the end of the destination's data reached the client"
        );
        customer.write_all(b"late").await.unwrap();
        customer.shutdown().await.unwrap();
        let mut late = Vec::new();
        destination.read_to_end(&mut late).await.unwrap();
        late
    };
    let (ended, late) = tokio::join!(relayed, peers);
    assert_eq!(ended.unwrap(), Ended::Closed);
    assert_eq!(late, b"late");
}

/// A client that sent its end while the destination holds its side open and silent: the
/// tunnel closes after the half-closed timeout, not the idle one, so the client's slot is
/// given back. (The clock is paused: tokio moves it to the next timer when all is idle.)
#[tokio::test(start_paused = true)]
async fn a_half_closed_tunnel_is_closed_after_the_half_closed_timeout() {
    let (mut customer, client) = pair().await;
    let (target, mut destination) = pair().await;
    let lease = lease(Meter::new(
        domain::UserId::new(1),
        ProxyKind::Premium,
        1_000,
    ));
    customer.write_all(b"ping").await.unwrap();
    customer.shutdown().await.unwrap();
    let fds = Descriptors::new(usize::MAX).idle_when_half_closed(Duration::from_secs(2));
    let (_stop, shutdown) = watch::channel(false);
    let idle = Duration::from_secs(300);
    let started = tokio::time::Instant::now();
    let relayed = relay(&client, target, b"", &lease, idle, shutdown, &fds);
    let held = async {
        let mut ping = [0u8; 4];
        destination.read_exact(&mut ping).await.unwrap();
        // holds its side open and sends nothing
        std::future::pending::<()>().await;
    };
    let ended = tokio::select! {
        ended = relayed => ended,
        () = held => unreachable!(),
    };
    assert_eq!(ended.unwrap(), Ended::Idle);
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_secs(2) && waited < Duration::from_secs(10),
        "closed after {waited:?}, not after the 2 s half-closed timeout"
    );
}

/// Both sides open and silent: the idle timeout, not the half-closed one.
#[tokio::test(start_paused = true)]
async fn an_open_tunnel_keeps_the_idle_timeout() {
    let (_customer, client) = pair().await;
    let (target, _destination) = pair().await;
    let lease = lease(Meter::new(
        domain::UserId::new(1),
        ProxyKind::Premium,
        1_000,
    ));
    let fds = Descriptors::new(usize::MAX).idle_when_half_closed(Duration::from_secs(2));
    let (_stop, shutdown) = watch::channel(false);
    let started = tokio::time::Instant::now();
    let ended = relay(
        &client,
        target,
        b"",
        &lease,
        Duration::from_secs(300),
        shutdown,
        &fds,
    )
    .await;
    assert_eq!(ended.unwrap(), Ended::Idle);
    assert!(started.elapsed() >= Duration::from_secs(300));
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
    let ended = copy(
        &src,
        &dst,
        Metered::new(&meter, &moved),
        &Activity::new(),
        u64::MAX,
    )
    .await;
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
