//! Reading a Cryptomus invoice object (a webhook body or a `payment/info` result) into a
//! [`PaymentReport`]. Liberal in what it reads: ids and amounts may be strings or numbers,
//! `is_final` a boolean, `1`/`0` or `"true"`/`"1"`.

use domain::Cents;
use serde_json::{Map, Value};

use super::error::PaymentError;

/// A payment status report whose authenticity is established (a verified webhook, or a status
/// query we made).
#[derive(Debug, Clone)]
pub struct PaymentReport {
    pub order_id: String,
    pub provider_uuid: Option<String>,
    /// The Cryptomus status word: `paid`, `paid_over`, `wrong_amount`, `cancel`, `check`, ...
    pub status: String,
    pub is_final: bool,
    /// The invoice amount (`amount`), parsed exactly. `None` when absent, unparseable, or when
    /// the report's `currency` is not USD: a coin amount must never be read as dollars.
    pub amount: Option<Cents>,
    /// The JSON as received, for the record. It never contains our keys.
    pub raw: String,
}

impl PaymentReport {
    /// Whether this report alone justifies crediting the wallet: a final `paid` or `paid_over`
    /// (any other status, or a report that is not final, waits or fails; see
    /// docs/providers.md#payment-statuses). Credit once per order, inside one transaction.
    pub fn credits_wallet(&self) -> bool {
        self.is_final && matches!(self.status.as_str(), "paid" | "paid_over")
    }
}

/// The one invoice currency we create, and so the only one whose `amount` is dollars.
const INVOICE_CURRENCY: &str = "USD";

/// Builds the report from already authenticated fields; `raw` is kept for the record.
pub(super) fn from_fields(
    fields: &Map<String, Value>,
    raw: String,
) -> Result<PaymentReport, PaymentError> {
    let order_id = text(fields.get("order_id"))
        .ok_or_else(|| PaymentError::Malformed("the report has no order_id".to_owned()))?;
    // Webhooks carry `status`; invoice objects carry both `status` and `payment_status`.
    let status = text(fields.get("status"))
        .or_else(|| text(fields.get("payment_status")))
        .ok_or_else(|| PaymentError::Malformed("the report has no status".to_owned()))?;
    Ok(PaymentReport {
        order_id,
        provider_uuid: text(fields.get("uuid")),
        status,
        is_final: fields.get("is_final").is_some_and(is_true),
        amount: usd_amount(fields),
        raw,
    })
}

/// The `amount` in cents, only when the report says the invoice is in USD: should Cryptomus
/// ever state an invoice in the converted coin, its amount must not be read as dollars.
pub(super) fn usd_amount(fields: &Map<String, Value>) -> Option<Cents> {
    let currency = text(fields.get("currency"))?;
    if !currency.trim().eq_ignore_ascii_case(INVOICE_CURRENCY) {
        return None;
    }
    Cents::parse_decimal(&text(fields.get("amount"))?)
}

/// A string, or a number written out; `None` for anything else and for the empty string.
pub(crate) fn text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// `true`, `1`, `"true"` or `"1"`; everything else, including absence, is not final.
pub(crate) fn is_true(value: &Value) -> bool {
    match value {
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_u64() == Some(1),
        Value::String(s) => {
            let s = s.trim();
            s == "1" || s.eq_ignore_ascii_case("true")
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(value: Value) -> Result<PaymentReport, PaymentError> {
        from_fields(value.as_object().unwrap(), String::new())
    }

    #[test]
    fn is_final_is_read_liberally() {
        for yes in [
            json!(true),
            json!(1),
            json!("true"),
            json!("TRUE"),
            json!("1"),
        ] {
            assert!(is_true(&yes), "{yes}");
        }
        for no in [
            json!(false),
            json!(0),
            json!(2),
            json!("false"),
            json!("0"),
            json!(null),
        ] {
            assert!(!is_true(&no), "{no}");
        }
    }

    #[test]
    fn invoice_objects_use_payment_status_when_status_is_missing() {
        let report = read(json!({"order_id": 42, "payment_status": "cancel"}));
        let report = report.unwrap();
        assert_eq!(
            (report.order_id.as_str(), report.status.as_str()),
            ("42", "cancel")
        );
        assert!(!report.is_final);
        assert_eq!(report.amount, None);
    }

    #[test]
    fn amounts_count_only_in_usd() {
        let amount = |v: Value| usd_amount(v.as_object().unwrap());
        assert_eq!(
            amount(json!({"amount": "25.00", "currency": "USD"})),
            Some(Cents::new(2500))
        );
        assert_eq!(
            amount(json!({"amount": "3.00000000", "currency": "usd"})),
            Some(Cents::new(300))
        );
        assert_eq!(
            amount(json!({"amount": 12.5, "currency": "USD"})),
            Some(Cents::new(1250))
        );
        assert_eq!(amount(json!({"amount": "0.35", "currency": "LTC"})), None);
        assert_eq!(amount(json!({"amount": "25.00"})), None);
        assert_eq!(amount(json!({"amount": "25.005", "currency": "USD"})), None);
        assert_eq!(amount(json!({"amount": "-1", "currency": "USD"})), None);
    }

    #[test]
    fn order_id_and_status_are_required() {
        assert!(matches!(
            read(json!({"status": "paid"})),
            Err(PaymentError::Malformed(_))
        ));
        assert!(matches!(
            read(json!({"order_id": "a"})),
            Err(PaymentError::Malformed(_))
        ));
        assert!(matches!(
            read(json!({"order_id": "", "status": "paid"})),
            Err(PaymentError::Malformed(_))
        ));
    }
}
