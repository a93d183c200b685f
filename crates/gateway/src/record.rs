//! The usage record of each connection of a known customer: which credential opened it, the
//! target, the bytes the meter counted each way, how it ended. A connection's record is made
//! when its lease drops (`Trail`), or at once for a refusal; either way it goes into
//! `Records`, a bounded buffer that the next flush writes in the transaction settling the
//! counts (`store::write`). Nothing of this runs per relay step.

use domain::usage::{self, CredentialKind, Outcome};
use domain::{ProxyKind, UserId};
use persistence::connection_records::NewRecord;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Records kept while the database cannot take them; past this, new ones are dropped (and
/// counted in `proxyshop_gateway_records_dropped_total`).
pub(crate) const RECORDS_MAX: usize = 100_000;

/// Past this many records waiting, the next flush comes at once (`Records::filling`) instead of
/// at its interval: a busy node writes smaller batches more often, so that no flush is a burst
/// of database work. On two cores shared with the database, 3-second batches of 9,000-15,000
/// records stalled new connections for up to 150 ms (bench/usage/run.sh's record rate).
pub(crate) const FLUSH_SOONER_AT: usize = 2_000;

/// The credential a connection authenticated with, as its record names it. The credential
/// check fills it in (`credentials.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CredentialRef {
    pub(crate) kind: CredentialKind,
    /// The sub-user's, allowlist entry's or piece's id; none for the main account.
    pub(crate) id: Option<i64>,
    /// Its name at connection time: the base proxy username, the piece's username, the
    /// sub-user's name, the allowlisted network.
    pub(crate) label: String,
}

impl CredentialRef {
    pub(crate) fn main(base_username: &str) -> CredentialRef {
        CredentialRef {
            kind: CredentialKind::Main,
            id: None,
            label: base_username.to_owned(),
        }
    }

    pub(crate) fn piece(id: i64, username: &str) -> CredentialRef {
        CredentialRef {
            kind: CredentialKind::Piece,
            id: Some(id),
            label: username.to_owned(),
        }
    }

    /// A sub-user, labelled with its name.
    pub(crate) fn subuser(id: i64, name: &str) -> CredentialRef {
        CredentialRef {
            kind: CredentialKind::Subuser,
            id: Some(id),
            label: name.to_owned(),
        }
    }

    /// An allowlist entry, labelled with its address or range.
    pub(crate) fn allowlist(id: i64, network: &str) -> CredentialRef {
        CredentialRef {
            kind: CredentialKind::Allowlist,
            id: Some(id),
            label: network.to_owned(),
        }
    }
}

/// Whose a credential is, known once its password matched: a refusal from then on is the
/// customer's and is recorded.
#[derive(Debug, Clone)]
pub(crate) struct Identity {
    pub(crate) user_id: UserId,
    pub(crate) kind: ProxyKind,
    pub(crate) credential: CredentialRef,
}

/// The records waiting for the next flush.
#[derive(Debug)]
pub(crate) struct Records {
    pending: Mutex<Vec<NewRecord>>,
    max: usize,
    /// Told when the records waiting reach `FLUSH_SOONER_AT`.
    filling: tokio::sync::Notify,
}

