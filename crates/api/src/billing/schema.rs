//! The request fields' schemas, carrying `domain::billing`'s rules so that the OpenAPI document
//! accepts what the handler accepts (docs/api.md, "Fuzzing"): null, or at most so many
//! characters once trimmed, none of them a control character.

use crate::openapi::rules::CONTROL;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};

/// What `str::trim` removes (Unicode White_Space), spelled out: `\s` differs between the regex
/// engines that read the document (Python's includes \x1c–\x1f, ECMAScript's U+FEFF).
const SPACE: &str = r"\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

/// Null or up to `max` characters once trimmed, no control characters.
fn one_line(max: usize) -> RefOr<Schema> {
    let (w, c) = (SPACE, CONTROL);
    let inner = max.saturating_sub(2);
    RefOr::T(Schema::Object(
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
            .pattern(Some(format!(
                r"^[{w}]*(?:[^{w}{c}](?:[^{c}]{{0,{inner}}}[^{w}{c}])?)?[{w}]*$"
            )))
            .build(),
    ))
}

pub fn company() -> RefOr<Schema> {
    one_line(domain::billing::COMPANY_MAX)
}

pub fn address() -> RefOr<Schema> {
    one_line(domain::billing::ADDRESS_MAX)
}

pub fn vat_id() -> RefOr<Schema> {
    one_line(domain::billing::VAT_ID_MAX)
}

#[cfg(test)]
mod tests {
    //! Each schema against `domain::billing` on the same samples: the document accepts exactly
    //! what the handler accepts.
    use super::*;
    use domain::billing::BillingDetails;
    use regex::Regex;

    fn allows(schema: &RefOr<Schema>, value: &str) -> bool {
        match schema {
            RefOr::T(Schema::Object(object)) => object
                .pattern
                .as_deref()
                .is_none_or(|p| Regex::new(p).unwrap().is_match(value)),
            _ => panic!("not a string schema"),
        }
    }

    #[test]
    fn the_patterns_match_the_billing_rules() {
        let samples = [
            String::new(),
            "   ".into(),
            "Acme Ltd".into(),
            "  Acme Ltd  ".into(),
            "x".into(),
            " x ".into(),
            "Hauptstraße 5, Berlin".into(),
            "Acme\nLtd".into(),
            "Acme\tLtd".into(),
            "Acme\u{0}".into(),
            "x\u{85}y".into(),
            "\u{1c}Acme".into(),
            "\u{feff}Acme".into(),
            "\u{2028}Acme\u{3000}".into(),
            "Acme\u{a0}Ltd".into(),
            "\nAcme".into(),
            "a".repeat(32),
            "a".repeat(33),
            format!(" {} ", "a".repeat(32)),
            "a".repeat(100),
            "a".repeat(101),
            "a".repeat(200),
            "a".repeat(201),
        ];
        for sample in &samples {
            let company = BillingDetails::parse(Some(sample), None, None).is_ok();
            let address = BillingDetails::parse(None, Some(sample), None).is_ok();
            let vat_id = BillingDetails::parse(None, None, Some(sample)).is_ok();
            assert_eq!(
                allows(&super::company(), sample),
                company,
                "company {sample:?}"
            );
            assert_eq!(
                allows(&super::address(), sample),
                address,
                "address {sample:?}"
            );
            assert_eq!(allows(&super::vat_id(), sample), vat_id, "vatId {sample:?}");
        }
    }
}
