//! What the sub-user routes answer: each sub-user with its proxy username, password, cap and
//! use (bytes, and GB of 10^9 bytes as the traffic figures elsewhere), and the main
//! credential's connection cap.

use domain::ProxyKind;
use domain::subusers::MAX_SUBUSERS;
use domain::targeting::subuser_base;
use domain::units::gb;
use persistence::subuser_logins::SubuserLogin;
use persistence::subusers::SubuserRow;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa::openapi::{RefOr, Schema};

/// One sub-user as the customer sees it, password included (as the main proxy password is).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubuserItem {
    pub id: i64,
    pub name: String,
    #[serde(rename = "type")]
    #[schema(schema_with = crate::openapi::rules::traffic_kind)]
    pub kind: ProxyKind,
    /// The base of its proxy usernames: `<proxy username>-sub-<name>`; the targeting options
    /// follow (`-type-budget-country-de…`).
    pub username: String,
    pub password: String,
    /// Its own traffic cap in GB; null: only the account's balance bounds it.
    pub limit_gb: Option<f64>,
    pub used_gb: f64,
    pub used_bytes: i64,
    pub limit_bytes: Option<i64>,
    /// The cap minus what it used, never below zero; null without a cap.
    pub remaining_gb: Option<f64>,
    /// Its concurrent-connection cap; null: none of its own.
    pub max_connections: Option<i32>,
    pub enabled: bool,
    /// Unix seconds.
    pub created_at: i64,
    /// The person invited to sign in to this sub-user, if any (docs/subusers.md).
    pub login: Option<SubuserLoginView>,
}

/// A sub-user's sign-in: the invited email and whether its password is set.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubuserLoginView {
    pub email: String,
    /// `pending` until the invitee sets a password from the mailed link, then `active`.
    #[schema(pattern = "^(pending|active)$")]
    pub status: String,
}

impl From<&SubuserLogin> for SubuserLoginView {
    fn from(login: &SubuserLogin) -> Self {
        SubuserLoginView {
            email: login.email.clone(),
            status: if login.active { "active" } else { "pending" }.to_owned(),
        }
    }
}

// The password stays out of logs.
impl std::fmt::Debug for SubuserItem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SubuserItem")
            .field("id", &self.id)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl SubuserItem {
    pub fn new(row: SubuserRow, proxy_username: &str) -> Self {
        SubuserItem {
            id: row.id,
            username: subuser_base(proxy_username, &row.name),
            name: row.name,
            kind: row.kind,
            password: row.password,
            limit_gb: row.limit_bytes.map(gb),
            used_gb: gb(row.used_bytes),
            used_bytes: row.used_bytes,
            limit_bytes: row.limit_bytes,
            remaining_gb: row
                .limit_bytes
                .map(|limit| gb((limit - row.used_bytes).max(0))),
            max_connections: row.max_connections,
            enabled: row.enabled,
            created_at: row.created_at,
            login: None,
        }
    }

    pub fn with_login(mut self, login: Option<&SubuserLogin>) -> Self {
        self.login = login.map(SubuserLoginView::from);
        self
    }
}

/// The main proxy credential's settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MainCredential {
    /// The main proxy username (without targeting options).
    pub username: String,
    /// Its concurrent-connection cap; null: none of its own.
    pub max_connections: Option<i32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SubuserList {
    pub main: MainCredential,
    /// At most `MAX_SUBUSERS` (the document's `maxItems`).
    #[schema(schema_with = at_most_subusers)]
    pub items: Vec<SubuserItem>,
}

fn at_most_subusers() -> RefOr<Schema> {
    crate::openapi::bounded_list::<SubuserItem>(MAX_SUBUSERS)
}
