//! Webhook verification (docs/providers.md#webhook) against signatures computed by Python, the way
//! pyCryptomusAPI does, and the ways a body must be refused.

use crate::support::payments as support;

use domain::Cents;
use serde_json::{Map, Value, json};
use support::{
    key, object, other_key, secret, signed_body, webhook_fixture, webhook_fixtures, webhook_sign,
};
use upstream::{CRYPTOMUS_API_URL, CryptomusGateway, LocalCheckout, PaymentError, PaymentGateway};

/// Both gateways with the fixture key: they must verify alike.
fn gateways(key: &str) -> Vec<Box<dyn PaymentGateway>> {
    let cryptomus = CryptomusGateway::new(
        support::MERCHANT.into(),
        secret(key),
        CRYPTOMUS_API_URL.into(),
    )
    .unwrap();
    let local = LocalCheckout::new(secret(key), "http://localhost:8080".into());
    vec![Box::new(cryptomus), Box::new(local)]
}

fn body(name: &str) -> Vec<u8> {
    webhook_fixture(name)["body"]
        .as_str()
        .unwrap()
        .as_bytes()
        .to_vec()
}

fn verify(body: &[u8]) -> Result<upstream::PaymentReport, PaymentError> {
    let results: Vec<_> = gateways(&key())
        .iter()
        .map(|gateway| gateway.verify_webhook(body))
        .collect();
    let kinds: Vec<String> = results.iter().map(|r| format!("{r:?}")).collect();
    assert_eq!(kinds[0], kinds[1], "the two gateways disagree");
    results.into_iter().next().unwrap()
}

fn assert_bad_signature(body: &[u8]) {
    let result = verify(body);
    assert!(
        matches!(result, Err(PaymentError::BadSignature)),
        "{result:?}"
    );
}

#[test]
fn every_python_fixture_verifies_and_reads_as_expected() {
    assert_eq!(webhook_fixtures().len(), 6);
    for fixture in webhook_fixtures() {
        let name = &fixture["name"];
        let raw = fixture["body"].as_str().unwrap();
        let expected = &fixture["expected"];

        let report = verify(raw.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e:?}"));

        assert_eq!(report.order_id, expected["order_id"], "{name}");
        assert_eq!(
            report.provider_uuid.as_deref(),
            expected["uuid"].as_str(),
            "{name}"
        );
        assert_eq!(report.status, expected["status"], "{name}");
        assert_eq!(report.is_final, expected["is_final"], "{name}");
        assert_eq!(
            report.amount,
            expected["amount_cents"].as_i64().map(Cents::new),
            "{name}"
        );
        assert_eq!(
            report.credits_wallet(),
            expected["credits_wallet"],
            "{name}"
        );
        assert_eq!(report.raw, raw, "{name}");
    }
}

#[test]
fn the_test_signer_reproduces_the_python_fixtures() {
    // The other tests sign bodies with the test signer; it must agree with Python first.
    for fixture in webhook_fixtures() {
        let mut fields = object(fixture["body"].as_str().unwrap().as_bytes());
        fields.shift_remove("sign");
        assert_eq!(
            webhook_sign(&fields, &key()),
            fixture["sign"],
            "{}",
            fixture["name"]
        );
    }
}

#[test]
fn a_changed_amount_is_refused() {
    let original = String::from_utf8(body("paid_with_convert")).unwrap();
    let forged = original.replace(r#""amount":"25.00""#, r#""amount":"2500.00""#);
    assert_ne!(forged, original);

    assert_bad_signature(forged.as_bytes());
}

#[test]
fn the_same_fields_in_another_order_are_refused() {
    let mut fields = object(&body("paid_with_convert"));
    // Re-serialising in the received order still verifies: only the order differs below.
    assert!(verify(&serde_json::to_vec(&fields).unwrap()).is_ok());
    let amount = fields.shift_remove("amount").unwrap();
    fields.insert("amount".into(), amount);

    assert_bad_signature(&serde_json::to_vec(&fields).unwrap());
}

#[test]
fn a_body_signed_with_another_key_is_refused() {
    for fixture in webhook_fixtures() {
        let raw = fixture["body"].as_str().unwrap().as_bytes();
        for gateway in gateways(&other_key()) {
            let result = gateway.verify_webhook(raw);
            assert!(
                matches!(result, Err(PaymentError::BadSignature)),
                "{result:?}"
            );
        }
    }
}

#[test]
fn a_missing_or_non_string_sign_is_refused() {
    let mut fields = object(&body("paid_with_convert"));
    let sign = fields.shift_remove("sign").unwrap();
    assert_bad_signature(&serde_json::to_vec(&fields).unwrap());
    fields.insert("sign".into(), json!([sign]));
    assert_bad_signature(&serde_json::to_vec(&fields).unwrap());
    fields.insert("sign".into(), Value::Null);
    assert_bad_signature(&serde_json::to_vec(&fields).unwrap());
}

/// Decision: the sign must be lowercase hex, as PHP's md5() and Python's hexdigest() write it
/// and as pyCryptomusAPI's compare_digest demands; an upper-case spelling is not normalised.
#[test]
fn an_upper_case_sign_is_refused() {
    let fixture = webhook_fixture("paid_with_convert");
    let sign = fixture["sign"].as_str().unwrap();
    assert!(sign.bytes().any(|b| b.is_ascii_lowercase()));
    let upper = String::from_utf8(body("paid_with_convert"))
        .unwrap()
        .replace(sign, &sign.to_ascii_uppercase());

    assert_bad_signature(upper.as_bytes());
}

#[test]
fn bodies_that_are_not_json_objects_are_malformed() {
    for body in [
        &b"sign=abc&status=paid"[..],
        b"",
        b"[1,2]",
        b"\"paid\"",
        b"{\"status\":\"paid\"",
        b"\xff\xfe{}",
    ] {
        let result = verify(body);
        assert!(
            matches!(result, Err(PaymentError::Malformed(_))),
            "{body:?}: {result:?}"
        );
    }
}

#[test]
fn only_payment_webhooks_are_accepted_even_when_signed() {
    let mut fields = object(&body("paid_with_convert"));
    fields.shift_remove("sign");
    for kind in [json!("wallet"), json!("payout"), json!(null)] {
        fields.insert("type".into(), kind.clone());
        let result = verify(&signed_body(&fields, &key()));
        assert!(
            matches!(result, Err(PaymentError::Malformed(_))),
            "{kind}: {result:?}"
        );
    }
    fields.shift_remove("type");
    let result = verify(&signed_body(&fields, &key()));
    assert!(
        matches!(result, Err(PaymentError::Malformed(_))),
        "{result:?}"
    );
}

#[test]
fn a_signed_payment_without_order_id_or_status_is_malformed() {
    for missing in ["order_id", "status"] {
        let mut fields: Map<String, Value> = object(&body("paid_with_convert"));
        fields.shift_remove("sign");
        fields.shift_remove(missing);
        let result = verify(&signed_body(&fields, &key()));
        assert!(
            matches!(result, Err(PaymentError::Malformed(_))),
            "{missing}: {result:?}"
        );
    }
}
