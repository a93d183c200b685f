//! Holding a string schema against the parser it mirrors (tests only): `agree` checks, sample by
//! sample, that the document accepts exactly what the parser accepts.

use regex::Regex;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::Schema;

/// Whether `value` satisfies every pattern and length of a string schema (and of each item
/// of an allOf).
fn allows(schema: &RefOr<Schema>, value: &str) -> bool {
    match schema {
        RefOr::T(Schema::AllOf(all)) => all.items.iter().all(|item| allows(item, value)),
        RefOr::T(Schema::Object(object)) => {
            let chars = value.chars().count();
            object
                .pattern
                .as_deref()
                .is_none_or(|p| Regex::new(p).unwrap().is_match(value))
                && object.max_length.is_none_or(|max| chars <= max)
                && object.min_length.is_none_or(|min| chars >= min)
        }
        _ => panic!("not a string schema"),
    }
}

pub(crate) fn agree(schema: RefOr<Schema>, parser: impl Fn(&str) -> bool, samples: &[&str]) {
    for sample in samples {
        assert_eq!(
            allows(&schema, sample),
            parser(sample),
            "{sample:?}: schema and parser disagree"
        );
    }
}
