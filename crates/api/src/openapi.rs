//! What the areas give the OpenAPI document (`crate::api_doc`) beyond their types: `rules`, the
//! schemas of request fields that carry the validation rules of the values they hold, and the
//! per-account limits that bound a list answer ([`bounded_list`]). A `POST` that creates what
//! such a limit counts states it too, as `extensions(("x-max-per-account" = json!(LIMIT)))`
//! (it answers 409 at that many); the front end reads it from the document. Kept apart
//! from the document, which reads every route, so that the areas depend on these and the
//! document on the areas, never both ways.

pub mod abuse_rules;
#[cfg(test)]
mod agree;
pub mod reseller_rules;
mod rule_filters;
pub mod rule_numbers;
pub mod rules;
mod schema_build;

use utoipa::ToSchema;
use utoipa::openapi::schema::{ArrayBuilder, Schema};
use utoipa::openapi::{Ref, RefOr};

/// An array of `T` (by reference to its schema) holding at most `max` items: a list answer
/// that a per-account limit bounds.
pub fn bounded_list<T: ToSchema>(max: i64) -> RefOr<Schema> {
    ArrayBuilder::new()
        .items(Ref::from_schema_name(T::name()))
        .max_items(usize::try_from(max).ok())
        .into()
}
