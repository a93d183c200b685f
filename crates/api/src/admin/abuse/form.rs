//! What the operator sends to act on a case; each check is a 422 naming its field.

use crate::abuse::form::text;
use crate::error::ApiError;
use domain::abuse::{CaseStatus, MESSAGE};
use domain::messages as msg;
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct StatusRequest {
    /// open, answered or closed.
    #[schema(required = true, schema_with = crate::openapi::abuse_rules::status)]
    pub status: Option<String>,
}

impl StatusRequest {
    pub fn parse(&self) -> Result<CaseStatus, ApiError> {
        self.status
            .as_deref()
            .and_then(CaseStatus::parse)
            .ok_or(ApiError::field("status", msg::ABUSE_STATUS_INVALID))
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReplyRequest {
    /// 10–5000 characters, line breaks allowed: the mail's body inside the case's template.
    #[schema(required = true, schema_with = crate::openapi::abuse_rules::message)]
    pub message: Option<String>,
}

/// The operator's message, trimmed; 422 on `message` otherwise.
pub fn message(raw: Option<&str>) -> Result<String, ApiError> {
    text(raw, MESSAGE, msg::ABUSE_MESSAGE_INVALID).map_err(|m| ApiError::field("message", m))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WarnRequest {
    /// One of the case's matches: its customer is warned.
    #[schema(required = true)]
    pub record_id: Option<i64>,
    /// 10–5000 characters, line breaks allowed.
    #[schema(required = true, schema_with = crate::openapi::abuse_rules::message)]
    pub message: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnforceRequest {
    /// One of the case's matches: its credential or customer is acted on.
    #[schema(required = true)]
    pub record_id: Option<i64>,
    /// 3–200 characters, kept in the audit log.
    #[schema(required = true, schema_with = crate::openapi::rules::reason)]
    pub reason: Option<String>,
}

/// The record an action names; 422 on `recordId` when absent.
pub fn record_id(raw: Option<i64>) -> Result<i64, ApiError> {
    raw.ok_or(ApiError::field("recordId", msg::ABUSE_RECORD_NOT_IN_CASE))
}
