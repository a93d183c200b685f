//! Keeping a customer's IPRoyal sub-user in step with what they bought.
//!
//! Creating a sub-user and moving traffic are not idempotent at IPRoyal (no idempotency key), so
//! a sync always reads the sub-user first and moves only the difference: a sync whose reply was
//! lost is repaired by the next one instead of being retried blindly.

use domain::ProxyKind;
use reqwest::{Method, StatusCode};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use serde_json::{Value, json};

use super::api::Api;
use crate::residential::source::{ResidentialError, SyncReport, SyncRequest, UpstreamAccount};

const SUBUSERS: &str = "/residential-subusers";
const PER_PAGE: u32 = 100;
/// A search for one exact username never needs more pages than this.
const MAX_SEARCH_PAGES: u32 = 20;
const PASSWORD_LEN: usize = 16;
const BYTES_PER_MILLI_GB: i64 = 1_000_000;

/// IPRoyal's SubuserResource. The traffic fields are required: reading a missing one as zero
/// would give the customer their whole purchase a second time.
#[derive(Debug, Deserialize)]
struct Subuser {
    hash: String,
    username: String,
    #[serde(default)]
    password: Option<String>,
    /// GB left.
    #[serde(deserialize_with = "gb")]
    traffic_available: f64,
    /// GB used over the sub-user's life.
    #[serde(deserialize_with = "gb")]
    traffic_used: f64,
}

/// A single resource, bare (as the public SDK reads it) or in Laravel's `{"data": …}` wrapper.
#[derive(Deserialize)]
#[serde(untagged)]
enum Resource {
    Wrapped { data: Subuser },
    Bare(Subuser),
}

impl Resource {
    fn into_inner(self) -> Subuser {
        match self {
            Resource::Wrapped { data } | Resource::Bare(data) => data,
        }
    }
}

#[derive(Deserialize)]
struct Page {
    data: Vec<Subuser>,
    #[serde(default)]
    meta: Option<Meta>,
}

#[derive(Deserialize)]
struct Meta {
    current_page: u32,
    last_page: u32,
}

/// A GB amount: a JSON number or a numeric string, finite and not negative.
fn gb<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    let value = match Value::deserialize(deserializer)? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    value
        .filter(|v: &f64| v.is_finite() && *v >= 0.0)
        .ok_or_else(|| D::Error::custom("a traffic amount is not a non-negative number"))
}

/// GB with three decimals, as whole thousandths: exact arithmetic for the amounts we move.
fn milli_gb(gb: f64) -> i64 {
    (gb * 1000.0).round() as i64
}

fn as_gb(milli_gb: i64) -> f64 {
    milli_gb as f64 / 1000.0
}

pub(super) async fn sync(
    client: &Api,
    request: SyncRequest<'_>,
) -> Result<SyncReport, ResidentialError> {
    let username = subuser_name(&client.config.subuser_prefix, request.kind, request.user_id)?;
    // Rounded down: never give more than was bought.
    let purchased = request.purchased_bytes.max(0) / BYTES_PER_MILLI_GB;
    let mut found = None;
    if let Some(account) = request.account {
        found = client.subuser_by_hash(&account.external_id).await?;
    }
    if found.is_none() {
        found = client.search_subuser(&username).await?;
    }
    let Some(subuser) = found else {
        return client.create_subuser(username, purchased).await;
    };

    let given = milli_gb(subuser.traffic_available + subuser.traffic_used);
    if purchased > given {
        client
            .move_traffic(&subuser, "give-traffic", purchased - given)
            .await?;
    } else if given > purchased {
        // Traffic that expired locally is taken back, as far as it is still unused.
        let amount = (given - purchased).min(milli_gb_down(subuser.traffic_available));
        if amount > 0 {
            client
                .move_traffic(&subuser, "take-traffic", amount)
                .await?;
        }
    }

    let stored = request
        .account
        .filter(|a| a.external_id == subuser.hash)
        .map(|a| a.password.clone());
    let password = match known_password(&subuser).or(stored) {
        Some(password) => password,
        None => client.reset_password(&subuser.hash).await?,
    };
    Ok(SyncReport {
        used_bytes: used_bytes(&subuser),
        account: UpstreamAccount {
            external_id: subuser.hash,
            username: subuser.username,
            password,
        },
    })
}

/// `{prefix}{user_id}{p|b}`: one sub-user per customer and kind.
fn subuser_name(prefix: &str, kind: ProxyKind, user_id: i64) -> Result<String, ResidentialError> {
    let letter = match kind {
        ProxyKind::Premium => 'p',
        ProxyKind::Budget => 'b',
        other => {
            return Err(ResidentialError::Unavailable(format!(
                "IPRoyal residential serves premium and budget traffic, not {other}"
            )));
        }
    };
    Ok(format!("{prefix}{user_id}{letter}"))
}

/// What can still be taken back: rounded down, so a take never exceeds what is available.
fn milli_gb_down(gb: f64) -> i64 {
    (gb * 1000.0 + 1e-6).floor() as i64
}

fn used_bytes(subuser: &Subuser) -> i64 {
    ((subuser.traffic_used * 1e9).round() as i64).max(0)
}

