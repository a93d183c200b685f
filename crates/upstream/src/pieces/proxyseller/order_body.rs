//! What Proxy-Seller's `order/make` is sent: the section of a kind, the period of a plan, and
//! the JSON body with only the fields that apply to the section (docs/providers.md#proxy-seller).

use domain::ProxyKind;
use serde_json::{Map, Value, json};

use crate::pieces::source::{PieceError, PieceOrder};

/// The period codes bought, with their length in days, shortest first. The API resolves a code
/// in `periodId` as well as an id. Only the lengths every section sells are listed: a code a
/// section lacks would be refused, while a longer period is merely dearer.
const PERIODS: [(&str, i32); 4] = [("1m", 30), ("3m", 90), ("6m", 180), ("12m", 365)];

/// Proxy-Seller's `sectionCode` for a kind sold by the piece.
pub(super) fn section(kind: ProxyKind) -> Result<&'static str, PieceError> {
    match kind {
        ProxyKind::Static => Ok("isp"),
        ProxyKind::Ipv4 => Ok("ipv4"),
        ProxyKind::Ipv6 => Ok("ipv6"),
        ProxyKind::Lte => Ok("mobile"),
        ProxyKind::Premium | ProxyKind::Budget => Err(PieceError::Invalid(format!(
            "{kind} proxies are not sold by the piece"
        ))),
    }
}

/// The shortest period at least `days` long.
pub(super) fn period_code(days: i32) -> Result<&'static str, PieceError> {
    if days < 1 {
        return Err(PieceError::Invalid(format!(
            "a validity of {days} days is not a period"
        )));
    }
    PERIODS
        .iter()
        .find(|(_, length)| *length >= days)
        .map(|(code, _)| *code)
        .ok_or_else(|| {
            PieceError::Invalid(format!(
                "Proxy-Seller sells no period of {days} days or more"
            ))
        })
}

/// The body of `order/make`.
pub(super) fn order_body(order: &PieceOrder<'_>) -> Result<Value, PieceError> {
    let section = section(order.kind)?;
    let mut body = Map::new();
    body.insert("sectionCode".into(), json!(section));
    body.insert("countryId".into(), country_id(order.country_id)?);
    body.insert("periodId".into(), json!(period_code(order.period_days)?));
    body.insert("quantity".into(), json!(order.quantity));
    body.insert("paymentId".into(), json!("balance"));
    if section == "mobile" {
        body.insert("mobileServiceType".into(), json!("dedicated"));
        if let Some(operator) = order.operator_id {
            body.insert("operatorId".into(), json!(operator));
        }
        if let Some(minutes) = order.rotation_minutes {
            body.insert("rotationId".into(), json!(minutes));
        }
    } else {
        // Required for ipv4, ipv6 and isp (else error 14 "Incorrect goal"); it also finds the
        // order again at the provider.
        if order.reference.trim().is_empty() {
            return Err(PieceError::Invalid(
                "the order reference (customTargetName) is empty".to_owned(),
            ));
        }
        body.insert("customTargetName".into(), json!(order.reference));
    }
    if section == "ipv6" {
        let protocol = if order.socks { "SOCKS5" } else { "HTTPS" };
        body.insert("protocol".into(), json!(protocol));
    }
    // Login/password credentials for the new proxies ("N" would reuse older ones).
    body.insert("generateAuth".into(), json!("Y"));
    Ok(Value::Object(body))
}

/// The body of `prolong/make/{section}`: the provider's proxy ids, the period and payment from
/// the balance.
pub(super) fn prolong_body(ids: &[&str], period_days: i32) -> Result<Value, PieceError> {
    let ids: Vec<&str> = ids.iter().map(|id| id.trim()).collect();
    if ids.is_empty() || ids.iter().any(|id| id.is_empty()) {
        return Err(PieceError::Invalid(
            "a renewal needs the provider's proxy ids".to_owned(),
        ));
    }
    Ok(json!({
        "ids": ids,
        "periodId": period_code(period_days)?,
        "paymentId": "balance",
    }))
}

/// v1 country ids are numbers (`561`); an alpha-3 code or another id goes as text.
fn country_id(id: &str) -> Result<Value, PieceError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(PieceError::Invalid("the country id is empty".to_owned()));
    }
    Ok(id
        .parse::<u64>()
        .map_or_else(|_| json!(id), |number| json!(number)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_round_up_to_the_shortest_long_enough() {
        let cases = [
            (1, "1m"),
            (7, "1m"),
            (30, "1m"),
            (31, "3m"),
            (90, "3m"),
            (180, "6m"),
            (181, "12m"),
            (365, "12m"),
        ];
        for (days, code) in cases {
            assert_eq!(period_code(days).ok(), Some(code), "{days}");
        }
        for days in [366, 0, -30] {
            assert!(
                matches!(period_code(days), Err(PieceError::Invalid(_))),
                "{days}"
            );
        }
    }

    #[test]
    fn only_piece_kinds_have_a_section() {
        assert_eq!(section(ProxyKind::Static).ok(), Some("isp"));
        assert_eq!(section(ProxyKind::Lte).ok(), Some("mobile"));
        assert!(section(ProxyKind::Premium).is_err());
        assert!(section(ProxyKind::Budget).is_err());
    }

    #[test]
    fn a_renewal_names_its_proxies_and_period() {
        assert_eq!(
            prolong_body(&["11", " 12 "], 30).ok(),
            Some(json!({"ids": ["11", "12"], "periodId": "1m", "paymentId": "balance"}))
        );
        assert!(prolong_body(&[], 30).is_err());
        assert!(prolong_body(&["11", " "], 30).is_err());
        assert!(prolong_body(&["11"], 400).is_err());
    }

    #[test]
    fn numeric_country_ids_go_as_numbers() {
        assert_eq!(country_id("561").ok(), Some(json!(561)));
        assert_eq!(country_id("USA").ok(), Some(json!("USA")));
        assert!(country_id(" ").is_err());
    }
}
