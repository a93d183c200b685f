//! Reading the delivered proxies of an order from Proxy-Seller's proxy list, never another
//! order's.

use serde::Deserialize;
use serde_with::{DefaultOnError, DisplayFromStr, PickFirst, serde_as};

use super::envelope::{Data, unreadable};
use super::fields::{Loose, Whole, trimmed};
use crate::pieces::country_codes;
use crate::pieces::source::{DeliveredProxy, PieceError};

/// `data` of `proxy/list/{section}`: `{items: [...]}` or the list itself; nothing yet (null,
/// `{}`) while the order is being activated.
#[derive(Deserialize)]
#[serde(untagged)]
enum ProxyList {
    Bare(Items),
    Wrapped { items: Items },
}

#[serde_as]
#[derive(Deserialize)]
#[serde(untagged)]
enum Items {
    /// An item that is not an object names no order, so it is never handed out.
    List(#[serde_as(as = "Vec<DefaultOnError>")] Vec<Item>),
    Nothing(Option<Empty>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

#[serde_as]
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Item {
    #[serde_as(as = "DefaultOnError")]
    id: Option<Loose>,
    #[serde_as(as = "DefaultOnError")]
    order_id: Option<Loose>,
    #[serde_as(as = "DefaultOnError")]
    order_number: Option<Loose>,
    #[serde_as(as = "DefaultOnError")]
    ip_only: Option<String>,
    #[serde_as(as = "DefaultOnError")]
    ip: Option<String>,
    #[serde_as(as = "DefaultOnError<Option<PickFirst<(_, DisplayFromStr)>>>")]
    port_http: Option<Whole>,
    #[serde_as(as = "DefaultOnError<Option<PickFirst<(_, DisplayFromStr)>>>")]
    port_socks: Option<Whole>,
    #[serde_as(as = "DefaultOnError")]
    login: Option<String>,
    #[serde_as(as = "DefaultOnError")]
    password: Option<String>,
    #[serde_as(as = "DefaultOnError")]
    country: Option<String>,
}

/// The proxies of `proxy/list/{section}?orderId=…`. Items that name another order are left
/// out, so that a filter the provider ignored can never hand one customer another's proxies.
pub(super) fn delivered(data: &Data, order_id: &str) -> Result<Vec<DeliveredProxy>, PieceError> {
    let items = match data.read::<ProxyList>() {
        Ok(ProxyList::Bare(items) | ProxyList::Wrapped { items }) => match items {
            Items::List(items) => items,
            Items::Nothing(None | Some(Empty {})) => Vec::new(),
        },
        Err(_) => return Err(unreadable("the proxy list")),
    };
    let mut proxies = Vec::with_capacity(items.len());
    let mut foreign = 0_usize;
    for item in &items {
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

fn belongs_to(item: &Item, order_id: &str) -> bool {
    let of_order = item.order_id.as_ref().and_then(Loose::text);
    let number = item.order_number.as_ref().and_then(Loose::text);
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

fn proxy(item: &Item) -> Result<DeliveredProxy, PieceError> {
    let missing = |field: &str| unreadable(&format!("the {field} of a delivered proxy"));
    let host = trimmed(item.ip_only.as_ref())
        .or_else(|| trimmed(item.ip.as_ref()))
        .ok_or_else(|| missing("address"))?;
    let port = [item.port_http, item.port_socks]
        .into_iter()
        .flatten()
        .find_map(|Whole(port)| u16::try_from(port).ok().filter(|port| *port != 0))
        .ok_or_else(|| missing("port"))?;
    Ok(DeliveredProxy {
        upstream_id: item
            .id
            .as_ref()
            .and_then(Loose::text)
            .ok_or_else(|| missing("id"))?,
        host,
        port,
        username: trimmed(item.login.as_ref()).ok_or_else(|| missing("login"))?,
        password: trimmed(item.password.as_ref()).ok_or_else(|| missing("password"))?,
        country: trimmed(item.country.as_ref())
            .and_then(|country| country_codes::shop_code(&country)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::proxyseller::envelope::{Stakes, open};
    use serde_json::{Value, json};

    fn item(value: Value) -> Item {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn proxies_of_other_orders_are_not_ours() {
        let ours = item(json!({"order_id": "77", "order_number": "77_1"}));
        let by_number = item(json!({"order_id": "x", "order_number": "77_2"}));
        let theirs = item(json!({"order_id": "78", "order_number": "778_1"}));
        assert!(belongs_to(&ours, "77"));
        assert!(belongs_to(&by_number, "77"));
        assert!(!belongs_to(&theirs, "77"));
        assert!(
            !belongs_to(&item(json!({})), "77"),
            "an item naming no order is not handed out"
        );
    }

    #[test]
    fn nothing_listed_yet_is_an_empty_delivery_and_other_shapes_are_unreadable() {
        let data = |json: &str| {
            let body = format!(r#"{{"status": "success", "data": {json}}}"#);
            let key = secrecy::SecretString::from("k".to_owned());
            open(reqwest::StatusCode::OK, &body, Stakes::Read, &key)
                .ok()
                .unwrap()
        };
        for empty in [
            "null",
            "{}",
            "[]",
            r#"{"items": null}"#,
            r#"{"items": {}}"#,
            r#"{"items": []}"#,
        ] {
            assert!(delivered(&data(empty), "77").unwrap().is_empty(), "{empty}");
        }
        let bare = r#"[5, {"id": 1, "order_id": 77, "ip": "1.2.3.4", "port_http": "0", "port_socks": " 1080 ",
            "login": "u", "password": "p"}]"#;
        let proxies = delivered(&data(bare), "77").unwrap();
        assert_eq!(
            (proxies[0].upstream_id.as_str(), proxies[0].port),
            ("1", 1080)
        );
        for unreadable in [
            r#"{"total": 0}"#,
            r#"{"items": "x"}"#,
            r#"{"items": {"a": 1}}"#,
            "5",
        ] {
            let error = delivered(&data(unreadable), "77").unwrap_err();
            assert!(matches!(error, PieceError::Unavailable(_)), "{unreadable}");
        }
    }
}
