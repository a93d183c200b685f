//! On PostgreSQL, a connection of the node's own (beside the pool) LISTENing on the change
//! events' channel (`persistence::gateway_events::CHANNEL`, notified by the API when a change
//! commits): each notification wakes the event loop (`watch_events` in lib.rs), which reads the
//! table at once. The table stays the source of truth: a notification carries nothing, and one
//! missed while the connection was down is made up by a read when it is back and by the loop's
//! own polling meanwhile (every `event_poll`; while listening, at least every
//! `LISTENING_POLL` as a safety net). A lost connection is logged (never its URL) and opened
//! again after a growing pause.

use crate::config::ListenUrl;
use persistence::gateway_events::CHANNEL;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, watch};
use tokio_postgres::{AsyncMessage, NoTls};

/// While the listener is up, the event loop still reads the table at least this often.
pub(crate) const LISTENING_POLL: Duration = Duration::from_secs(5);
/// The pause before the first reconnection; it doubles on each failure up to `MAX_BACKOFF`.
const MIN_BACKOFF: Duration = Duration::from_secs(1);
const MAX_BACKOFF: Duration = Duration::from_secs(30);
/// A connection that stayed up this long starts the pauses over from `MIN_BACKOFF`.
const HEALTHY: Duration = Duration::from_secs(60);

/// What the listener tells the event loop.
#[derive(Debug, Default)]
pub(crate) struct Wake {
    notify: Notify,
    listening: AtomicBool,
}

impl Wake {
    /// Completes at the next wake-up, or at once if one came since the last call (several
    /// coalesce into one).
    pub(crate) async fn notified(&self) {
        self.notify.notified().await;
    }

    /// Whether the listener is up: notifications arrive as changes commit.
    pub(crate) fn listening(&self) -> bool {
        self.listening.load(Ordering::Relaxed)
    }

    fn wake(&self) {
        self.notify.notify_one();
    }

    fn set_listening(&self, up: bool) {
        self.listening.store(up, Ordering::Relaxed);
        metrics::gauge!("proxyshop_gateway_event_listener_up").set(if up { 1.0 } else { 0.0 });
        // Up: the loop reads now what was written while the listener was down. Down: the loop
        // takes the `event_poll` pace after its current pause (at most `LISTENING_POLL`, or
        // `event_poll` if longer); not woken, so that a database going away (a restart, or a
        // test's database dropped) does not start a read that waits out the pool's timeout.
        if up {
            self.wake();
        }
    }
}

/// LISTENs on `url` until `shutdown`, reconnecting after a failure or a drop.
pub(crate) async fn listen(url: ListenUrl, wake: Arc<Wake>, mut shutdown: watch::Receiver<bool>) {
    let mut config = match url.expose().parse::<tokio_postgres::Config>() {
        Ok(config) => config,
        Err(e) => {
            // The error names an option, never a value.
            tracing::warn!(error = %e, "the change-event listener cannot use the database URL; \
                the gateway reads the change events by polling only");
            return;
        }
    };
    if config.get_application_name().is_none() {
        config.application_name("proxyshop-gateway-events");
    }
    // A connection that died silently is noticed within about a minute (the safety-net
    // polling covers that minute).
    config
        .keepalives(true)
        .keepalives_idle(Duration::from_secs(30))
        .keepalives_interval(Duration::from_secs(10))
        .keepalives_retries(3);
    metrics::gauge!("proxyshop_gateway_event_listener_up").set(0.0);
    let mut backoff = MIN_BACKOFF;
    let mut first = true;
    loop {
        if !first {
            metrics::counter!("proxyshop_gateway_event_listener_reconnects_total").increment(1);
        }
        first = false;
        let started = Instant::now();
        let ended = tokio::select! {
            ended = session(&config, &wake) => ended,
            _ = shutdown.wait_for(|s| *s) => return,
        };
        if wake.listening() {
            wake.set_listening(false);
        }
        if started.elapsed() >= HEALTHY {
            backoff = MIN_BACKOFF;
        }
        match ended {
            Ok(()) => tracing::warn!(retry_in = ?backoff,
                "the change-event listener's connection closed; polling until it is back"),
            Err(e) => tracing::warn!(error = %e, retry_in = ?backoff,
                "the change-event listener is down; polling until it is back"),
        }
        tokio::select! {
            () = tokio::time::sleep(backoff) => {}
            _ = shutdown.wait_for(|s| *s) => return,
        }
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}

/// One connection: LISTEN, then wake the loop on each notification until the connection ends.
async fn session(
    config: &tokio_postgres::Config,
    wake: &Wake,
) -> Result<(), tokio_postgres::Error> {
    let (client, mut connection) = config.connect(NoTls).await?;
    // The connection does its work (the LISTEN's reply included) only while polled.
    let messages = async {
        loop {
            match std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                Some(Ok(AsyncMessage::Notification(_))) => {
                    metrics::counter!("proxyshop_gateway_event_notifications_total").increment(1);
                    wake.wake();
                }
                Some(Ok(_notice)) => {}
                Some(Err(e)) => return Err(e),
                None => return Ok(()),
            }
        }
    };
    let subscribe = async {
        client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
        tracing::info!("gateway listening for the change events");
        wake.set_listening(true);
        std::future::pending::<Result<(), tokio_postgres::Error>>().await
    };
    tokio::select! {
        ended = messages => ended,
        failed = subscribe => failed,
    }
}
