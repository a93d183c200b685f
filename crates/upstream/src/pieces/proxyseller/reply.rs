//! Reading Proxy-Seller's answers: the `{status, data, errors}` envelope, whose business errors
//! arrive with HTTP 200 (docs/providers.md#proxy-seller), and the `data` of each call.

use reqwest::StatusCode;
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Map, Value};

use crate::pieces::country_codes;
use crate::pieces::{
    DeliveredProxy, PieceCatalogue, PieceCountry, PieceError, PieceOperator, PlacedOrder,
};

/// Provider texts are cut to this many characters before they reach an error or the log.
const MAX_MESSAGE_CHARS: usize = 200;
/// The access-error triple (all code 503); "IP not allowed" may carry the caller's address.
const ACCESS_CODE: i64 = 503;
const ACCESS_MESSAGES: [&str; 4] = [
    "Error api key",
    "IP not allowed",
    "Request limit reached",
    "Error auth",
];

/// Whether a failed call may have bought something.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stakes {
    /// Reading: a failure changed nothing, whatever it was.
    Read,
    /// `order/make`: a failure we cannot read may hide a placed order.
    Buy,
}

impl Stakes {
    /// The error for a failure whose effect we cannot know.
    pub(super) fn unclear(self, message: String) -> PieceError {
        match self {
            Stakes::Read => PieceError::Unavailable(message),
            Stakes::Buy => PieceError::Unknown(message),
        }
    }
}

/// The `data` of a success envelope; an error envelope as `Refused` or (access errors)
/// `Unavailable`; anything else as unclear.
pub(super) fn open(
    http: StatusCode,
    body: &str,
    stakes: Stakes,
    key: &SecretString,
) -> Result<Value, PieceError> {
    let envelope = match serde_json::from_str::<Value>(body) {
        Ok(Value::Object(envelope)) if envelope.contains_key("status") => envelope,
        _ => {
            return Err(stakes.unclear(format!(
                "HTTP {} without a Proxy-Seller envelope",
                http.as_u16()
            )));
        }
    };
    match envelope.get("status").and_then(Value::as_str) {
        Some("success") => Ok(envelope.get("data").cloned().unwrap_or(Value::Null)),
        Some("error") => Err(refusal(&envelope, key)),
        _ => Err(stakes.unclear(format!(
            "HTTP {} with an envelope whose status is neither success nor error",
            http.as_u16()
        ))),
    }
}

