//! Reading the `data` of Proxy-Seller's answers into typed values: the reference list behind a
//! catalogue, the placed order, and the delivered proxies. The provider sends ids and numbers
//! as JSON numbers or as text, and shapes vary between API versions, so every field is read
//! leniently: a value of the wrong type counts as absent, never as an unreadable answer.

use serde::Deserialize;
use serde_with::{DefaultOnError, DisplayFromStr, PickFirst, serde_as};

use super::envelope::{Data, unreadable};
use crate::pieces::country_codes;
use crate::pieces::source::{
    DeliveredProxy, PieceCatalogue, PieceCountry, PieceError, PieceOperator, PlacedOrder,
};

/// A scalar the provider sends as text or as a number (ids, amounts).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Loose {
    Text(String),
    Number(serde_json::Number),
}

impl Loose {
    /// As text: a number as written, a string trimmed; `None` when empty.
    fn text(&self) -> Option<String> {
        match self {
            Loose::Number(number) => Some(number.to_string()),
            Loose::Text(text) => trimmed(Some(text)),
        }
    }
}

/// A whole number sent as a number or as digits (`"50102"`, trimmed).
#[derive(Debug, Clone, Copy, Deserialize)]
struct Whole(u32);

impl std::str::FromStr for Whole {
    type Err = std::num::ParseIntError;
    fn from_str(digits: &str) -> Result<Self, Self::Err> {
        digits.trim().parse().map(Whole)
    }
}

/// A non-empty string, trimmed.
fn trimmed(text: Option<&String>) -> Option<String> {
    text.map(|text| text.trim())
        .filter(|text| !text.is_empty())
        .map(str::to_owned)
}

/// `data` of `reference/list/{section}`: `{items: [section]}` in v1, `{items: section}` in v2,
/// or the section itself (the all-sections form).
#[serde_as]
#[derive(Deserialize)]
#[serde(untagged)]
enum Reference {
    Listed {
        #[serde_as(as = "Vec<DefaultOnError>")]
        items: Vec<Section>,
    },
    Keyed {
        items: Section,
    },
    Bare(Section),
}

#[serde_as]
#[derive(Default, Deserialize)]
#[serde(default)]
struct Section {
    #[serde_as(as = "DefaultOnError<Option<Vec<DefaultOnError>>>")]
    country: Option<Vec<Country>>,
    #[serde_as(as = "DefaultOnError<Vec<DefaultOnError>>")]
    period: Vec<Period>,
}

#[serde_as]
#[derive(Default, Deserialize)]
#[serde(default)]
struct Country {
    #[serde_as(as = "DefaultOnError")]
    id: Option<Loose>,
    #[serde_as(as = "DefaultOnError")]
    alpha3: Option<String>,
    #[serde_as(as = "DefaultOnError")]
    name: Option<String>,
    #[serde_as(as = "DefaultOnError")]
    operators: Operators,
}

#[serde_as]
#[derive(Default, Deserialize)]
#[serde(default)]
struct Operators {
    /// Only dedicated operators: orders are sent with mobileServiceType "dedicated".
    #[serde_as(as = "DefaultOnError<Vec<DefaultOnError>>")]
    dedicated: Vec<Operator>,
}

#[serde_as]
#[derive(Default, Deserialize)]
#[serde(default)]
struct Operator {
    #[serde_as(as = "DefaultOnError")]
    id: Option<Loose>,
    #[serde_as(as = "DefaultOnError")]
    name: Option<String>,
    #[serde_as(as = "DefaultOnError<Vec<DefaultOnError>>")]
    rotations: Vec<Rotation>,
}

#[serde_as]
#[derive(Default, Deserialize)]
#[serde(default)]
struct Rotation {
    #[serde_as(as = "DefaultOnError<Option<PickFirst<(_, DisplayFromStr)>>>")]
    id: Option<Whole>,
}

#[serde_as]
#[derive(Default, Deserialize)]
#[serde(default)]
struct Period {
    #[serde_as(as = "DefaultOnError")]
    id: Option<Loose>,
}

