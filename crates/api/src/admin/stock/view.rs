//! The stock entry as operators see it, and the list of them.

use persistence::pieces::StockRow;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockItem {
    pub id: i64,
    /// static, lte, ipv4 or ipv6.
    #[serde(rename = "type")]
    pub kind: String,
    /// What customers send as `location` when buying.
    pub code: String,
    /// Lower-case ISO 3166-1 alpha-2.
    pub country: String,
    pub isp: Option<String>,
    pub isp_name: Option<String>,
    pub city: Option<String>,
    pub conn_type: Option<String>,
    pub ip: Option<String>,
    pub capacity: i32,
    pub sold: i32,
    pub available: i32,
    pub active: bool,
}

impl From<StockRow> for StockItem {
    fn from(row: StockRow) -> Self {
        StockItem {
            available: row.available(),
            id: row.id,
            kind: row.kind.as_str().to_owned(),
            code: row.code,
            country: row.country,
            isp: row.isp,
            isp_name: row.isp_name,
            city: row.city,
            conn_type: row.conn_type,
            ip: row.ip,
            capacity: row.capacity,
            sold: row.sold,
            active: row.active,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StockList {
    pub items: Vec<StockItem>,
}
