//! One connection's record as the gateway writes it and the customer reads it back.

use crate::schema::connection_records as cr;
use diesel::prelude::*;
use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};

/// One connection's record, as written and as read back (`id` aside).
///
/// `None` is written as NULL (the nullable columns have no other default), which keeps the
/// INSERT's SQL the same for every row: SQLite's single-row statement is prepared once.
#[derive(Debug, Clone, PartialEq, Eq, Insertable, Queryable, Selectable)]
#[diesel(table_name = cr, treat_none_as_default_value = false)]
pub struct NewRecord {
    pub user_id: UserId,
    /// Unix seconds when the connection was opened.
    pub started_at: i64,
    pub duration_ms: i64,
    pub credential_kind: CredentialKind,
    /// The sub-user's, allowlist entry's or piece's id; none for the main account.
    pub credential_id: Option<i64>,
    /// The credential's name when the connection was made (the proxy username, the piece's
    /// username, the sub-user's name, the allowlisted network).
    pub credential_label: String,
    pub kind: ProxyKind,
    /// The target as the client asked for it (cut to `domain::usage::HOST_MAX`); empty when the
    /// connection was refused before naming one (SOCKS5 authenticates first).
    pub host: String,
    pub port: i32,
    /// Bytes metered towards the target and back to the client: together what the balance lost.
    pub bytes_up: i64,
    pub bytes_down: i64,
    pub outcome: Outcome,
    /// Why it was refused, failed or cut (`no_traffic`, `connect_failed`, …).
    pub reason: Option<String>,
    /// The upstream pool that carried it (`upstream_pools.id`); none for direct traffic. The
    /// operator's, never shown to the customer.
    pub upstream_id: Option<i64>,
    /// The client's address as the gateway saw it (the customer's machine; an abuse case's
    /// "which of their machines"); none in records written before it was kept. The
    /// operator's and the customer's, never a third party's.
    pub source: Option<String>,
    /// Milliseconds the gateway took to reach the destination (directly or through a pool);
    /// none when it never did (refused, failed) and in records written before it was kept.
    pub connect_ms: Option<i64>,
    /// The exit country the connection's username targeted (`country-us`: two letters); none
    /// without targeting. Not the destination's country: the gateway does not geolocate.
    pub country: Option<String>,
}

/// A stored record with its id (the CSV export's cursor).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = cr)]
pub struct Record {
    pub id: i64,
    #[diesel(embed)]
    pub row: NewRecord,
}
