//! `?q=&role=&disabled=`: which customers the list and the export show.

use crate::error::ApiError;
use crate::query_text::given;
use domain::messages as msg;
use persistence::admin_users::CustomerFilter;
use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
pub struct CustomerQuery {
    /// Case-insensitive: part of the email or name, or the whole ref code, proxy username or id.
    #[param(schema_with = crate::openapi::rules::filter_text)]
    pub q: Option<String>,
    /// admin or user.
    #[param(schema_with = crate::openapi::rules::role_filter)]
    pub role: Option<String>,
    pub disabled: Option<bool>,
}

impl CustomerQuery {
    /// The filter, or 422 on the field `role` for a role that is neither admin nor user.
    pub fn filter(&self) -> Result<CustomerFilter, ApiError> {
        let role = match given("role", self.role.as_deref())? {
            None => None,
            Some(role) if domain::Role::parse(role).is_some() => Some(role.to_owned()),
            Some(_) => return Err(ApiError::field("role", msg::UNKNOWN_ROLE)),
        };
        Ok(CustomerFilter {
            q: given("q", self.q.as_deref())?.map(str::to_owned),
            role,
            disabled: self.disabled,
        })
    }
}
