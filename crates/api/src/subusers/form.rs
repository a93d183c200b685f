//! The bodies of `POST /api/user/subusers`, `PATCH /api/user/subusers/{id}` and
//! `PUT /api/user/proxy_settings`, and their checks, each refusal a field error: a name of 1–16
//! lowercase letters and digits (it goes into proxy usernames as is), a traffic kind, a cap in
//! GB (above 0, at most 2 decimals, at most 100000; null: no cap) and a connection cap (a whole
//! number 1–10000; null: no cap).

use crate::number::hundredths;
use domain::subusers::CONNECTIONS;
use domain::targeting::is_subuser_name;
use domain::units::GB;
use domain::{FieldErrors, ProxyKind, messages as msg};
use persistence::subusers::Changes;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateSubuserRequest {
    /// 1–16 lowercase letters and digits; unique among the customer's sub-users.
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::subuser_name)]
    pub name: String,
    /// `premium` or `budget`.
    #[serde(default, rename = "type")]
    #[schema(required = true, schema_with = crate::openapi::rules::traffic_kind)]
    pub kind: String,
    /// The sub-user's own traffic cap in GB (10^9 bytes); absent or null: no cap.
    #[schema(schema_with = crate::openapi::rules::gb_cap)]
    pub limit_gb: Option<Value>,
    /// Its concurrent-connection cap; absent or null: no cap of its own.
    #[schema(schema_with = crate::openapi::rules::connections_cap)]
    pub max_connections: Option<Value>,
}

/// A new sub-user that passed every check (the password is drawn by the handler).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedSubuser {
    pub name: String,
    pub kind: ProxyKind,
    pub limit_bytes: Option<i64>,
    pub max_connections: Option<i32>,
}

/// What `PATCH` changes; absent fields stay as they are.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateSubuserRequest {
    /// The cap in GB; null removes it.
    #[serde(default, deserialize_with = "given")]
    #[schema(schema_with = crate::openapi::rules::gb_cap)]
    pub limit_gb: Option<Value>,
    /// The connection cap; null removes it.
    #[serde(default, deserialize_with = "given")]
    #[schema(schema_with = crate::openapi::rules::connections_cap)]
    pub max_connections: Option<Value>,
    pub enabled: Option<bool>,
    /// true: draw a new password (the old one stops working at once).
    pub reset_password: Option<bool>,
}

/// `PUT /api/user/proxy_settings`: the main credential's connection cap.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MainSettingsRequest {
    /// The main credential's concurrent-connection cap; absent or null: no cap of its own.
    #[schema(schema_with = crate::openapi::rules::connections_cap)]
    pub max_connections: Option<Value>,
}

/// Tells a field set to null (`Some(Value::Null)`) from an absent one (`None`); a plain
/// `Option<Value>` reads both as `None`.
fn given<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// A cap in GB as bytes: null is no cap.
fn limit_bytes(value: &Value) -> Result<Option<i64>, &'static str> {
    if value.is_null() {
        return Ok(None);
    }
    match hundredths(Some(value)) {
        Some(h) if h > 0 => Ok(Some(h * (GB / 100))),
        _ => Err(msg::SUBUSER_LIMIT_GB),
    }
}

/// A connection cap: null is no cap.
fn connections(value: &Value) -> Result<Option<i32>, &'static str> {
    if value.is_null() {
        return Ok(None);
    }
    domain::numbers::whole_of(value)
        .filter(|n| CONNECTIONS.contains(*n))
        .and_then(|n| i32::try_from(n).ok())
        .map(Some)
        .ok_or(msg::SUBUSER_MAX_CONNECTIONS)
}

/// `connections` of an optional field: absent is no cap.
pub fn main_max_connections(body: MainSettingsRequest) -> Result<Option<i32>, FieldErrors> {
    let mut errors = FieldErrors::new();
    let value = body.max_connections.unwrap_or(Value::Null);
    match errors.take("maxConnections", connections(&value)) {
        Some(max) => Ok(max),
        None => Err(errors),
    }
}

impl CreateSubuserRequest {
    pub fn validate(self) -> Result<CheckedSubuser, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = errors.take(
            "name",
            if is_subuser_name(&self.name) {
                Ok(self.name)
            } else {
                Err(msg::SUBUSER_NAME)
            },
        );
        let kind = errors.take(
            "type",
            ProxyKind::parse(&self.kind)
                .filter(|k| k.is_traffic())
                .ok_or(msg::SUBUSER_TYPE),
        );
        let limit = errors.take(
            "limitGb",
            limit_bytes(self.limit_gb.as_ref().unwrap_or(&Value::Null)),
        );
        let max = errors.take(
            "maxConnections",
            connections(self.max_connections.as_ref().unwrap_or(&Value::Null)),
        );
        match (name, kind, limit, max) {
            (Some(name), Some(kind), Some(limit_bytes), Some(max_connections))
                if errors.is_empty() =>
            {
                Ok(CheckedSubuser {
                    name,
                    kind,
                    limit_bytes,
                    max_connections,
                })
            }
            _ => Err(errors),
        }
    }
}

