//! The bodies and queries of the reseller routes and their checks, each refusal a field error
//! (docs/resellers.md): a client's email, name, note and password; a client's change (note,
//! suspended); a move's type (a kind sold by the GB), GB (above 0, at most two decimals) and
//! validity (whole days); the transfer list's client filter.

use app::resellers::clients::NewClient;
use domain::resellers::{CLIENT_NAME, CLIENT_NOTE, MOVE_GB, VALIDITY_DAYS};
use domain::units::GB;
use domain::{Email, FieldErrors, Password, ProxyKind, UserId, messages as msg};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CreateClientRequest {
    /// The client's sign-in; it must not belong to an account yet (409).
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub email: String,
    /// 1–80 characters; absent, null or blank: drawn from the email.
    #[schema(schema_with = crate::openapi::reseller_rules::client_name)]
    pub name: Option<String>,
    /// The reseller's own note (at most 500 characters); absent, null or blank: none.
    #[schema(schema_with = crate::openapi::reseller_rules::client_note)]
    pub note: Option<String>,
    /// The client's password (the registration's rules); absent or null: the client is mailed
    /// an invitation to set one.
    #[schema(schema_with = crate::openapi::reseller_rules::client_password)]
    pub password: Option<String>,
}

impl CreateClientRequest {
    pub fn validate(self) -> Result<NewClient, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = errors.take("email", Email::parse(&self.email));
        let name = errors.take(
            "name",
            optional_text(self.name.as_deref(), CLIENT_NAME, msg::CLIENT_NAME),
        );
        let note = errors.take(
            "note",
            optional_text(self.note.as_deref(), CLIENT_NOTE, msg::CLIENT_NOTE),
        );
        let password = match self.password.as_deref() {
            None => Some(None),
            Some(raw) => errors.take("password", Password::parse_new(raw).map(Some)),
        };
        match (email, name, note, password) {
            (Some(email), Some(name), Some(note), Some(password)) if errors.is_empty() => {
                Ok(NewClient {
                    email,
                    name,
                    note,
                    password,
                })
            }
            _ => Err(errors),
        }
    }
}

/// A text checked by `rule` once trimmed; absent or blank is none.
fn optional_text(
    raw: Option<&str>,
    rule: domain::rules::TrimmedText,
    message: &'static str,
) -> Result<Option<String>, &'static str> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) if rule.allows(text) => Ok(Some(text.to_owned())),
        Some(_) => Err(message),
    }
}

/// What `PATCH /api/reseller/clients/{id}` changes; absent fields stay as they are.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct UpdateClientRequest {
    /// The reseller's note; null or blank clears it.
    #[serde(deserialize_with = "given")]
    #[schema(schema_with = crate::openapi::reseller_rules::client_note)]
    pub note: Option<Value>,
    /// true: the client cannot sign in, its sessions end and its proxies stop; false: resumed.
    pub suspended: Option<bool>,
}

/// A checked change: `note` is `Some(None)` to clear it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientChange {
    pub note: Option<Option<String>>,
    pub suspended: Option<bool>,
}

/// Tells a field set to null (`Some(Value::Null)`) from an absent one (`None`).
fn given<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

impl UpdateClientRequest {
    pub fn validate(self) -> Result<ClientChange, FieldErrors> {
        let mut errors = FieldErrors::new();
        let note = match self.note {
            None => None,
            Some(Value::Null) => Some(None),
            Some(Value::String(text)) => errors.take(
                "note",
                optional_text(Some(&text), CLIENT_NOTE, msg::CLIENT_NOTE),
            ),
            Some(_) => {
                errors.add("note", msg::CLIENT_NOTE);
                None
            }
        };
        if errors.is_empty() {
            Ok(ClientChange {
                note,
                suspended: self.suspended,
            })
        } else {
            Err(errors)
        }
    }
}

/// `POST /api/reseller/clients/{id}/allocate`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AllocateRequest {
    /// `premium` or `budget`: the kinds sold by the GB.
    #[serde(rename = "type")]
    #[schema(required = true, schema_with = crate::openapi::rules::traffic_kind)]
    pub kind: Option<String>,
    /// GB (10^9 bytes): above 0, at most 2 decimals, at most 100000.
    #[schema(required = true, schema_with = crate::openapi::reseller_rules::move_gb)]
    pub gb: Option<Value>,
    /// The client's traffic of the type ends this many days from now (1–3650; never after your
    /// own traffic of the type ends); absent or null: when yours ends.
    #[schema(schema_with = crate::openapi::reseller_rules::validity_days)]
    pub validity_days: Option<Value>,
}

