//! The request field schemas of the reseller routes (`resellers::form`,
//! `admin::users::reseller`), from the rules in `domain::resellers`.

use super::schema_build::{amount, done, nullable_string, trimmed_core, whole};
use domain::resellers::{
    CLIENT_NAME, CLIENT_NOTE, DISCOUNT_PERCENT, MAX_CLIENTS, MOVE_GB, VALIDITY_DAYS,
};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{AnyOfBuilder, ObjectBuilder, Schema, SchemaType, Type};

/// `discountPercent`: a whole percent of `DISCOUNT_PERCENT`.
pub fn discount_percent() -> RefOr<Schema> {
    done(whole(DISCOUNT_PERCENT))
}

/// `maxClients`: a whole number of `MAX_CLIENTS`.
pub fn max_clients() -> RefOr<Schema> {
    done(whole(MAX_CLIENTS))
}

/// `gb` of a move: `MOVE_GB` (above 0, at most two decimals).
pub fn move_gb() -> RefOr<Schema> {
    done(amount(MOVE_GB))
}

/// `validityDays` of an allocation: whole days of `VALIDITY_DAYS`, or null for the reseller's
/// own end.
pub fn validity_days() -> RefOr<Schema> {
    done(whole(VALIDITY_DAYS).schema_type(SchemaType::from_iter([Type::Integer, Type::Null])))
}

/// A client's name: `CLIENT_NAME` once trimmed; null or blank for the name drawn from the email.
pub fn client_name() -> RefOr<Schema> {
    let core = trimmed_core(CLIENT_NAME);
    done(nullable_string().pattern(Some(format!(r"^\s*(?:{core})?\s*$"))))
}

/// The reseller's note on a client: `CLIENT_NOTE` once trimmed; null or blank for none.
pub fn client_note() -> RefOr<Schema> {
    let core = trimmed_core(CLIENT_NOTE);
    done(nullable_string().pattern(Some(format!(r"^\s*(?:{core})?\s*$"))))
}

/// A new client's password: the registration's policy (`rules::new_password`), or null for an
/// invitation instead.
pub fn client_password() -> RefOr<Schema> {
    RefOr::T(Schema::AnyOf(
        AnyOfBuilder::new()
            .item(super::rules::new_password())
            .item(done(ObjectBuilder::new().schema_type(Type::Null)))
            .build(),
    ))
}
