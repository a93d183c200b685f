//! Cryptomus signatures (docs/providers.md#cryptomus): `md5(base64(json) + key)` as lowercase hex,
//! where `json` is written the way PHP's `json_encode($data, JSON_UNESCAPED_UNICODE)` writes it.
//!
//! Known limit: the re-serialised webhook text matches PHP's only for what Cryptomus sends
//! (strings, integers, plain decimals, booleans, nulls, nested objects). A float that serde_json
//! writes with an exponent (`1e16`), or an integer beyond `u64`, would be written differently
//! from PHP and fail the check; Cryptomus sends its amounts as strings.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use md5::{Digest, Md5};
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Map, Value};
use subtle::ConstantTimeEq;

use super::error::PaymentError;

/// `value` as the official PHP SDK writes it: compact, non-ASCII unescaped, `/` as `\/`.
///
/// Outgoing requests use these bytes too. Cryptomus checks a request's `sign` over the bytes it
/// receives, so bare slashes would do as well; sending exactly what the official SDK sends
/// removes the doubt.
pub(crate) fn php_json(value: &Value) -> String {
    // `Value`'s `Display` is serde_json's compact writer; a `/` can only occur inside strings,
    // where `\/` is a valid escape.
    value.to_string().replace('/', "\\/")
}

/// `md5(base64(bytes) + key)` as lowercase hex: the `sign` of a request body or a webhook.
pub(crate) fn sign(bytes: &[u8], key: &SecretString) -> String {
    let mut md5 = Md5::new();
    md5.update(STANDARD.encode(bytes));
    md5.update(key.expose_secret());
    hex::encode(md5.finalize())
}

/// Checks a webhook body's `sign` and returns its other fields, in the order received, with
/// the body as text. Nothing in the body is trusted before this returns `Ok`.
///
/// The `sign` must be exactly the lowercase hex we compute (as PHP's `md5()` and Python's
/// `hexdigest()` write it, and as `hmac.compare_digest` in pyCryptomusAPI demands); another
/// spelling of the same digest is refused rather than normalised.
pub(crate) fn verified_fields<'a>(
    body: &'a [u8],
    key: &SecretString,
) -> Result<(&'a str, Map<String, Value>), PaymentError> {
    let raw = std::str::from_utf8(body)
        .map_err(|_| PaymentError::Malformed("the webhook body is not UTF-8".to_owned()))?;
    let mut parsed: Value = serde_json::from_str(raw)
        .map_err(|e| PaymentError::Malformed(format!("the webhook body is not JSON: {e}")))?;
    let fields = parsed.as_object_mut().ok_or_else(not_an_object)?;
    // `remove` would move the last key into `sign`'s place (it is `swap_remove` under
    // `preserve_order`) and so change the signed text whenever `sign` is not last.
    let Some(Value::String(claimed)) = fields.shift_remove("sign") else {
        return Err(PaymentError::BadSignature);
    };
    // With an empty key anyone could sign; refuse everything instead.
    if key.expose_secret().is_empty() {
        return Err(PaymentError::BadSignature);
    }
    let expected = sign(php_json(&parsed).as_bytes(), key);
    if !bool::from(expected.as_bytes().ct_eq(claimed.as_bytes())) {
        return Err(PaymentError::BadSignature);
    }
    match parsed {
        Value::Object(fields) => Ok((raw, fields)),
        _ => Err(not_an_object()),
    }
}

fn not_an_object() -> PaymentError {
    PaymentError::Malformed("the webhook body is not a JSON object".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Written by tests/fixtures/cryptomus_webhooks.py, independently of this code.
    const FIXTURES: &str = include_str!("../../tests/fixtures/cryptomus_webhooks.json");

    fn fixtures() -> Value {
        serde_json::from_str(FIXTURES).unwrap()
    }

    fn key(name: &str) -> SecretString {
        SecretString::from(fixtures()[name].as_str().unwrap().to_owned())
    }

    #[test]
    fn request_signs_match_the_python_fixtures() {
        let fixtures = fixtures();
        let requests = fixtures["requests"].as_array().cloned().unwrap();
        assert_eq!(requests.len(), 3);
        for request in requests {
            let body = request["body"].as_str().unwrap();
            assert_eq!(
                sign(body.as_bytes(), &key("key")),
                request["sign"].as_str().unwrap(),
                "{}",
                request["name"]
            );
        }
    }

    #[test]
    fn the_empty_body_signs_as_the_md5_of_the_key_alone() {
        // base64("") is "", so the sign of no body is md5(key); the fixture pins the value.
        let fixtures = fixtures();
        let empty = &fixtures["requests"][0];
        assert_eq!(empty["body"], "");
        assert_eq!(sign(b"", &key("key")), empty["sign"].as_str().unwrap());
    }

    #[test]
    fn php_json_escapes_slashes_and_keeps_unicode_and_order() {
        let value: Value =
            serde_json::from_str(r#"{"z":"a/b","a":"Café ✓","n":[1,2.5,null,true]}"#).unwrap();
        assert_eq!(
            php_json(&value),
            r#"{"z":"a\/b","a":"Café ✓","n":[1,2.5,null,true]}"#
        );
    }

    #[test]
    fn an_empty_key_verifies_nothing() {
        let body = br#"{"type":"payment","sign":"d41d8cd98f00b204e9800998ecf8427e"}"#;
        let result = verified_fields(body, &SecretString::from(String::new()));
        assert!(matches!(result, Err(PaymentError::BadSignature)));
    }
}
