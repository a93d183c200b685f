//! Answers shared by several routes (an area's own answers are its `view.rs`). Names are those
//! of the OpenAPI schemas the front end generates its types from.

use domain::{Cents, EntryKind, Role};
use persistence::users::UserRow;
use persistence::wallet::LedgerRow;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Profile {
    pub name: String,
    #[serde(rename = "avatarUrl")]
    pub avatar_url: Option<String>,
    /// E.164 (`+14155550123`); absent when none is set (`PATCH /api/user/profile`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
}

/// The customer as the front end sees them: nothing secret.
#[derive(Debug, Serialize, ToSchema)]
pub struct User {
    pub name: String,
    pub email: String,
    #[serde(rename = "photoURL")]
    pub photo_url: Option<String>,
    pub profile: Profile,
    #[schema(value_type = String, example = "user")]
    pub role: Role,
    /// Wallet balance in dollars.
    #[schema(value_type = f64, example = 25.0)]
    pub balance: Cents,
    #[serde(rename = "refCode")]
    pub ref_code: String,
    /// False for an account made with Google sign-in that has not set a password yet: it sets a
    /// first one without a current password (`POST /api/user/password`).
    #[serde(rename = "hasPassword")]
    pub has_password: bool,
}

impl From<&UserRow> for User {
    fn from(row: &UserRow) -> Self {
        User {
            name: row.name.clone(),
            email: row.email.clone(),
            photo_url: row.avatar_url.clone(),
            profile: Profile {
                name: row.name.clone(),
                avatar_url: row.avatar_url.clone(),
                phone: row.phone.clone(),
            },
            role: Role::from_stored(&row.role),
            balance: row.balance_cents,
            ref_code: row.ref_code.clone(),
            has_password: row.password_hash.is_some(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserEnvelope {
    pub user: Option<User>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

/// A message and the signed-in user (login, registration, Google sign-in).
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthResponse {
    pub message: String,
    pub user: User,
}

/// Every error: a message for the customer, and per-field messages for validation errors.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorResponse {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<std::collections::BTreeMap<String, String>>,
}

/// One row of a wallet ledger, as the customer's wallet page and the operator's view of a
/// customer both show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerEntry {
    pub id: i64,
    /// topup, purchase, referral_bonus, refund, admin_adjustment or sla_credit.
    #[schema(value_type = String)]
    pub kind: EntryKind,
    /// Signed dollars: positive in, negative out.
    #[schema(value_type = f64)]
    pub amount: Cents,
    #[schema(value_type = f64)]
    pub balance_after: Cents,
    pub reference: String,
    pub note: Option<String>,
    pub created_at: i64,
}

impl From<LedgerRow> for LedgerEntry {
    fn from(r: LedgerRow) -> Self {
        LedgerEntry {
            id: r.id,
            kind: r.kind,
            amount: r.amount_cents,
            balance_after: r.balance_after,
            reference: r.reference,
            note: r.note,
            created_at: r.created_at,
        }
    }
}
