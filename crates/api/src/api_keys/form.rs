//! `POST /api/user/api-keys`'s body and its checks, each refusal a field error.

use crate::api_keys::networks::{self, Network};
use crate::api_keys::scope::Scope;
use domain::{FieldErrors, messages as msg};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CreateKeyRequest {
    /// 1–60 characters, trimmed.
    #[schema(required = true, schema_with = crate::openapi::rules::key_name)]
    pub name: String,
    /// A non-empty subset of `read`, `generate`, `buy`.
    #[schema(required = true, schema_with = crate::openapi::rules::key_scopes)]
    pub scopes: Vec<String>,
    /// Unix seconds, in the future; absent or null: the key does not expire.
    pub expires_at: Option<i64>,
    /// Addresses or CIDR ranges (IPv4 or IPv6) the key may be used from; absent or empty: any.
    #[schema(max_items = 20)]
    pub allowed_ips: Option<Vec<String>>,
    /// One of the account's sub-users: the key then reads only that sub-user's data and
    /// generates only its lines (docs/api-keys.md); absent or null: the whole account.
    pub subuser_id: Option<i64>,
}

/// A request that passed every check.
#[derive(Debug)]
pub struct NewKey {
    pub name: String,
    pub scopes: Vec<Scope>,
    pub expires_at: Option<i64>,
    pub allowed_ips: Vec<Network>,
    pub subuser_id: Option<i64>,
}

impl CreateKeyRequest {
    pub fn validate(self, now: i64) -> Result<NewKey, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = self.name.trim().to_owned();
        let name = errors.take(
            "name",
            domain::rules::KEY_NAME
                .allows(&name)
                .then_some(name)
                .ok_or(msg::KEY_NAME),
        );
        let scopes: Option<Vec<Scope>> = self.scopes.iter().map(|s| Scope::parse(s)).collect();
        let scopes = errors.take(
            "scopes",
            scopes.filter(|s| !s.is_empty()).ok_or(msg::KEY_SCOPES),
        );
        let expires_at = errors.take(
            "expiresAt",
            match self.expires_at {
                Some(at) if at <= now => Err(msg::KEY_EXPIRY),
                other => Ok(other),
            },
        );
        let entries = self.allowed_ips.unwrap_or_default();
        let parsed: Option<Vec<Network>> = entries.iter().map(|e| Network::parse(e)).collect();
        let allowed_ips = errors.take(
            "allowedIps",
            parsed
                .filter(|list| list.len() <= networks::MAX_ENTRIES)
                .ok_or(msg::KEY_ALLOWED_IPS),
        );
        match (name, scopes, expires_at, allowed_ips) {
            (Some(name), Some(scopes), Some(expires_at), Some(allowed_ips))
                if errors.is_empty() =>
            {
                Ok(NewKey {
                    name,
                    scopes,
                    expires_at,
                    allowed_ips,
                    subuser_id: self.subuser_id,
                })
            }
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(name: &str, scopes: &[&str]) -> CreateKeyRequest {
        CreateKeyRequest {
            name: name.to_owned(),
            scopes: scopes.iter().map(|s| (*s).to_owned()).collect(),
            ..CreateKeyRequest::default()
        }
    }

    #[test]
    fn a_good_request_passes_trimmed() {
        let key = request("  CI deploy ", &["read", "buy"])
            .validate(100)
            .unwrap();
        assert_eq!(key.name, "CI deploy");
        assert_eq!(key.scopes, vec![Scope::Read, Scope::Buy]);
        assert_eq!(key.expires_at, None);
        assert!(key.allowed_ips.is_empty());
    }

    #[test]
    fn each_field_is_checked() {
        let mut bad = request(" ", &[]);
        bad.expires_at = Some(100);
        bad.allowed_ips = Some(vec!["10.0.0.0/8".into(), "nope".into()]);
        let errors = bad.validate(100).unwrap_err();
        assert_eq!(errors.get("name"), Some(msg::KEY_NAME));
        assert_eq!(errors.get("scopes"), Some(msg::KEY_SCOPES));
        assert_eq!(errors.get("expiresAt"), Some(msg::KEY_EXPIRY));
        assert_eq!(errors.get("allowedIps"), Some(msg::KEY_ALLOWED_IPS));
        let errors = request(&"x".repeat(61), &["read", "admin"])
            .validate(0)
            .unwrap_err();
        assert_eq!(errors.get("name"), Some(msg::KEY_NAME));
        assert_eq!(errors.get("scopes"), Some(msg::KEY_SCOPES));
        assert!(request(&"é".repeat(60), &["read"]).validate(0).is_ok());
        let mut many = request("k", &["read"]);
        many.allowed_ips = Some((0..21).map(|i| format!("10.0.0.{i}")).collect());
        assert!(many.validate(0).is_err());
    }
}