impl Records {
    pub(crate) fn new(max: usize) -> Records {
        Records {
            pending: Mutex::new(Vec::new()),
            max,
            filling: tokio::sync::Notify::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<NewRecord>> {
        // A panic while holding the lock leaves whole records behind: keep them.
        self.pending
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Keeps `record` for the next flush, unless the buffer is full.
    pub(crate) fn push(&self, record: NewRecord) {
        let mut pending = self.lock();
        if pending.len() >= self.max {
            drop(pending);
            metrics::counter!("proxyshop_gateway_records_dropped_total").increment(1);
            return;
        }
        pending.push(record);
        if pending.len() == FLUSH_SOONER_AT {
            // A permit is kept if the flush loop is not waiting (a flush under way): the next
            // one follows at once.
            self.filling.notify_one();
        }
    }

    /// Resolves once `FLUSH_SOONER_AT` records are waiting (since the last time it resolved).
    pub(crate) async fn filling(&self) {
        self.filling.notified().await;
    }

    /// Everything waiting, for a flush to write.
    pub(crate) fn take(&self) -> Vec<NewRecord> {
        std::mem::take(&mut *self.lock())
    }

    /// Puts back what a failed flush took, ahead of the newer records, as far as the bound
    /// allows (the oldest beyond it are dropped).
    pub(crate) fn give_back(&self, mut records: Vec<NewRecord>) {
        let mut pending = self.lock();
        records.append(&mut pending);
        let over = records.len().saturating_sub(self.max);
        if over > 0 {
            records.drain(..over);
            metrics::counter!("proxyshop_gateway_records_dropped_total").increment(over as u64);
        }
        *pending = records;
    }

    /// Records a refusal of `who` (`reason`) for a connection from `source` to `host`:`port`.
    pub(crate) fn refused(
        &self,
        who: Identity,
        source: Option<IpAddr>,
        host: &str,
        port: u16,
        reason: &'static str,
    ) {
        self.push(NewRecord {
            user_id: who.user_id,
            started_at: persistence::now(),
            duration_ms: 0,
            credential_kind: who.credential.kind,
            credential_id: who.credential.id,
            credential_label: who.credential.label,
            kind: who.kind,
            host: usage::capped_host(host).to_owned(),
            port: i32::from(port),
            bytes_up: 0,
            bytes_down: 0,
            outcome: Outcome::Refused,
            reason: Some(reason.to_owned()),
            upstream_id: None,
            source: source.map(|ip| ip.to_string()),
            connect_ms: None,
            country: None,
        });
    }
}

/// What a live connection's record says so far; the lease finishes it when it drops.
#[derive(Debug)]
pub(crate) struct Trail {
    started: Instant,
    started_at: i64,
    pub(crate) credential: CredentialRef,
    host: String,
    port: u16,
    outcome: Outcome,
    reason: Option<&'static str>,
    /// The upstream pool that carried the connection, once one accepted it (`chain::ended`).
    pub(crate) upstream: Option<i64>,
    /// The client's address (the abuse desk's answer to "which of the customer's machines").
    pub(crate) source: Option<IpAddr>,
    /// How long reaching the destination took, once it was reached (`connected`).
    connect_ms: Option<i64>,
    /// The exit country the username targeted.
    pub(crate) country: Option<String>,
    /// False for a slot given back before the connection was let through (the refusal is
    /// recorded as such instead).
    keep: bool,
}

impl Trail {
    pub(crate) fn new(credential: CredentialRef) -> Trail {
        Trail {
            started: Instant::now(),
            started_at: persistence::now(),
            credential,
            host: String::new(),
            port: 0,
            outcome: Outcome::Ok,
            reason: None,
            upstream: None,
            source: None,
            connect_ms: None,
            country: None,
            keep: true,
        }
    }

    /// This connection leaves no record of its own.
    pub(crate) fn discard(&mut self) {
        self.keep = false;
    }

    pub(crate) fn set_target(&mut self, host: &str, port: u16) {
        self.host = usage::capped_host(host).to_owned();
        self.port = port;
    }

    /// The destination was reached `took` after the dial began (the first time only: a plain
    /// request passed to the next pool keeps its first connect).
    pub(crate) fn connected(&mut self, took: std::time::Duration) {
        if self.connect_ms.is_none() {
            self.connect_ms = Some(i64::try_from(took.as_millis()).unwrap_or(i64::MAX));
        }
    }

    pub(crate) fn end(&mut self, outcome: Outcome, reason: Option<&'static str>) {
        self.outcome = outcome;
        self.reason = reason;
    }

    /// The finished record of `user_id`'s connection of `kind` that moved these bytes (none
    /// when discarded).
    pub(crate) fn finish(
        &mut self,
        user_id: UserId,
        kind: ProxyKind,
        bytes_up: u64,
        bytes_down: u64,
    ) -> Option<NewRecord> {
        if !self.keep {
            return None;
        }
        self.keep = false;
        Some(NewRecord {
            user_id,
            started_at: self.started_at,
            duration_ms: i64::try_from(self.started.elapsed().as_millis()).unwrap_or(i64::MAX),
            credential_kind: self.credential.kind,
            credential_id: self.credential.id,
            credential_label: std::mem::take(&mut self.credential.label),
            kind,
            host: std::mem::take(&mut self.host),
            port: i32::from(self.port),
            bytes_up: i64::try_from(bytes_up).unwrap_or(i64::MAX),
            bytes_down: i64::try_from(bytes_down).unwrap_or(i64::MAX),
            outcome: self.outcome,
            reason: self.reason.map(str::to_owned),
            upstream_id: self.upstream,
            source: self.source.map(|ip| ip.to_string()),
            connect_ms: self.connect_ms,
            country: self.country.take(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(port: u16) -> NewRecord {
        let mut trail = Trail::new(CredentialRef::main("u1"));
        trail.set_target("example.com", port);
        trail
            .finish(UserId::new(1), ProxyKind::Premium, 1, 2)
            .unwrap()
    }

    /// A full buffer drops new records; records a failed flush gives back go ahead of the
    /// newer ones, the oldest dropped beyond the bound.
    #[test]
    fn the_buffer_is_bounded_and_keeps_order() {
        let records = Records::new(3);
        for port in 1..=4 {
            records.push(record(port));
        }
        let taken = records.take();
        assert_eq!(taken.iter().map(|r| r.port).collect::<Vec<_>>(), [1, 2, 3]);
        records.push(record(5));
        records.push(record(6));
        records.give_back(taken);
        let ports: Vec<_> = records.take().iter().map(|r| r.port).collect();
        assert_eq!(ports, [3, 5, 6]);
        assert!(records.take().is_empty());
    }

    /// The flush loop is told once `FLUSH_SOONER_AT` records wait, not before, and once per
    /// crossing.
    #[tokio::test]
    async fn a_filling_buffer_asks_for_the_next_flush_at_once() {
        let records = Records::new(RECORDS_MAX);
        let told = |records: &Records| {
            let notified = records.filling();
            tokio::pin!(notified);
            std::future::Future::poll(
                notified.as_mut(),
                &mut std::task::Context::from_waker(std::task::Waker::noop()),
            )
            .is_ready()
        };
        for port in 1..FLUSH_SOONER_AT {
            records.push(record(port as u16));
        }
        assert!(!told(&records), "below the mark");
        records.push(record(1));
        assert!(told(&records), "at the mark");
        assert!(!told(&records), "once per crossing");
        records.push(record(1));
        assert!(!told(&records), "past the mark: no more");
        assert_eq!(records.take().len(), FLUSH_SOONER_AT + 1);
    }
}