/// The catalogue of one section's reference list.
pub(super) fn catalogue(data: &Data) -> Result<PieceCatalogue, PieceError> {
    let section = match data.read::<Reference>() {
        Ok(Reference::Listed { items }) => items.into_iter().next(),
        Ok(Reference::Keyed { items } | Reference::Bare(items)) => Some(items),
        Err(_) => None,
    };
    let unreadable_list = || unreadable("the reference list");
    let section = section.ok_or_else(unreadable_list)?;
    let countries = section.country.ok_or_else(unreadable_list)?;
    let mut catalogue = PieceCatalogue::default();
    for country in countries {
        let Some(id) = country.id.as_ref().and_then(Loose::text) else {
            continue;
        };
        let alpha3 = trimmed(country.alpha3.as_ref()).map(|a3| a3.to_ascii_uppercase());
        let code = alpha3
            .as_deref()
            .and_then(country_codes::alpha2)
            .unwrap_or_default()
            .to_owned();
        for operator in country.operators.dedicated {
            let Some(operator_id) = operator.id.as_ref().and_then(Loose::text) else {
                continue;
            };
            let operator = PieceOperator {
                id: operator_id,
                name: trimmed(operator.name.as_ref()).unwrap_or_default(),
                rotations: operator
                    .rotations
                    .iter()
                    .filter_map(|rotation| rotation.id.map(|Whole(id)| id))
                    .collect(),
            };
            catalogue.operators.push((id.clone(), operator));
        }
        catalogue.countries.push(PieceCountry {
            id,
            code,
            alpha3,
            name: trimmed(country.name.as_ref()).unwrap_or_default(),
        });
    }
    catalogue.periods = section
        .period
        .iter()
        .filter_map(|period| period.id.as_ref().and_then(Loose::text))
        .collect();
    Ok(catalogue)
}

/// `data` of `order/make`.
#[serde_as]
#[derive(Default, Deserialize)]
#[serde(default)]
struct Placed {
    #[serde(rename = "orderId")]
    #[serde_as(as = "DefaultOnError")]
    order_id: Option<Loose>,
    #[serde_as(as = "DefaultOnError")]
    total: Option<Loose>,
}

/// `{orderId, total, …}` of `order/make`. The order is placed by now, so an answer without
/// them is `Unknown`, never a refusal.
pub(super) fn placed(data: &Data) -> Result<PlacedOrder, PieceError> {
    let placed = data.read::<Placed>().unwrap_or_default();
    let order_id = placed
        .order_id
        .as_ref()
        .and_then(Loose::text)
        .ok_or_else(|| {
            PieceError::Unknown("Proxy-Seller accepted the order without an orderId".to_owned())
        })?;
    let total = amount(placed.total.as_ref()).ok_or_else(|| {
        PieceError::Unknown(format!(
            "Proxy-Seller accepted order {order_id} without a readable total"
        ))
    })?;
    Ok(PlacedOrder { order_id, total })
}

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

/// An amount sent as a number (`9`, `1.35`) or as decimal text, as decimal text.
fn amount(value: Option<&Loose>) -> Option<String> {
    let amount = match value? {
        Loose::Number(number) => number.to_string(),
        Loose::Text(text) => text.trim().to_owned(),
    };
    let (whole, fraction) = amount.split_once('.').unwrap_or((&amount, ""));
    let decimal = !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
        && !amount.ends_with('.');
    decimal.then_some(amount)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn loose(value: Value) -> Option<Loose> {
        serde_json::from_value(value).ok()
    }

    fn item(value: Value) -> Item {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn amounts_are_kept_as_decimal_text() {
        assert_eq!(amount(loose(json!(9)).as_ref()).as_deref(), Some("9"));
        assert_eq!(amount(loose(json!(1.35)).as_ref()).as_deref(), Some("1.35"));
        assert_eq!(
            amount(loose(json!("12.50")).as_ref()).as_deref(),
            Some("12.50")
        );
        for bad in [
            json!(-1),
            json!("1e3"),
            json!("12."),
            json!(""),
            json!(null),
            json!("$9"),
        ] {
            assert_eq!(amount(loose(bad.clone()).as_ref()), None, "{bad}");
        }
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
}
