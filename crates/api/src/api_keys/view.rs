//! What the key routes answer. A listed key never carries the key itself: only its prefix.

use crate::api_keys::{networks, scope};
use persistence::api_keys::ApiKeyRow;
use persistence::subusers::SubuserRow;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiKeyView {
    pub id: i64,
    pub name: String,
    /// The key's first 8 characters (`psk_` and 4 more), to recognise it by.
    pub prefix: String,
    pub scopes: Vec<String>,
    pub expires_at: Option<i64>,
    pub allowed_ips: Vec<String>,
    pub last_used_at: Option<i64>,
    pub created_at: i64,
    /// The sub-user the key is limited to (its data only); null: the whole account.
    pub subuser_id: Option<i64>,
    /// That sub-user's name.
    pub subuser_name: Option<String>,
}

impl ApiKeyView {
    /// The view of `row`, naming its sub-user from `subusers` (the owner's).
    pub fn new(row: ApiKeyRow, subusers: &[SubuserRow]) -> Self {
        let subuser_name = row
            .subuser_id
            .and_then(|id| subusers.iter().find(|s| s.id == id))
            .map(|s| s.name.clone());
        ApiKeyView {
            subuser_name,
            ..ApiKeyView::from(row)
        }
    }
}

impl From<ApiKeyRow> for ApiKeyView {
    fn from(row: ApiKeyRow) -> Self {
        ApiKeyView {
            id: row.id,
            name: row.name,
            prefix: row.prefix,
            scopes: names(&row.scopes),
            expires_at: row.expires_at,
            allowed_ips: networks::load(&row.allowed_ips)
                .iter()
                .map(ToString::to_string)
                .collect(),
            last_used_at: row.last_used_at,
            created_at: row.created_at,
            subuser_id: row.subuser_id,
            subuser_name: None,
        }
    }
}

/// Stored scopes as their names.
pub fn names(stored: &str) -> Vec<String> {
    scope::load(stored)
        .into_iter()
        .map(|s| s.as_str().to_owned())
        .collect()
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ApiKeyList {
    /// The keys not revoked, expired ones included, newest first.
    pub items: Vec<ApiKeyView>,
}

/// The one answer that carries the key: it is not stored and cannot be shown again. No `Debug`,
/// so that it cannot reach a log.
#[derive(Serialize, ToSchema)]
pub struct ApiKeyCreated {
    pub id: i64,
    pub name: String,
    pub scopes: Vec<String>,
    pub subuser_id: Option<i64>,
    /// `psk_` and 43 base62 characters. Shown once.
    pub key: String,
}