/// `POST /api/reseller/clients/{id}/reclaim`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ReclaimRequest {
    /// `premium` or `budget`.
    #[serde(rename = "type")]
    #[schema(required = true, schema_with = crate::openapi::rules::traffic_kind)]
    pub kind: Option<String>,
    /// GB (10^9 bytes) of the client's unused traffic: above 0, at most 2 decimals.
    #[schema(required = true, schema_with = crate::openapi::reseller_rules::move_gb)]
    pub gb: Option<Value>,
}

/// A checked move: the kind, the bytes and, for an allocation, the days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckedMove {
    pub kind: ProxyKind,
    pub bytes: i64,
    pub validity_days: Option<i64>,
}

fn kind(raw: Option<&str>) -> Result<ProxyKind, &'static str> {
    raw.and_then(ProxyKind::parse)
        .filter(|k| k.is_traffic())
        .ok_or(msg::MOVE_TYPE)
}

fn bytes(raw: Option<&Value>) -> Result<i64, &'static str> {
    raw.and_then(domain::numbers::hundredths_of)
        .filter(|h| MOVE_GB.contains(*h))
        .map(|h| h * (GB / 100))
        .ok_or(msg::MOVE_GB)
}

fn days(raw: Option<&Value>) -> Result<Option<i64>, &'static str> {
    match raw {
        None | Some(Value::Null) => Ok(None),
        Some(value) => domain::numbers::whole_of(value)
            .filter(|d| VALIDITY_DAYS.contains(*d))
            .map(Some)
            .ok_or(msg::MOVE_VALIDITY),
    }
}

fn checked(
    errors: FieldErrors,
    kind: Option<ProxyKind>,
    bytes: Option<i64>,
    days: Option<Option<i64>>,
) -> Result<CheckedMove, FieldErrors> {
    match (kind, bytes, days) {
        (Some(kind), Some(bytes), Some(validity_days)) if errors.is_empty() => Ok(CheckedMove {
            kind,
            bytes,
            validity_days,
        }),
        _ => Err(errors),
    }
}

impl AllocateRequest {
    pub fn validate(self) -> Result<CheckedMove, FieldErrors> {
        let mut errors = FieldErrors::new();
        let kind = errors.take("type", kind(self.kind.as_deref()));
        let bytes = errors.take("gb", bytes(self.gb.as_ref()));
        let days = errors.take("validityDays", days(self.validity_days.as_ref()));
        checked(errors, kind, bytes, days)
    }
}

impl ReclaimRequest {
    pub fn validate(self) -> Result<CheckedMove, FieldErrors> {
        let mut errors = FieldErrors::new();
        let kind = errors.take("type", kind(self.kind.as_deref()));
        let bytes = errors.take("gb", bytes(self.gb.as_ref()));
        checked(errors, kind, bytes, Some(None))
    }
}

/// `GET /api/reseller/transfers?clientId=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct TransfersQuery {
    /// One of your clients' ids; absent or blank: every client's transfers. Anything that is
    /// not one of your clients' ids matches nothing.
    #[serde(rename = "clientId")]
    #[param(schema_with = crate::openapi::rules::filter_text)]
    pub client_id: Option<String>,
}

/// Whose transfers the list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientFilter {
    Every,
    One(UserId),
    /// Text that is no id: no client's.
    Nobody,
}

