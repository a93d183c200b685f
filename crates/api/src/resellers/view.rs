//! What the reseller routes answer: the reseller's own account, a client with its traffic, a
//! transfer as the reseller sees it and as the client sees it. Traffic is given in bytes (the
//! ledger's unit, so that everything adds up to the byte) and in GB (10^9 bytes).

use domain::resellers::Direction;
use domain::units::gb;
use domain::{ProxyKind, UserId};
use persistence::resellers::accounts::ResellerRow;
use persistence::resellers::clients::ClientRow;
use persistence::resellers::transfers::TransferRow;
use persistence::traffic::Balance;
use serde::Serialize;
use utoipa::ToSchema;

/// One traffic kind sold by the GB of an account, as it counts now: expired traffic counts as
/// used up.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrafficView {
    /// premium or budget.
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    /// Bytes given or bought, in all.
    pub total_bytes: i64,
    pub used_bytes: i64,
    /// Bytes left to use: `totalBytes - usedBytes`, 0 once expired.
    pub available_bytes: i64,
    /// Of those, what can be moved now: less what gateway nodes hold leased for live
    /// connections (settled within seconds).
    pub movable_bytes: i64,
    /// `availableBytes` in GB.
    pub available_gb: f64,
    /// When the unused traffic expires; null: never.
    pub expires_at: Option<i64>,
}

impl TrafficView {
    /// Premium and budget, always both, from the account's balance rows.
    pub fn of(balances: &[Balance], at: i64) -> Vec<TrafficView> {
        ProxyKind::ALL
            .into_iter()
            .filter(|k| k.is_traffic())
            .map(|kind| {
                let row = balances.iter().find(|b| b.kind == kind);
                let (total, used, leased, expires_at) = row.map_or((0, 0, 0, None), |b| {
                    (
                        b.purchased_bytes,
                        b.used_bytes,
                        b.leased_bytes,
                        b.expires_at,
                    )
                });
                let live = expires_at.is_none_or(|end| end > at);
                let available = if live { (total - used).max(0) } else { 0 };
                let movable = if live {
                    (total - used - leased).max(0)
                } else {
                    0
                };
                TrafficView {
                    kind,
                    total_bytes: total,
                    used_bytes: used,
                    available_bytes: available,
                    movable_bytes: movable,
                    available_gb: gb(available),
                    expires_at,
                }
            })
            .collect()
    }
}

/// `GET /api/reseller/account`: the reseller's terms, how many clients it has, its own traffic.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResellerView {
    pub discount_percent: i32,
    pub max_clients: i32,
    pub clients: i64,
    pub traffic: Vec<TrafficView>,
}

impl ResellerView {
    pub fn new(terms: &ResellerRow, clients: i64, traffic: Vec<TrafficView>) -> Self {
        ResellerView {
            discount_percent: terms.discount_percent,
            max_clients: terms.max_clients,
            clients,
            traffic,
        }
    }
}

/// A client's sign-in: `pending` until the client sets a password from the invitation, then
/// `active`.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ClientStatus {
    Pending,
    Active,
}

/// One client.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientView {
    #[schema(value_type = i64)]
    pub id: UserId,
    pub email: String,
    pub name: String,
    pub note: Option<String>,
    pub status: ClientStatus,
    /// Suspended by you: no sign-in, no proxies.
    pub suspended: bool,
    /// Disabled by you (`suspended`) or by the shop.
    pub disabled: bool,
    pub created_at: i64,
    /// Premium and budget, always both.
    pub traffic: Vec<TrafficView>,
}

impl ClientView {
    pub fn new(row: ClientRow, traffic: Vec<TrafficView>) -> Self {
        ClientView {
            id: row.id,
            email: row.email,
            name: row.name,
            note: row.note,
            status: if row.active {
                ClientStatus::Active
            } else {
                ClientStatus::Pending
            },
            suspended: row.suspended,
            disabled: row.disabled,
            created_at: row.created_at,
            traffic,
        }
    }
}

/// `POST /api/reseller/clients`'s answer: the client, and whether an invitation was mailed.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientCreated {
    pub message: String,
    pub client: ClientView,
}

/// One move of traffic, as the reseller sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferView {
    pub id: i64,
    #[schema(value_type = i64)]
    pub client_id: UserId,
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    /// allocate (to the client) or reclaim (back to you).
    #[schema(value_type = String)]
    pub direction: Direction,
    pub bytes: i64,
    pub gb: f64,
    /// The client's traffic of the type ends then (after the move); null: never.
    pub expires_at: Option<i64>,
    /// Your API key that made the move; null: your session.
    pub api_key_id: Option<i64>,
    pub created_at: i64,
}

impl From<TransferRow> for TransferView {
    fn from(row: TransferRow) -> Self {
        TransferView {
            id: row.id,
            client_id: row.client_id,
            kind: row.kind,
            direction: row.direction,
            bytes: row.bytes,
            gb: gb(row.bytes),
            expires_at: row.expires_at,
            api_key_id: row.api_key_id,
            created_at: row.created_at,
        }
    }
}

/// One move of traffic to or from the client's own account, as the client sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllocationView {
    pub id: i64,
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    /// allocate (to you) or reclaim (taken back by your provider).
    #[schema(value_type = String)]
    pub direction: Direction,
    pub bytes: i64,
    pub gb: f64,
    /// Your traffic of the type ends then (after the move); null: never.
    pub expires_at: Option<i64>,
    pub created_at: i64,
}

impl From<TransferRow> for AllocationView {
    fn from(row: TransferRow) -> Self {
        AllocationView {
            id: row.id,
            kind: row.kind,
            direction: row.direction,
            bytes: row.bytes,
            gb: gb(row.bytes),
            expires_at: row.expires_at,
            created_at: row.created_at,
        }
    }
}