fn known_password(subuser: &Subuser) -> Option<String> {
    subuser.password.clone().filter(|p| !p.is_empty())
}

fn new_password() -> String {
    domain::random::alphanumeric(PASSWORD_LEN)
}

impl Api {
    /// `Ok(None)` when IPRoyal no longer knows the hash (the sub-user was deleted).
    async fn subuser_by_hash(&self, hash: &str) -> Result<Option<Subuser>, ResidentialError> {
        // A hash that could not be a path segment was not made by IPRoyal: search instead.
        let plain = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'_';
        if hash.is_empty() || !hash.bytes().all(plain) {
            return Ok(None);
        }
        let reply = self
            .send(Method::GET, &format!("{SUBUSERS}/{hash}"), &[], None)
            .await?;
        if reply.status == StatusCode::NOT_FOUND {
            return Ok(None);
        }
        Ok(Some(self.decode::<Resource>(reply)?.into_inner()))
    }

    /// The sub-user named exactly `username`: IPRoyal's search also matches longer names.
    async fn search_subuser(&self, username: &str) -> Result<Option<Subuser>, ResidentialError> {
        for page in 1..=MAX_SEARCH_PAGES {
            let query = [
                ("search", username.to_owned()),
                ("page", page.to_string()),
                ("per_page", PER_PAGE.to_string()),
            ];
            let reply = self.send(Method::GET, SUBUSERS, &query, None).await?;
            let listed: Page = self.decode(reply)?;
            if let Some(found) = listed.data.into_iter().find(|s| s.username == username) {
                return Ok(Some(found));
            }
            match listed.meta {
                Some(meta) if meta.current_page < meta.last_page => {}
                _ => break,
            }
        }
        Ok(None)
    }

    async fn create_subuser(
        &self,
        username: String,
        traffic: i64,
    ) -> Result<SyncReport, ResidentialError> {
        let password = new_password();
        let body = json!({"username": username, "password": password, "traffic": as_gb(traffic)});
        let reply = self.send(Method::POST, SUBUSERS, &[], Some(&body)).await?;
        let created = self.decode::<Resource>(reply)?.into_inner();
        tracing::info!(
            %username,
            hash = %created.hash,
            traffic_gb = as_gb(traffic),
            "created an IPRoyal sub-user"
        );
        Ok(SyncReport {
            used_bytes: used_bytes(&created),
            account: UpstreamAccount {
                password: known_password(&created).unwrap_or(password),
                external_id: created.hash,
                username: created.username,
            },
        })
    }

    /// `action` is `give-traffic` or `take-traffic`. The reply's body is not needed, so a
    /// successful move never turns into an error (which might tempt a caller to repeat it).
    async fn move_traffic(
        &self,
        subuser: &Subuser,
        action: &str,
        amount: i64,
    ) -> Result<(), ResidentialError> {
        let path = format!("{SUBUSERS}/{}/{action}", subuser.hash);
        let body = json!({"amount": as_gb(amount)});
        let reply = self.send(Method::POST, &path, &[], Some(&body)).await?;
        self.check(&reply)?;
        tracing::info!(
            username = %subuser.username,
            hash = %subuser.hash,
            amount_gb = as_gb(amount),
            "IPRoyal {action}"
        );
        Ok(())
    }

    /// Sets a fresh password on a sub-user whose password we do not know (found by searching
    /// after a create whose reply was lost, with IPRoyal not showing the password).
    async fn reset_password(&self, hash: &str) -> Result<String, ResidentialError> {
        let password = new_password();
        let path = format!("{SUBUSERS}/{hash}");
        let reply = self
            .send(
                Method::PUT,
                &path,
                &[],
                Some(&json!({"password": password})),
            )
            .await?;
        self.check(&reply)?;
        Ok(password)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_carry_the_kind() {
        let name = |kind| subuser_name("ps", kind, 42).ok();
        assert_eq!(name(ProxyKind::Premium).as_deref(), Some("ps42p"));
        assert_eq!(name(ProxyKind::Budget).as_deref(), Some("ps42b"));
        assert!(name(ProxyKind::Static).is_none());
    }

    #[test]
    fn amounts_are_exact_thousandths() {
        assert_eq!(milli_gb(0.1 + 0.2), 300);
        assert_eq!(milli_gb(2.4996), 2500);
        assert_eq!(milli_gb_down(0.3), 300);
        assert_eq!(milli_gb_down(0.0009), 0);
        assert_eq!(as_gb(1), 0.001);
        assert_eq!(json!({"a": as_gb(1500)}).to_string(), r#"{"a":1.5}"#);
    }

    #[test]
    fn traffic_reads_numbers_and_numeric_strings_only() {
        let read = |v: Value| {
            serde_json::from_value::<Subuser>(json!({
                "hash": "h", "username": "u", "traffic_available": v, "traffic_used": 0
            }))
            .map(|s| s.traffic_available)
            .ok()
        };
        assert_eq!(read(json!(1.25)), Some(1.25));
        assert_eq!(read(json!("1.25")), Some(1.25));
        assert_eq!(read(json!(null)), None);
        assert_eq!(read(json!(-1)), None);
        assert_eq!(read(json!("lots")), None);
    }
}