impl TransfersQuery {
    /// The client asked for (a control character is 422 on `clientId`, as in every filter).
    pub fn client(&self) -> Result<ClientFilter, crate::error::ApiError> {
        let text = crate::query_text::given("clientId", self.client_id.as_deref())?;
        Ok(match text.map(str::parse::<i64>) {
            None => ClientFilter::Every,
            Some(Ok(id)) => ClientFilter::One(UserId::new(id)),
            Some(Err(_)) => ClientFilter::Nobody,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn allocate(body: Value) -> Result<CheckedMove, FieldErrors> {
        serde_json::from_value::<AllocateRequest>(body)
            .unwrap()
            .validate()
    }

    #[test]
    fn a_move_names_a_traffic_kind_and_gb_with_two_decimals() {
        let ok = allocate(json!({ "type": "premium", "gb": 1.25, "validityDays": 30 })).unwrap();
        assert_eq!(ok.kind, ProxyKind::Premium);
        assert_eq!(ok.bytes, 1_250_000_000);
        assert_eq!(ok.validity_days, Some(30));
        let ok = allocate(json!({ "type": "budget", "gb": 10 })).unwrap();
        assert_eq!((ok.bytes, ok.validity_days), (10 * GB, None));
        for (body, field, message) in [
            (json!({ "type": "static", "gb": 1 }), "type", msg::MOVE_TYPE),
            (json!({ "type": "nope", "gb": 1 }), "type", msg::MOVE_TYPE),
            (json!({ "gb": 1 }), "type", msg::MOVE_TYPE),
            (json!({ "type": "premium", "gb": 0 }), "gb", msg::MOVE_GB),
            (json!({ "type": "premium", "gb": -1 }), "gb", msg::MOVE_GB),
            (
                json!({ "type": "premium", "gb": 1.005 }),
                "gb",
                msg::MOVE_GB,
            ),
            (json!({ "type": "premium", "gb": "5" }), "gb", msg::MOVE_GB),
            (json!({ "type": "premium" }), "gb", msg::MOVE_GB),
            (
                json!({ "type": "premium", "gb": 100000.01 }),
                "gb",
                msg::MOVE_GB,
            ),
            (
                json!({ "type": "premium", "gb": 1, "validityDays": 0 }),
                "validityDays",
                msg::MOVE_VALIDITY,
            ),
            (
                json!({ "type": "premium", "gb": 1, "validityDays": 1.5 }),
                "validityDays",
                msg::MOVE_VALIDITY,
            ),
            (
                json!({ "type": "premium", "gb": 1, "validityDays": 3651 }),
                "validityDays",
                msg::MOVE_VALIDITY,
            ),
        ] {
            let errors = allocate(body.clone()).unwrap_err();
            assert_eq!(errors.get(field), Some(message), "{body}");
        }
    }

    /// The document's schemas of a client's name and note accept what the parser accepts.
    #[test]
    fn the_document_states_the_name_and_note_rules() {
        use crate::openapi::reseller_rules::{client_name, client_note};
        use crate::openapi::rules::tests::agree;
        let (n80, n81, n500, n501) = (
            "x".repeat(80),
            "x".repeat(81),
            "x".repeat(500),
            "x".repeat(501),
        );
        let samples = [
            "", "  ", "Ann", " Ann ", "a\nb", "a\tb", "\u{7}", &n80, &n81, &n500, &n501,
        ];
        agree(
            client_name(),
            |s| optional_text(Some(s), CLIENT_NAME, msg::CLIENT_NAME).is_ok(),
            &samples,
        );
        agree(
            client_note(),
            |s| optional_text(Some(s), CLIENT_NOTE, msg::CLIENT_NOTE).is_ok(),
            &samples,
        );
    }

    #[test]
    fn a_client_needs_an_email_and_a_password_that_keeps_the_policy() {
        let request = |body: Value| {
            serde_json::from_value::<CreateClientRequest>(body)
                .unwrap()
                .validate()
        };
        let ok =
            request(json!({ "email": "A@Example.com", "name": " Ann ", "note": "  " })).unwrap();
        assert_eq!(ok.email.as_str(), "a@example.com");
        assert_eq!(ok.name.as_deref(), Some("Ann"));
        assert_eq!(ok.note, None);
        assert!(ok.password.is_none());
        assert!(
            request(json!({ "email": "a@example.com", "password": "Secret1!" }))
                .unwrap()
                .password
                .is_some()
        );
        let errors =
            request(json!({ "email": "nope", "password": "short", "note": "x".repeat(501) }))
                .unwrap_err();
        assert_eq!(errors.get("email"), Some(msg::EMAIL_INVALID));
        assert_eq!(errors.get("password"), Some(msg::PASSWORD_TOO_SHORT));
        assert_eq!(errors.get("note"), Some(msg::CLIENT_NOTE));
    }
}
