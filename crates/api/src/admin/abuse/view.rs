//! The abuse desk's answers: a case, a matching connection record, a case with its matches.

use domain::abuse::CaseStatus;
use domain::usage::{CredentialKind, Outcome};
use persistence::abuse::{BlockRow, Match, ReportRow};
use serde::Serialize;
use utoipa::ToSchema;

/// One case as the queue lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AbuseCase {
    /// The case number.
    pub id: i64,
    pub reporter_email: String,
    /// A host name (lower case) or an IP address.
    pub destination: String,
    pub port: Option<i32>,
    /// The window reported, Unix seconds.
    pub from: i64,
    pub to: i64,
    pub description: String,
    pub evidence: Option<String>,
    /// open, answered or closed.
    #[schema(value_type = String)]
    pub status: CaseStatus,
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<ReportRow> for AbuseCase {
    fn from(row: ReportRow) -> Self {
        AbuseCase {
            id: row.id,
            reporter_email: row.reporter_email,
            destination: row.destination,
            port: row.port,
            from: row.window_from,
            to: row.window_to,
            description: row.description,
            evidence: row.evidence,
            status: row.status,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// A connection record the case matches: who connected, with which credential, through which
/// pool.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AbuseMatch {
    /// The record's id: what an action names.
    pub record_id: i64,
    pub user_id: i64,
    pub email: String,
    /// main, subuser, allowlist or piece.
    #[schema(value_type = String)]
    pub credential_kind: CredentialKind,
    /// The sub-user's, allowlist entry's or piece's id; null for the main credential.
    pub credential_id: Option<i64>,
    /// The credential's name when it connected (the proxy username, the sub-user's name, the
    /// allowlisted network).
    pub credential: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub host: String,
    pub port: i32,
    /// Unix seconds.
    pub started_at: i64,
    pub duration_ms: i64,
    pub bytes_up: i64,
    pub bytes_down: i64,
    /// ok, refused, upstream_error or cut_quota.
    #[schema(value_type = String)]
    pub outcome: Outcome,
    /// The upstream pool that carried it; null for direct traffic.
    pub upstream_id: Option<i64>,
    /// The address the customer connected from (which of their machines); null for records
    /// written before addresses were kept.
    pub source: Option<String>,
}

impl From<Match> for AbuseMatch {
    fn from(m: Match) -> Self {
        AbuseMatch {
            record_id: m.record_id,
            user_id: m.user_id.get(),
            email: m.email,
            credential_kind: m.credential_kind,
            credential_id: m.credential_id,
            credential: m.credential_label,
            kind: m.kind.as_str().to_owned(),
            host: m.host,
            port: m.port,
            started_at: m.started_at,
            duration_ms: m.duration_ms,
            bytes_up: m.bytes_up,
            bytes_down: m.bytes_down,
            outcome: m.outcome,
            upstream_id: m.upstream_id,
            source: m.source,
        }
    }
}

/// A destination the desk blocked for a customer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerBlock {
    pub user_id: i64,
    pub destination: String,
    /// The case it was blocked from.
    pub case_id: Option<i64>,
    pub created_at: i64,
}

impl From<BlockRow> for CustomerBlock {
    fn from(row: BlockRow) -> Self {
        CustomerBlock {
            user_id: row.user_id.get(),
            destination: row.destination,
            case_id: row.report_id,
            created_at: row.created_at,
        }
    }
}

/// A case with what it matches.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AbuseCaseDetail {
    pub case: AbuseCase,
    /// The records of connections to the destination (and port, when given) open during the
    /// window, oldest first, at most `MAX_MATCHES`.
    pub matches: Vec<AbuseMatch>,
    /// Whether there were more matches than listed.
    pub truncated: bool,
    /// Days the records are kept: a window older than that matches nothing.
    pub days_kept: u32,
    /// The destination's blocks for the customers matched.
    pub blocks: Vec<CustomerBlock>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AbuseCaseEnvelope {
    pub case: AbuseCase,
}