fn refusal(envelope: &Map<String, Value>, key: &SecretString) -> PieceError {
    let errors: Vec<(Option<i64>, String)> = envelope
        .get("errors")
        .and_then(Value::as_array)
        .map(|errors| {
            errors
                .iter()
                .map(|error| {
                    let code = error.get("code").and_then(Value::as_i64);
                    let message = text(error.get("message")).unwrap_or_default();
                    (code, redact(&message, key))
                })
                .collect()
        })
        .unwrap_or_default();
    let message = errors
        .iter()
        .map(|(_, message)| message.as_str())
        .filter(|message| !message.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    let message = if message.is_empty() {
        "no reason given".to_owned()
    } else {
        message.chars().take(MAX_MESSAGE_CHARS).collect()
    };
    let access = errors.iter().any(|(code, message)| {
        *code == Some(ACCESS_CODE) || ACCESS_MESSAGES.iter().any(|m| message.starts_with(m))
    });
    if access {
        PieceError::Unavailable(format!("Proxy-Seller refused access: {message}"))
    } else {
        PieceError::Refused {
            code: errors.iter().find_map(|(code, _)| *code),
            message,
        }
    }
}

/// The reference list of one section: `{items: [{country, period}]}` in v1 (`items` is an
/// object in v2, and absent in the all-sections form).
pub(super) fn catalogue(data: &Value) -> Result<PieceCatalogue, PieceError> {
    let section = match data.get("items") {
        Some(Value::Array(items)) => items.first(),
        Some(items @ Value::Object(_)) => Some(items),
        _ => Some(data),
    };
    let countries = section
        .and_then(|section| section.get("country"))
        .and_then(Value::as_array)
        .ok_or_else(|| unreadable("the reference list"))?;
    let mut catalogue = PieceCatalogue::default();
    for country in countries {
        let Some(id) = id_text(country.get("id")) else {
            continue;
        };
        let alpha3 = text(country.get("alpha3")).map(|a3| a3.to_ascii_uppercase());
        let code = alpha3
            .as_deref()
            .and_then(country_codes::alpha2)
            .unwrap_or_default()
            .to_owned();
        // Only dedicated operators: orders are sent with mobileServiceType "dedicated".
        let operators = country
            .pointer("/operators/dedicated")
            .and_then(Value::as_array)
            .into_iter()
            .flatten();
        for operator in operators {
            let Some(operator_id) = id_text(operator.get("id")) else {
                continue;
            };
            let rotations = operator
                .get("rotations")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|rotation| number(rotation.get("id")))
                .collect();
            let operator = PieceOperator {
                id: operator_id,
                name: text(operator.get("name")).unwrap_or_default(),
                rotations,
            };
            catalogue.operators.push((id.clone(), operator));
        }
        catalogue.countries.push(PieceCountry {
            id,
            code,
            alpha3,
            name: text(country.get("name")).unwrap_or_default(),
        });
    }
    catalogue.periods = section
        .and_then(|section| section.get("period"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|period| id_text(period.get("id")))
        .collect();
    Ok(catalogue)
}

/// The `total` of `order/calc` as decimal text.
pub(super) fn total(data: &Value) -> Result<String, PieceError> {
    if let Some(warning) = text(data.get("warning")) {
        tracing::warn!(%warning, "Proxy-Seller warns about a price");
    }
    amount(data.get("total")).ok_or_else(|| unreadable("the total of the price"))
}

/// `{orderId, total, …}` of `order/make`. The order is placed by now, so an answer without
/// them is `Unknown`, never a refusal.
pub(super) fn placed(data: &Value) -> Result<PlacedOrder, PieceError> {
    let order_id = id_text(data.get("orderId")).ok_or_else(|| {
        PieceError::Unknown("Proxy-Seller accepted the order without an orderId".to_owned())
    })?;
    let total = amount(data.get("total")).ok_or_else(|| {
        PieceError::Unknown(format!(
            "Proxy-Seller accepted order {order_id} without a readable total"
        ))
    })?;
    Ok(PlacedOrder { order_id, total })
}

/// The proxies of `proxy/list/{section}?orderId=…`. Items that name another order are left
/// out, so that a filter the provider ignored can never hand one customer another's proxies.
pub(super) fn delivered(data: &Value, order_id: &str) -> Result<Vec<DeliveredProxy>, PieceError> {
    let items = match data.get("items").unwrap_or(data) {
        Value::Array(items) => items.as_slice(),
        Value::Null => &[],
        Value::Object(other) if other.is_empty() => &[],
        _ => return Err(unreadable("the proxy list")),
    };
    let mut proxies = Vec::with_capacity(items.len());
    let mut foreign = 0_usize;
    for item in items {
        if !belongs_to(item, order_id) {
            foreign += 1;
            continue;
        }
        proxies.push(proxy(item)?);
    }
    if foreign > 0 {
        tracing::warn!(
            order_id,
            foreign,
            "Proxy-Seller listed proxies of other orders; ignored them"
        );
    }
    Ok(proxies)
}

fn belongs_to(item: &Value, order_id: &str) -> bool {
    let of_order = id_text(item.get("order_id"));
    let number = id_text(item.get("order_number"));
    // An item that names no order cannot be proved to be this order's: never hand it out.
    if of_order.is_none() && number.is_none() {
        return false;
    }
    of_order.as_deref() == Some(order_id)
        || number.is_some_and(|number| {
            number == order_id
                || number
                    .strip_prefix(order_id)
                    .is_some_and(|rest| rest.starts_with('_'))
        })
}

fn proxy(item: &Value) -> Result<DeliveredProxy, PieceError> {
    let missing = |field: &str| unreadable(&format!("the {field} of a delivered proxy"));
    let host = text(item.get("ip_only"))
        .or_else(|| text(item.get("ip")))
        .ok_or_else(|| missing("address"))?;
    let port = [item.get("port_http"), item.get("port_socks")]
        .into_iter()
        .filter_map(number)
        .find_map(|port| u16::try_from(port).ok().filter(|port| *port != 0))
        .ok_or_else(|| missing("port"))?;
    Ok(DeliveredProxy {
        upstream_id: id_text(item.get("id")).ok_or_else(|| missing("id"))?,
        host,
        port,
        username: text(item.get("login")).ok_or_else(|| missing("login"))?,
        password: text(item.get("password")).ok_or_else(|| missing("password"))?,
        country: text(item.get("country")).and_then(|country| country_codes::shop_code(&country)),
    })
}

/// A non-empty string, trimmed.
fn text(value: Option<&Value>) -> Option<String> {
    value
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .map(str::to_owned)
}

/// An id sent as a string or a number.
fn id_text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::Number(number) => Some(number.to_string()),
        other => text(Some(other)),
    }
}

/// A whole number sent as a number or as digits.
fn number(value: Option<&Value>) -> Option<u32> {
    match value? {
        Value::Number(number) => number.as_u64().and_then(|n| u32::try_from(n).ok()),
        Value::String(digits) => digits.trim().parse().ok(),
        _ => None,
    }
}

/// An amount sent as a number (`9`, `1.35`) or as decimal text, as decimal text.
fn amount(value: Option<&Value>) -> Option<String> {
    let amount = match value? {
        Value::Number(number) => number.to_string(),
        Value::String(text) => text.trim().to_owned(),
        _ => return None,
    };
    let (whole, fraction) = amount.split_once('.').unwrap_or((&amount, ""));
    let decimal = !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
        && !amount.ends_with('.');
    decimal.then_some(amount)
}

fn redact(message: &str, key: &SecretString) -> String {
    let key = key.expose_secret();
    if key.is_empty() {
        message.to_owned()
    } else {
        message.replace(key, "[key]")
    }
}

fn unreadable(what: &str) -> PieceError {
    PieceError::Unavailable(format!("cannot read {what} in Proxy-Seller's answer"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn amounts_are_kept_as_decimal_text() {
        assert_eq!(amount(Some(&json!(9))).as_deref(), Some("9"));
        assert_eq!(amount(Some(&json!(1.35))).as_deref(), Some("1.35"));
        assert_eq!(amount(Some(&json!("12.50"))).as_deref(), Some("12.50"));
        for bad in [
            json!(-1),
            json!("1e3"),
            json!("12."),
            json!(""),
            json!(null),
            json!("$9"),
        ] {
            assert_eq!(amount(Some(&bad)), None, "{bad}");
        }
    }

    #[test]
    fn proxies_of_other_orders_are_not_ours() {
        let ours = json!({"order_id": "77", "order_number": "77_1"});
        let by_number = json!({"order_id": "x", "order_number": "77_2"});
        let theirs = json!({"order_id": "78", "order_number": "778_1"});
        assert!(belongs_to(&ours, "77"));
        assert!(belongs_to(&by_number, "77"));
        assert!(!belongs_to(&theirs, "77"));
        assert!(
            !belongs_to(&json!({}), "77"),
            "an item naming no order is not handed out"
        );
    }
}
