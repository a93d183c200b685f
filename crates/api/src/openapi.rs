//! What the areas give the OpenAPI document (`crate::api_doc`) beyond their types: `rules`, the
//! schemas of request fields that carry the validation rules of the values they hold. Kept apart
//! from the document, which reads every route, so that the areas depend on these and the
//! document on the areas, never both ways.

pub mod rules;
