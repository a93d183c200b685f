//! The upstream pool form: `POST` (a new pool) and `PATCH` (any field) bodies, checked field by
//! field (422 naming each wrong field) into the persistence crate's `NewPool` and `PoolChanges`.
//! The rules are `domain::upstream_pool`'s and `domain::credential_template`'s.

use domain::FieldErrors;
use domain::credential_template::{CredentialTemplate, Preset};
use domain::upstream_pool::{
    self as rules, POOL_PORT_INVALID, POOL_PRESET_INVALID, POOL_WEIGHT_INVALID,
};
use persistence::upstream_pools::{NewPool, PoolChanges};
use serde::Deserialize;
use utoipa::ToSchema;

/// An upstream pool's fields. On `POST` `name`, `kinds`, `protocol`, `host`, `port` and
/// `costPerGb` are required; on `PATCH` every field is optional. `password` is write-only: it is
/// never returned.
#[derive(Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolForm {
    /// 1–80 characters, trimmed; unique among the pools.
    #[schema(schema_with = crate::openapi::rules::plan_name)]
    pub name: Option<String>,
    /// The kinds it carries: premium and/or budget.
    #[schema(schema_with = super::schema::kinds)]
    pub kinds: Option<Vec<String>>,
    /// http or socks5.
    #[schema(schema_with = super::schema::protocol)]
    pub protocol: Option<String>,
    /// The provider's entry point: a host name or IPv4 address.
    #[schema(schema_with = super::schema::host)]
    pub host: Option<String>,
    /// 1 to 65535.
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 65535)]
    pub port: Option<f64>,
    /// The shop's username at the provider (the `{username}` of the templates).
    #[schema(schema_with = super::schema::secret)]
    pub username: Option<String>,
    /// The shop's password at the provider (the `{password}` of the templates). Write-only.
    #[schema(schema_with = super::schema::password)]
    pub password: Option<String>,
    /// Renders the username sent to the provider; default: the preset's, else `{username}`.
    #[schema(schema_with = super::schema::template)]
    pub username_template: Option<String>,
    /// Renders the password sent to the provider; default: the preset's, else `{password}`.
    #[schema(schema_with = super::schema::template)]
    pub password_template: Option<String>,
    /// What the provider charges, USD per GB: 0 to 1000, at most 2 decimals.
    #[schema(minimum = 0, maximum = 1000, multiple_of = 0.01)]
    pub cost_per_gb: Option<f64>,
    /// Its share among the pools of a kind: 1 to 1000 (default 1).
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 1000)]
    pub weight: Option<f64>,
    /// Lower-case ISO country codes it serves; empty (the default): every country.
    #[schema(schema_with = super::schema::countries)]
    pub countries: Option<Vec<String>>,
    /// Whether new connections may use it (default true).
    pub active: Option<bool>,
    /// Fills the templates left out with a provider's syntax (docs/providers.md).
    #[schema(schema_with = super::schema::preset)]
    pub preset: Option<String>,
}

// The `POST /api/admin/upstreams` body as documented: `PoolForm` with the fields a new pool
// needs required. Documentation only; keep it in step with `PoolForm`.
/// A new upstream pool: `name`, `kinds`, `protocol`, `host`, `port` and `costPerGb` are required.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct NewPoolForm {
    /// 1–80 characters, trimmed; unique among the pools.
    #[schema(schema_with = crate::openapi::rules::plan_name)]
    name: String,
    /// The kinds it carries: premium and/or budget.
    #[schema(schema_with = super::schema::kinds)]
    kinds: Vec<String>,
    /// http or socks5.
    #[schema(schema_with = super::schema::protocol)]
    protocol: String,
    /// The provider's entry point: a host name or IPv4 address.
    #[schema(schema_with = super::schema::host)]
    host: String,
    /// 1 to 65535.
    #[schema(minimum = 1, maximum = 65535)]
    port: i64,
    /// The shop's username at the provider (the `{username}` of the templates).
    #[schema(schema_with = super::schema::secret)]
    username: Option<String>,
    /// The shop's password at the provider (the `{password}` of the templates). Write-only.
    #[schema(schema_with = super::schema::password)]
    password: Option<String>,
    /// Renders the username sent to the provider; default: the preset's, else `{username}`.
    #[schema(schema_with = super::schema::template)]
    username_template: Option<String>,
    /// Renders the password sent to the provider; default: the preset's, else `{password}`.
    #[schema(schema_with = super::schema::template)]
    password_template: Option<String>,
    /// What the provider charges, USD per GB: 0 to 1000, at most 2 decimals.
    #[schema(minimum = 0, maximum = 1000, multiple_of = 0.01)]
    cost_per_gb: f64,
    /// Its share among the pools of a kind: 1 to 1000 (default 1).
    #[schema(minimum = 1, maximum = 1000)]
    weight: Option<i64>,
    /// Lower-case ISO country codes it serves; empty (the default): every country.
    #[schema(schema_with = super::schema::countries)]
    countries: Option<Vec<String>>,
    /// Whether new connections may use it (default true).
    active: Option<bool>,
    /// Fills the templates left out with a provider's syntax (docs/providers.md).
    #[schema(schema_with = super::schema::preset)]
    preset: Option<String>,
}

