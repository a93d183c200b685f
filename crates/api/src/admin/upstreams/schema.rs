//! The request field schemas of the upstream pool form, each mirroring the rule in
//! `domain::upstream_pool` or `domain::credential_template` that it names, so that the document
//! accepts what the handlers accept and nothing else (the fuzzer checks both ways).

use crate::openapi::rules::CONTROL;
use domain::credential_template::{Placeholder, Preset, TEMPLATE_MAX_LEN};
use domain::upstream_pool::{POOL_SECRET_MAX, PoolProtocol};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, Type};

fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

fn done(builder: ObjectBuilder) -> RefOr<Schema> {
    RefOr::T(Schema::Object(builder.build()))
}

fn one_of(values: &[&str]) -> RefOr<Schema> {
    done(string().enum_values(Some(values.iter().copied())))
}

/// `pool_kinds`: premium and/or budget, each once, at least one.
pub fn kinds() -> RefOr<Schema> {
    RefOr::T(Schema::Array(
        ArrayBuilder::new()
            .items(one_of(&["premium", "budget"]))
            .min_items(Some(1))
            .unique_items(true)
            .build(),
    ))
}

/// `pool_protocol`.
pub fn protocol() -> RefOr<Schema> {
    one_of(&PoolProtocol::ALL.map(PoolProtocol::as_str))
}

/// `Preset::parse`.
pub fn preset() -> RefOr<Schema> {
    one_of(&Preset::ALL.map(Preset::as_str))
}

/// `pool_host`: dot-separated labels of letters, digits and inner hyphens (an IPv4 address is
/// one), at most 253 characters.
pub fn host() -> RefOr<Schema> {
    let label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
    done(
        string()
            .pattern(Some(format!(r"^{label}(?:\.{label})*$")))
            .max_length(Some(253)),
    )
}

/// `pool_username` and `pool_password`: at most 255 characters, no control characters.
pub fn secret() -> RefOr<Schema> {
    done(
        string()
            .pattern(Some(format!("^[^{CONTROL}]*$")))
            .max_length(Some(POOL_SECRET_MAX)),
    )
}

/// [`secret`], marked write-only: the pool's password is never returned.
pub fn password() -> RefOr<Schema> {
    done(
        string()
            .pattern(Some(format!("^[^{CONTROL}]*$")))
            .max_length(Some(POOL_SECRET_MAX))
            .write_only(Some(true)),
    )
}

/// `pool_countries`: lower-case two-letter codes, each once.
pub fn countries() -> RefOr<Schema> {
    RefOr::T(Schema::Array(
        ArrayBuilder::new()
            .items(done(string().pattern(Some("^[a-z]{2}$"))))
            .unique_items(true)
            .build(),
    ))
}

/// `CredentialTemplate::parse`: text without brackets, braces or control characters,
/// placeholders, and bracketed segments holding at least one placeholder; at most 256
/// characters.
pub fn template() -> RefOr<Schema> {
    let text = format!(r"[^\[\]{{}}{CONTROL}]");
    let names = Placeholder::ALL.map(Placeholder::name).join("|");
    let placeholder = format!(r"\{{(?:{names})\}}");
    let bracket = format!(r"\[{text}*{placeholder}(?:{text}|{placeholder})*\]");
    done(
        string()
            .pattern(Some(format!("^(?:{text}|{placeholder}|{bracket})*$")))
            .max_length(Some(TEMPLATE_MAX_LEN)),
    )
}
