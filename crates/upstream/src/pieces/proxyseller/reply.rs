//! Reading the `data` of Proxy-Seller's answers to reads and buys: the reference list behind a
//! catalogue and the placed order. The provider's shapes vary between API versions, so every
//! field is read leniently: a value of the wrong type counts as absent, never as unreadable.

use serde::Deserialize;
use serde_with::{DefaultOnError, DisplayFromStr, PickFirst, serde_as};

use super::envelope::{Data, unreadable};
use super::fields::{Loose, Whole, amount, trimmed};
use crate::pieces::country_codes;
use crate::pieces::source::{PieceCatalogue, PieceCountry, PieceError, PieceOperator, PlacedOrder};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::proxyseller::envelope::{Stakes, open};
    use reqwest::StatusCode;
    use secrecy::SecretString;

    fn data(json: &str) -> Data {
        let body = format!(r#"{{"status": "success", "data": {json}}}"#);
        open(
            StatusCode::OK,
            &body,
            Stakes::Read,
            &SecretString::from("k".to_owned()),
        )
        .ok()
        .unwrap()
    }

    #[test]
    fn every_form_of_the_reference_list_reads_alike() {
        let section = r#"{"country": [7, {"id": " "}, {"id": 561, "alpha3": "fra", "name": "France",
            "operators": {"dedicated": [{"id": "op", "rotations": [{"id": "5"}, {"id": 60}, {"id": "x"}, 3]}]}}],
            "period": [{"id": "1m"}, {"id": 2}, "3m"]}"#;
        for form in [
            format!(r#"{{"items": [{section}, 5]}}"#),
            format!(r#"{{"items": {section}}}"#),
            section.to_owned(),
        ] {
            let catalogue = catalogue(&data(&form)).unwrap();
            assert_eq!(catalogue.countries.len(), 1, "{form}");
            assert_eq!(catalogue.countries[0].code, "fr");
            assert_eq!(catalogue.countries[0].alpha3.as_deref(), Some("FRA"));
            assert_eq!(catalogue.operators[0].1.rotations, [5, 60]);
            assert_eq!(catalogue.periods, ["1m", "2"]);
        }
        for unreadable in ["null", "[]", r#"{"items": []}"#, r#"{"country": "x"}"#] {
            let error = catalogue(&data(unreadable)).unwrap_err();
            assert!(matches!(error, PieceError::Unavailable(_)), "{unreadable}");
        }
    }

    #[test]
    fn a_placed_order_needs_its_id_and_total() {
        let placed = placed(&data(r#"{"orderId": " 77 ", "total": "12.50"}"#)).unwrap();
        assert_eq!(
            (placed.order_id.as_str(), placed.total.as_str()),
            ("77", "12.50")
        );
        for unknown in [
            "null",
            r#"{"total": 9}"#,
            r#"{"orderId": 1, "total": "9."}"#,
        ] {
            let error = super::placed(&data(unknown)).unwrap_err();
            assert!(matches!(error, PieceError::Unknown(_)), "{unknown}");
        }
    }
}
