//! The request fields' schemas, carrying `domain::billing`'s rules so that the OpenAPI document
//! accepts what the handler accepts (docs/api.md, "Fuzzing"): null, or at most so many
//! characters once trimmed, none of them a control character.

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};

/// Null or up to `max` characters once trimmed, no control characters.
fn one_line(max: usize) -> RefOr<Schema> {
    let c = r"\x00-\x1f\x7f-\x9f";
    let inner = max.saturating_sub(2);
    RefOr::T(Schema::Object(
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
            .pattern(Some(format!(
                r"^\s*(?:[^\s{c}](?:[^{c}]{{0,{inner}}}[^\s{c}])?)?\s*$"
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
