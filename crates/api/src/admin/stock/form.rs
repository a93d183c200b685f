//! The bodies that add or change a stock entry, and their checks.

use domain::{FieldErrors, ProxyKind, messages as msg};
use serde::Deserialize;
use utoipa::ToSchema;

/// `POST /api/admin/stock`. Without `code`, one is made from the kind, country, city, ISP and
/// connection type (as the shipped inventory's codes are: `us-comcast`, `ipv4-us`,
/// `lte-us-newyork-tmobile-https`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewStockForm {
    /// static, lte, ipv4 or ipv6.
    #[serde(rename = "type")]
    #[schema(required = true, schema_with = crate::openapi::rules::piece_kind)]
    pub kind: Option<String>,
    pub code: Option<String>,
    /// ISO 3166-1 alpha-2, any case.
    #[schema(required = true, schema_with = crate::openapi::rules::non_blank)]
    pub country: Option<String>,
    pub isp: Option<String>,
    pub isp_name: Option<String>,
    pub city: Option<String>,
    pub conn_type: Option<String>,
    pub ip: Option<String>,
    /// A whole number, at least 0.
    #[schema(required = true, value_type = i64, minimum = 0, maximum = 2_147_483_647)]
    pub capacity: Option<f64>,
}

/// `PATCH /api/admin/stock/{id}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StockChange {
    /// A whole number, at least what is already sold.
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 2_147_483_647)]
    pub capacity: Option<f64>,
    /// false: the entry leaves the customers' location lists; sold pieces keep working.
    pub active: Option<bool>,
}

/// A checked new entry.
#[derive(Debug, Clone)]
pub struct CheckedStock {
    pub kind: ProxyKind,
    pub code: String,
    pub country: String,
    pub isp: Option<String>,
    pub isp_name: Option<String>,
    pub city: Option<String>,
    pub conn_type: Option<String>,
    pub ip: Option<String>,
    pub capacity: i32,
}

fn text(value: Option<&str>) -> Option<String> {
    value
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// A capacity from a JSON number: a whole number from 0 to i32::MAX.
pub fn capacity(value: f64) -> Option<i32> {
    domain::numbers::whole_of_f64(value)
        .filter(|n| *n >= 0)
        .and_then(|n| i32::try_from(n).ok())
}

/// Lower case, letters and digits only: one part of a generated code.
fn slug(part: &str) -> String {
    part.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

impl NewStockForm {
    pub fn check(&self) -> Result<CheckedStock, FieldErrors> {
        let mut errors = FieldErrors::new();
        let kind = self
            .kind
            .as_deref()
            .and_then(ProxyKind::parse)
            .filter(|k| !k.is_traffic());
        if kind.is_none() {
            errors.add("type", msg::STOCK_KIND_ONLY);
        }
        let country = text(self.country.as_deref()).map(|c| c.to_lowercase());
        if country.is_none() {
            errors.add("country", msg::COUNTRY_REQUIRED);
        }
        let capacity = self.capacity.and_then(capacity);
        if capacity.is_none() {
            errors.add("capacity", msg::VALID_CAPACITY);
        }
        let (Some(kind), Some(country), Some(capacity)) = (kind, country, capacity) else {
            return Err(errors);
        };
        let (isp, city, conn_type) = (
            text(self.isp.as_deref()),
            text(self.city.as_deref()),
            text(self.conn_type.as_deref()),
        );
        let code = text(self.code.as_deref()).unwrap_or_else(|| {
            let parts: Vec<&str> = match kind {
                ProxyKind::Static => vec![&country, isp.as_deref().unwrap_or("static")],
                ProxyKind::Lte => [
                    Some("lte"),
                    Some(country.as_str()),
                    city.as_deref(),
                    isp.as_deref(),
                    conn_type.as_deref(),
                ]
                .into_iter()
                .flatten()
                .collect(),
                _ => vec![kind.as_str(), &country],
            };
            parts
                .iter()
                .map(|p| slug(p))
                .filter(|p| !p.is_empty())
                .collect::<Vec<_>>()
                .join("-")
        });
        Ok(CheckedStock {
            kind,
            code,
            country,
            isp,
            isp_name: text(self.isp_name.as_deref()),
            city,
            conn_type,
            ip: text(self.ip.as_deref()),
            capacity,
        })
    }
}
