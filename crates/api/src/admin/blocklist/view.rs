//! A blocked destination as the operator sees it.

use domain::ProxyKind;
use persistence::blocklist::RuleRow;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlocklistRule {
    pub id: i64,
    /// Canonical: lower case, a range's host bits cleared, a port as `:25`.
    pub pattern: String,
    #[schema(schema_with = crate::openapi::rules::kinds_list)]
    pub kinds: Vec<ProxyKind>,
    pub reason: String,
    pub active: bool,
    /// Unix seconds.
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<RuleRow> for BlocklistRule {
    fn from(row: RuleRow) -> Self {
        BlocklistRule {
            id: row.id,
            kinds: row.kinds.split(',').filter_map(ProxyKind::parse).collect(),
            pattern: row.pattern,
            reason: row.reason,
            active: row.active,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}
