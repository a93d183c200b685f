//! Request parts shared by several routes (an area's own bodies are its `form.rs`).

use crate::error::ApiError;
use domain::ProxyKind;
use serde::{Deserialize, Deserializer};
use utoipa::IntoParams;

/// `?type=`: the kind a route is asked about.
#[derive(Debug, Deserialize, IntoParams)]
pub struct KindQuery {
    /// premium, budget, static, lte, ipv4 or ipv6.
    #[serde(rename = "type")]
    #[param(required = true, value_type = crate::openapi::rules::KindParam, inline)]
    pub kind: Option<String>,
}

impl KindQuery {
    pub fn parse(&self) -> Result<ProxyKind, ApiError> {
        self.kind
            .as_deref()
            .and_then(ProxyKind::parse)
            .ok_or_else(|| ApiError::field("type", domain::messages::UNKNOWN_TYPE))
    }
}

/// Tells a field set to null (`Some(None)`) from an absent one (`None`): an edit's "remove this"
/// from "leave it".
pub fn nullable<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// A whole number in `range`, from a JSON number (`domain::numbers::whole`).
pub fn whole(value: f64, range: std::ops::RangeInclusive<i64>) -> Option<i64> {
    domain::numbers::whole_of_f64(value).filter(|n| range.contains(n))
}

/// Dollars with at most two decimals (`domain::numbers::hundredths`) as cents in `range`.
pub fn dollars(value: f64, range: std::ops::RangeInclusive<i64>) -> Option<domain::Cents> {
    domain::numbers::hundredths_of_f64(value)
        .filter(|c| range.contains(c))
        .map(domain::Cents::new)
}

/// A purchase's `coupon`: the code as typed, trimmed; blank is none.
pub fn coupon(raw: Option<&str>) -> Option<String> {
    raw.map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
}