/// A whole JSON number (`3.0` is 3, as JSON Schema's `integer`).
fn whole(value: f64) -> i64 {
    domain::numbers::whole_of_f64(value).unwrap_or(-1)
}

/// Checks one optional field: `None` when absent or wrong (the error recorded under `field`).
fn check<R, T>(
    errors: &mut FieldErrors,
    field: &'static str,
    raw: Option<R>,
    rule: impl FnOnce(R) -> Result<T, &'static str>,
) -> Option<T> {
    errors.take(field, rule(raw?))
}

fn template(errors: &mut FieldErrors, field: &'static str, raw: Option<&str>) -> Option<String> {
    match CredentialTemplate::parse(field, raw?) {
        Ok(t) => Some(t.to_string()),
        Err(e) => {
            errors.add(field, e.to_string());
            None
        }
    }
}

impl PoolForm {
    /// The checked changes of a `PATCH`: only the fields given.
    pub fn changes(self) -> Result<PoolChanges, FieldErrors> {
        let mut errors = FieldErrors::new();
        let preset = check(&mut errors, "preset", self.preset.as_deref(), |p| {
            Preset::parse(p).ok_or(POOL_PRESET_INVALID)
        });
        let mut changes = PoolChanges {
            name: check(&mut errors, "name", self.name.as_deref(), rules::pool_name),
            kinds: check(
                &mut errors,
                "kinds",
                self.kinds.as_deref(),
                rules::pool_kinds,
            )
            .map(|k| rules::kinds_to_text(&k)),
            protocol: check(
                &mut errors,
                "protocol",
                self.protocol.as_deref(),
                rules::pool_protocol,
            ),
            host: check(&mut errors, "host", self.host.as_deref(), rules::pool_host),
            port: check(&mut errors, "port", self.port, |p| {
                rules::pool_port(whole(p)).map_err(|_| POOL_PORT_INVALID)
            })
            .map(i32::from),
            username: check(
                &mut errors,
                "username",
                self.username.as_deref(),
                rules::pool_username,
            ),
            password: check(
                &mut errors,
                "password",
                self.password.as_deref(),
                rules::pool_password,
            ),
            username_template: template(
                &mut errors,
                "usernameTemplate",
                self.username_template.as_deref(),
            ),
            password_template: template(
                &mut errors,
                "passwordTemplate",
                self.password_template.as_deref(),
            ),
            cost_per_gb_cents: check(&mut errors, "costPerGb", self.cost_per_gb, rules::pool_cost),
            weight: check(&mut errors, "weight", self.weight, |w| {
                rules::pool_weight(whole(w)).map_err(|_| POOL_WEIGHT_INVALID)
            })
            .and_then(|w| i32::try_from(w).ok()),
            countries: check(
                &mut errors,
                "countries",
                self.countries.as_deref(),
                rules::pool_countries,
            )
            .map(|c| rules::countries_to_text(&c)),
            active: self.active,
        };
        if let Some(preset) = preset {
            changes
                .username_template
                .get_or_insert_with(|| preset.username_template().to_owned());
            changes
                .password_template
                .get_or_insert_with(|| preset.password_template().to_owned());
        }
        if errors.is_empty() {
            Ok(changes)
        } else {
            Err(errors)
        }
    }

    /// The checked new pool of a `POST`: the required fields must be there.
    pub fn new_pool(self) -> Result<NewPool, FieldErrors> {
        let given = [
            ("name", self.name.is_some(), rules::POOL_NAME_INVALID),
            ("kinds", self.kinds.is_some(), rules::POOL_KINDS_INVALID),
            (
                "protocol",
                self.protocol.is_some(),
                rules::POOL_PROTOCOL_INVALID,
            ),
            ("host", self.host.is_some(), rules::POOL_HOST_INVALID),
            ("port", self.port.is_some(), POOL_PORT_INVALID),
            (
                "costPerGb",
                self.cost_per_gb.is_some(),
                rules::POOL_COST_INVALID,
            ),
        ];
        let mut missing = FieldErrors::new();
        for (field, present, message) in given {
            if !present {
                missing.add(field, message);
            }
        }
        let changes = match self.changes() {
            Ok(changes) => changes,
            Err(mut errors) => {
                for (field, message) in missing.iter() {
                    errors.add(field.to_owned(), message);
                }
                return Err(errors);
            }
        };
        let (Some(name), Some(kinds), Some(protocol), Some(host), Some(port), Some(cost)) = (
            changes.name,
            changes.kinds,
            changes.protocol,
            changes.host,
            changes.port,
            changes.cost_per_gb_cents,
        ) else {
            return Err(missing);
        };
        Ok(NewPool {
            name,
            kinds,
            protocol,
            host,
            port,
            username: changes.username.unwrap_or_default(),
            password: changes.password.unwrap_or_default(),
            username_template: changes
                .username_template
                .unwrap_or_else(|| "{username}".into()),
            password_template: changes
                .password_template
                .unwrap_or_else(|| "{password}".into()),
            cost_per_gb_cents: cost,
            weight: changes.weight.unwrap_or(1),
            countries: changes.countries.unwrap_or_default(),
            active: changes.active.unwrap_or(true),
        })
    }
}

#[cfg(test)]
#[path = "form_tests.rs"]
mod tests;
