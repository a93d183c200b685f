//! Pools the configuration gives (the `PROXYSHOP_UPSTREAMS` file, IPRoyal's keys), checked with
//! the admin API's rules and added at start-up once (docs/operations.md#upstream-pools): a pool
//! whose name is already taken is left as it is, so the console's edits win over the file. The
//! database decides: the name is unique, so two instances starting together add a pool once.
//! Each pool added is audited as the system's `upstream.create` (no operator), never with its
//! password.

use super::audited;
use super::form::PoolForm;
use diesel::Connection;
use domain::FieldErrors;
use persistence::error::DbError;
use persistence::upstream_pools::{self as pools, NewPool};
use persistence::{DbConnection, audit, write_transaction};
use serde_json::{Map, Value};

/// The fields a pool is given by, as the admin API's `POST` body names them.
pub const FIELDS: [&str; 14] = [
    "name",
    "kinds",
    "protocol",
    "host",
    "port",
    "username",
    "password",
    "usernameTemplate",
    "passwordTemplate",
    "preset",
    "costPerGb",
    "weight",
    "countries",
    "active",
];

/// Checks one pool's fields by the rules of `POST /api/admin/upstreams`: every wrong, missing or
/// unknown field with its message (a field of the wrong type is named too).
pub fn check(fields: Map<String, Value>) -> Result<NewPool, FieldErrors> {
    let mut unknown = FieldErrors::new();
    for key in fields.keys().filter(|k| !FIELDS.contains(&k.as_str())) {
        unknown.add(
            key.clone(),
            format!("is not a pool field ({})", FIELDS.join(", ")),
        );
    }
    if !unknown.is_empty() {
        return Err(unknown);
    }
    let form: PoolForm = serde_json::from_value(Value::Object(fields)).map_err(|e| {
        let mut errors = FieldErrors::new();
        // serde names the field's type, never its value.
        errors.add("(fields)", e.to_string());
        errors
    })?;
    form.new_pool()
}

/// Adds each pool no pool's name has yet, each in its own transaction with its audit row;
/// answers the names added. A name taken (before or by an instance starting at the same time)
/// leaves that pool as it is.
pub fn add_missing(
    conn: &mut DbConnection,
    configured: &[NewPool],
) -> Result<Vec<String>, DbError> {
    let mut added = Vec::new();
    for new in configured {
        let created = write_transaction(conn, |conn| {
            // A savepoint: a taken name rolls back only the insert, on both backends.
            match conn.transaction(|c| pools::create(c, new)) {
                Ok(row) => {
                    let after = audited(&row, !new.password.is_empty());
                    let target = format!("upstream:{}", row.id);
                    audit::record_system(conn, "upstream.create", &target, Some(&after))?;
                    Ok(true)
                }
                Err(DbError::UniqueViolation(_)) => Ok(false),
                Err(other) => Err(other),
            }
        })?;
        if created {
            added.push(new.name.clone());
        }
    }
    Ok(added)
}

/// The environment as a file's `passwordEnv`/`usernameEnv` reads it (tests pass their own).
pub type Env<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The pools of a `PROXYSHOP_UPSTREAMS` file (`[[upstream]]` tables with the fields of
/// [`FIELDS`]; `usernameEnv`/`passwordEnv` name an environment variable holding the secret),
/// each checked by [`check`]. `file` names the file in the errors; every error names the pool
/// and the field too, never a value.
pub fn parse_file(file: &str, text: &str, env: Env<'_>) -> Result<Vec<NewPool>, Vec<String>> {
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| vec![format!("{file}: not TOML: {}", e.message())])?;
    let mut errors = Vec::new();
    for key in table.keys().filter(|k| *k != "upstream") {
        errors.push(format!(
            "{file}: `{key}`: unknown; pools are [[upstream]] tables"
        ));
    }
    let entries = match table.get("upstream") {
        None => Vec::new(),
        Some(toml::Value::Array(entries)) => entries.clone(),
        Some(_) => {
            errors.push(format!("{file}: `upstream` must be [[upstream]] tables"));
            Vec::new()
        }
    };
    let mut pools = Vec::new();
    for (index, entry) in entries.into_iter().enumerate() {
        let label = match entry.get("name").and_then(toml::Value::as_str) {
            Some(name) => format!("{file}: upstream \"{name}\""),
            None => format!("{file}: upstream #{}", index + 1),
        };
        let toml::Value::Table(entry) = entry else {
            errors.push(format!("{label}: must be a table"));
            continue;
        };
        match from_entry(entry, env).and_then(|fields| check(fields).map_err(|e| listed(&e))) {
            Ok(pool) => pools.push(pool),
            Err(found) => errors.extend(found.into_iter().map(|e| format!("{label}: {e}"))),
        }
    }
    if errors.is_empty() {
        Ok(pools)
    } else {
        Err(errors)
    }
}

fn listed(errors: &FieldErrors) -> Vec<String> {
    errors
        .iter()
        .map(|(field, message)| format!("{field}: {message}"))
        .collect()
}

/// One `[[upstream]]` table as the admin API's JSON body, its `…Env` secrets read.
fn from_entry(mut entry: toml::Table, env: Env<'_>) -> Result<Map<String, Value>, Vec<String>> {
    let mut errors = Vec::new();
    for (secret, from) in [("username", "usernameEnv"), ("password", "passwordEnv")] {
        let Some(variable) = entry.remove(from) else {
            continue;
        };
        let Some(variable) = variable.as_str().map(str::to_owned) else {
            errors.push(format!("{from}: must name an environment variable"));
            continue;
        };
        if entry.contains_key(secret) {
            errors.push(format!("{from}: give `{secret}` or `{from}`, not both"));
            continue;
        }
        match env(&variable).filter(|v| !v.is_empty()) {
            Some(value) => {
                entry.insert(secret.to_owned(), toml::Value::String(value));
            }
            None => errors.push(format!(
                "{from}: the environment variable {variable} is not set"
            )),
        }
    }
    for key in entry.keys() {
        if key.contains('_') {
            let camel = camel_case(key);
            errors.push(format!(
                "{key}: unknown field (the file's fields are camelCase: {camel})"
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    match serde_json::to_value(entry) {
        Ok(Value::Object(fields)) => Ok(fields),
        _ => Err(vec!["a value is not representable".to_owned()]),
    }
}

/// `password_env` → `passwordEnv`, for the hint of a snake_case field.
fn camel_case(key: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in key.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}
