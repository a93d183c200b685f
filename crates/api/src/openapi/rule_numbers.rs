//! The request field schemas of numbers: amounts, GB caps and thresholds, quantities, whole
//! numbers of a range, each from its rule in `domain` (re-exported by `rules.rs`, where the
//! fields name them).

use super::schema_build::{amount, digits_in, done, string, whole};
use domain::rules::{Hundredths, Whole};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    AnyOfBuilder, ArrayBuilder, ObjectBuilder, Schema, SchemaType, Type,
};

/// Up to `MAX_THRESHOLDS` whole numbers of `rule` (`alerts::form::thresholds`; duplicates are merged, so they
/// are allowed).
fn thresholds(rule: Whole) -> RefOr<Schema> {
    RefOr::T(Schema::Array(
        ArrayBuilder::new()
            .items(whole(rule))
            .max_items(Some(domain::alerts::MAX_THRESHOLDS))
            .build(),
    ))
}

/// Alert percents of traffic used (`domain::alerts::PERCENTS`).
pub fn alert_percents() -> RefOr<Schema> {
    thresholds(domain::alerts::PERCENTS)
}

/// Alert days before expiry (`domain::alerts::DAYS`).
pub fn alert_days() -> RefOr<Schema> {
    thresholds(domain::alerts::DAYS)
}

/// `crate::number::hundredths`: `domain::rules::SIGNED_AMOUNT`, below zero or above zero (JSON
/// Schema has no "not equal").
pub fn signed_hundredths() -> RefOr<Schema> {
    let mut any = AnyOfBuilder::new();
    for range in domain::rules::SIGNED_AMOUNT {
        any = any.item(done(amount(range)));
    }
    RefOr::T(Schema::AnyOf(any.build()))
}

/// A sub-user's traffic cap in GB (`subusers::form::limit_bytes`, `crate::number::hundredths`):
/// `domain::rules::POSITIVE_AMOUNT`, or null for no cap.
pub fn gb_cap() -> RefOr<Schema> {
    let number = amount(domain::rules::POSITIVE_AMOUNT);
    RefOr::T(Schema::AnyOf(
        AnyOfBuilder::new()
            .item(done(number))
            .item(done(ObjectBuilder::new().schema_type(Type::Null)))
            .build(),
    ))
}

/// A wallet-balance alert threshold in dollars (`alerts::form`, `crate::number::hundredths`):
/// `domain::rules::POSITIVE_AMOUNT`, or null for none. The same shape as a GB cap.
pub fn balance_threshold() -> RefOr<Schema> {
    gb_cap()
}

/// An automatic top-up's threshold in GB (`auto_topup::form`, `domain::auto_topup::BelowBytes`):
/// `BELOW_GB`.
pub fn topup_below_gb() -> RefOr<Schema> {
    done(amount(domain::auto_topup::BELOW_GB))
}

/// A plan's id as a request names it (`auto_topup::form`): a positive whole number.
pub fn plan_id() -> RefOr<Schema> {
    done(
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(1)),
    )
}

/// A concurrent-connection cap (`subusers::form::connections`): `domain::subusers::CONNECTIONS`,
/// or null for no cap.
pub fn connections_cap() -> RefOr<Schema> {
    done(
        whole(domain::subusers::CONNECTIONS)
            .schema_type(SchemaType::from_iter([Type::Integer, Type::Null])),
    )
}

/// The runs-out alert's days ahead (`alerts::form`): `domain::alerts::DAYS`, or null for off.
pub fn runs_out_days() -> RefOr<Schema> {
    done(
        whole(domain::alerts::DAYS).schema_type(SchemaType::from_iter([Type::Integer, Type::Null])),
    )
}

/// `crate::number::quantity` under the generate and buy limits (`domain::numbers::QUANTITY`):
/// a whole JSON number (`3`, `3.0` and `3e0` alike, as JSON Schema's `integer`), or a string of
/// digits only (leading zeros allowed; no sign, exponent, point or whitespace).
pub fn quantity() -> RefOr<Schema> {
    let rule = domain::numbers::QUANTITY;
    let integer = whole(rule);
    let digits = string().pattern(Some(format!("^0*(?:{})$", digits_in(rule))));
    RefOr::T(Schema::AnyOf(
        AnyOfBuilder::new()
            .item(done(integer))
            .item(done(digits))
            .build(),
    ))
}

/// `domain::TopUp::parse`: dollars from `MIN_TOPUP` to `MAX_TOPUP` with at most 2 decimals, read
/// exactly (`domain::numbers::hundredths`: a third decimal is refused, never rounded).
pub fn top_up_amount() -> RefOr<Schema> {
    use domain::payment::{MAX_TOPUP, MIN_TOPUP};
    done(amount(Hundredths {
        min: MIN_TOPUP.get(),
        max: MAX_TOPUP.get(),
    }))
}

/// `GET /api/admin/summary?days=`: a whole number of `domain::rules::SUMMARY_DAYS` (trimmed,
/// `u16` digits).
pub fn summary_days() -> RefOr<Schema> {
    let days = digits_in(domain::rules::SUMMARY_DAYS);
    done(string().pattern(Some(format!(r"^\s*\+?0*(?:{days})\s*$"))))
}

/// `admin::trials::lift`: a whole JSON number of `domain::rules::TRIAL_ALLOWANCE`.
pub fn trial_allowance() -> RefOr<Schema> {
    done(whole(domain::rules::TRIAL_ALLOWANCE))
}

/// `domain::payout::PayoutRequest::parse`'s amount: dollars with at most 2 decimals, up to
/// `MAX_PAYOUT`. The minimum is the shop's `PROXYSHOP_PAYOUT_MIN`, a setting the document
/// cannot know: it states above 0, and a smaller amount is answered 422.
pub fn payout_amount() -> RefOr<Schema> {
    done(amount(Hundredths {
        min: 1,
        max: domain::payout::MAX_PAYOUT.get(),
    }))
}

/// `domain::payout::transfer_amount`: absent or null is the whole referral balance, otherwise
/// dollars above 0 with at most 2 decimals, up to `MAX_PAYOUT`.
pub fn transfer_amount() -> RefOr<Schema> {
    let number = amount(Hundredths {
        min: 1,
        max: domain::payout::MAX_PAYOUT.get(),
    })
    .schema_type(SchemaType::from_iter([Type::Number, Type::Null]));
    done(number)
}

/// `domain::payout::address`: trimmed, `ADDRESS_MIN_CHARS` to `ADDRESS_MAX_CHARS` ASCII letters
/// and digits.
pub fn payout_address() -> RefOr<Schema> {
    done(string().pattern(Some(domain::payout::address_pattern())))
}

#[cfg(test)]
#[path = "rule_numbers_tests.rs"]
mod tests;
