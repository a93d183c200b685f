//! The shapes the customer routes share: a customer's row, their traffic of one kind and one
//! ledger row, each built from what persistence returns.

use domain::units::gb;
use domain::{Cents, ProxyKind, UserId};
use persistence::DbConnection;
use persistence::admin_users::Customer;
use persistence::traffic;
use serde::Serialize;
use utoipa::ToSchema;

/// A customer as the operator's list shows them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserRow {
    pub id: i64,
    pub email: String,
    pub name: String,
    /// admin or user.
    pub role: String,
    #[schema(value_type = f64)]
    pub balance: Cents,
    pub disabled: bool,
    pub ref_code: String,
    pub proxy_username: String,
    pub created_at: i64,
    pub last_login_at: Option<i64>,
}

impl From<&Customer> for AdminUserRow {
    fn from(c: &Customer) -> Self {
        let u = &c.user;
        AdminUserRow {
            id: u.id.get(),
            email: u.email.clone(),
            name: u.name.clone(),
            role: u.role.clone(),
            balance: u.balance_cents,
            disabled: u.disabled,
            ref_code: u.ref_code.clone(),
            proxy_username: u.proxy_username.clone(),
            created_at: u.created_at,
            last_login_at: c.last_login_at,
        }
    }
}

/// `{ "user": AdminUserRow }`: what the access routes answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUserEnvelope {
    pub user: AdminUserRow,
}

/// A customer's traffic of one metered kind, in GB.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrafficRow {
    /// premium or budget.
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    pub purchased: f64,
    pub used: f64,
    pub available: f64,
    /// When the unused traffic expires; null = never.
    pub expires_at: Option<i64>,
}

/// The customer's traffic of `kind` as it counts now (expired traffic counts as used up).
pub fn traffic_row(
    conn: &mut DbConnection,
    id: UserId,
    kind: ProxyKind,
) -> Result<TrafficRow, persistence::DbError> {
    let row = traffic::balance_row(conn, id, kind)?;
    let (purchased, used, expires_at) = row.map_or((0, 0, None), |b| {
        (b.purchased_bytes, b.used_bytes, b.expires_at)
    });
    Ok(TrafficRow {
        kind,
        purchased: gb(purchased),
        used: gb(used),
        available: gb((purchased - used).max(0)),
        expires_at,
    })
}
