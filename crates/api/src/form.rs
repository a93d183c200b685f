//! Request parts shared by several routes (an area's own bodies are its `form.rs`).

use crate::error::ApiError;
use domain::ProxyKind;
use serde::Deserialize;
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