impl UpdateSubuserRequest {
    /// The changes asked for; the new password, when asked, is drawn here.
    pub fn validate(self) -> Result<Changes, FieldErrors> {
        let mut errors = FieldErrors::new();
        let limit_bytes = self
            .limit_gb
            .as_ref()
            .and_then(|v| errors.take("limitGb", limit_bytes(v)));
        let max_connections = self
            .max_connections
            .as_ref()
            .and_then(|v| errors.take("maxConnections", connections(v)));
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Changes {
            password: (self.reset_password == Some(true)).then(domain::random::proxy_password),
            limit_bytes,
            max_connections,
            enabled: self.enabled,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    fn create(body: Value) -> Result<CheckedSubuser, FieldErrors> {
        serde_json::from_value::<CreateSubuserRequest>(body)
            .unwrap()
            .validate()
    }

    #[test]
    fn a_sub_user_needs_a_token_name_and_a_traffic_kind() {
        let ok = create(
            json!({ "name": "scraper1", "type": "budget", "limitGb": 0.5, "maxConnections": 10 }),
        )
        .unwrap();
        assert_eq!(
            ok,
            CheckedSubuser {
                name: "scraper1".into(),
                kind: ProxyKind::Budget,
                limit_bytes: Some(500_000_000),
                max_connections: Some(10),
            }
        );
        let bare = create(json!({ "name": "a", "type": "premium", "limitGb": null })).unwrap();
        assert_eq!((bare.limit_bytes, bare.max_connections), (None, None));
        for name in ["", "Scraper", "with-dash", "seventeenletterss", "ünï"] {
            let errors = create(json!({ "name": name, "type": "premium" })).unwrap_err();
            assert_eq!(errors.get("name"), Some(msg::SUBUSER_NAME), "{name}");
        }
        for kind in ["ipv4", "gold", ""] {
            let errors = create(json!({ "name": "a", "type": kind })).unwrap_err();
            assert_eq!(errors.get("type"), Some(msg::SUBUSER_TYPE), "{kind}");
        }
    }

    #[test]
    fn caps_are_positive_and_bounded() {
        for gb in [
            json!(0),
            json!(-1),
            json!(1.005),
            json!(100000.01),
            json!("5"),
        ] {
            let errors =
                create(json!({ "name": "a", "type": "premium", "limitGb": gb })).unwrap_err();
            assert_eq!(errors.get("limitGb"), Some(msg::SUBUSER_LIMIT_GB), "{gb}");
        }
        let most = create(json!({ "name": "a", "type": "premium", "limitGb": 100000 })).unwrap();
        assert_eq!(most.limit_bytes, Some(100_000 * GB));
        for max in [json!(0), json!(10001), json!(1.5), json!("3")] {
            let errors = create(json!({ "name": "a", "type": "premium", "maxConnections": max }))
                .unwrap_err();
            assert_eq!(
                errors.get("maxConnections"),
                Some(msg::SUBUSER_MAX_CONNECTIONS),
                "{max}"
            );
        }
        assert_eq!(
            main_max_connections(MainSettingsRequest {
                max_connections: Some(json!(10000))
            }),
            Ok(Some(10_000))
        );
        assert_eq!(
            main_max_connections(MainSettingsRequest::default()),
            Ok(None)
        );
    }

    #[test]
    fn a_patch_tells_null_from_absent() {
        let patch = |body: Value| {
            serde_json::from_value::<UpdateSubuserRequest>(body)
                .unwrap()
                .validate()
        };
        let cleared = patch(json!({ "limitGb": null, "enabled": false })).unwrap();
        assert_eq!(cleared.limit_bytes, Some(None));
        assert_eq!(cleared.max_connections, None);
        assert_eq!(cleared.enabled, Some(false));
        assert!(cleared.password.is_none());
        let reset = patch(json!({ "resetPassword": true, "maxConnections": 3 })).unwrap();
        assert_eq!(reset.password.unwrap().len(), 20);
        assert_eq!(reset.max_connections, Some(Some(3)));
        let errors = patch(json!({ "limitGb": 0, "maxConnections": 0 })).unwrap_err();
        assert_eq!(errors.get("limitGb"), Some(msg::SUBUSER_LIMIT_GB));
        assert_eq!(
            errors.get("maxConnections"),
            Some(msg::SUBUSER_MAX_CONNECTIONS)
        );
    }
}
