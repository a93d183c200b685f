//! Request field schemas that carry the validation rules of the values they hold, so that the
//! document accepts what the handlers accept and nothing else (docs/api.md, "Fuzzing"). Each
//! one names the parser it mirrors; change them together. Patterns are ECMA-262 and Python
//! compatible and avoid look-arounds (the fuzzer cannot generate from those). Whitespace around
//! a value is allowed where the parser trims it.

use domain::ProxyKind;
use utoipa::openapi::schema::{
    AllOfBuilder, AnyOfBuilder, ObjectBuilder, Schema, SchemaType, Type,
};
use utoipa::openapi::{RefOr, schema::ArrayBuilder};

/// One character of an email's local part (`domain::Email`, `looks_like_email`), dot excluded.
const LOCAL: &str = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
/// One domain label: letters, digits and inner hyphens.
const LABEL: &str = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
/// The control characters (`char::is_control`).
pub const CONTROL: &str = r"\x00-\x1f\x7f-\x9f";
/// What `str::trim` removes (Unicode White_Space) less the control characters: the spaces
/// around a value that `query_text::given` lets through (`\s` would allow a tab, which it
/// refuses).
const PLAIN_SPACE: &str = r" \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

fn nullable_string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Null]))
}

fn done(builder: ObjectBuilder) -> RefOr<Schema> {
    RefOr::T(Schema::Object(builder.build()))
}

/// `domain::Email::parse`: local@domain.tld, a local part of 1–64 dot-separated atoms, a
/// top-level label of at least two characters, at most 254 characters.
pub fn email() -> RefOr<Schema> {
    let shape = format!(
        r"^\s*{LOCAL}+(?:\.{LOCAL}+)*@(?:{LABEL}\.)+[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9]\s*$"
    );
    let shape = string().pattern(Some(shape)).max_length(Some(254));
    let local_length = string().pattern(Some(r"^\s*[^@]{1,64}@"));
    RefOr::T(Schema::AllOf(
        AllOfBuilder::new()
            .item(done(shape))
            .item(done(local_length))
            .build(),
    ))
}

/// A password as typed at sign-in (`domain::LoginForm`): only presence is checked.
pub fn typed_password() -> RefOr<Schema> {
    done(string().min_length(Some(1)).format(Some(password_format())))
}

fn password_format() -> utoipa::openapi::schema::SchemaFormat {
    utoipa::openapi::schema::SchemaFormat::Custom("password".into())
}

/// `domain::Password::parse_new`: 6–128 characters from letters, digits and `@$!%*?&`, with an
/// upper- and a lower-case letter, a digit and one of the specials.
pub fn new_password() -> RefOr<Schema> {
    let base = string()
        .min_length(Some(6))
        .max_length(Some(128))
        .pattern(Some("^[A-Za-z0-9@$!%*?&]+$"))
        .format(Some(password_format()));
    let mut all = AllOfBuilder::new().item(done(base));
    for class in ["[A-Z]", "[a-z]", "[0-9]", "[@$!%*?&]"] {
        all = all.item(done(string().pattern(Some(class))));
    }
    RefOr::T(Schema::AllOf(all.build()))
}

/// `domain::VerificationCode::parse`: six digits (trimmed).
pub fn code() -> RefOr<Schema> {
    done(string().pattern(Some(r"^\s*[0-9]{6}\s*$")))
}

/// `admin::audit_trail::reason`: 3–200 characters once trimmed.
pub fn reason() -> RefOr<Schema> {
    done(string().pattern(Some(r"^\s*\S[\s\S]{1,198}\S\s*$")))
}

/// `admin::audit_trail::optional_reason`: absent, null or blank, or 3–200 characters trimmed.
pub fn optional_reason() -> RefOr<Schema> {
    done(nullable_string().pattern(Some(r"^\s*(?:\S[\s\S]{1,198}\S)?\s*$")))
}

/// `admin::users::notes::note_text`: 1–1000 characters once trimmed; line breaks are the only
/// control characters allowed.
pub fn note_text() -> RefOr<Schema> {
    let c = r"\x00-\x09\x0b-\x1f\x7f-\x9f";
    done(string().pattern(Some(format!(
        r"^\s*[^\s{c}](?:[^{c}]{{0,998}}[^\s{c}])?\s*$"
    ))))
}

/// `domain::ProfileForm`: 1–80 characters once trimmed, no control characters.
pub fn profile_name() -> RefOr<Schema> {
    let c = r"\x00-\x1f\x7f-\x9f";
    done(string().pattern(Some(format!(
        r"^\s*[^\s{c}](?:[^{c}]{{0,78}}[^\s{c}])?\s*$"
    ))))
}

/// `domain::ProfileForm`: E.164 (`+`, then 7–15 digits, the first not 0); null or blank clears.
pub fn phone() -> RefOr<Schema> {
    done(nullable_string().pattern(Some(r"^\s*(?:\+[1-9][0-9]{6,14})?\s*$")))
}

/// Up to 5 whole numbers from `min` to `max` (`alerts::form::thresholds`; duplicates are
/// merged, so they are allowed).
fn thresholds(min: i64, max: i64) -> RefOr<Schema> {
    RefOr::T(Schema::Array(
        ArrayBuilder::new()
            .items(
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .minimum(Some(min))
                    .maximum(Some(max)),
            )
            .max_items(Some(domain::alerts::MAX_THRESHOLDS))
            .build(),
    ))
}

/// Alert percents of traffic used: up to 5 whole numbers from 1 to 100.
pub fn alert_percents() -> RefOr<Schema> {
    thresholds(1, 100)
}

/// Alert days before expiry: up to 5 whole numbers from 1 to 30.
pub fn alert_days() -> RefOr<Schema> {
    thresholds(1, 30)
}

fn one_of(values: &[&str]) -> RefOr<Schema> {
    done(string().enum_values(Some(values.iter().copied())))
}

/// The wire names of the kinds `keep` selects, in `ProxyKind::ALL`'s order: every list of
/// kinds below is derived from the enum, so a kind added there reaches the document.
fn kind_names(keep: impl Fn(ProxyKind) -> bool) -> Vec<&'static str> {
    ProxyKind::ALL
        .into_iter()
        .filter(|k| keep(*k))
        .map(ProxyKind::as_str)
        .collect()
}

/// `kind_names` as the alternatives of a pattern (`premium|budget|…`).
fn kind_words(keep: impl Fn(ProxyKind) -> bool) -> String {
    kind_names(keep).join("|")
}

/// `domain::ProxyKind::parse`: a kind's wire name, exactly.
pub fn kind() -> RefOr<Schema> {
    one_of(&kind_names(|_| true))
}

/// The kinds sold by the GB (`ProxyKind::is_traffic`).
pub fn traffic_kind() -> RefOr<Schema> {
    one_of(&kind_names(ProxyKind::is_traffic))
}

/// The kinds whose servers are listed with credentials (`GET /api/user/server_credentials`):
/// those sold by the piece, less LTE (a carrier connection, listed with its order).
pub fn server_kind() -> RefOr<Schema> {
    one_of(&kind_names(|k| !k.is_traffic() && k != ProxyKind::Lte))
}

/// `POST /api/admin/orders/{id}/resolve`: the outcome, trimmed.
pub fn outcome() -> RefOr<Schema> {
    one_of(&["failed", "delivered"])
}

/// `POST /api/admin/users/{id}/role`: the role, trimmed.
pub fn role() -> RefOr<Schema> {
    one_of(&["admin", "user"])
}

/// `admin::users::number::hundredths`: a non-zero number of at most 2 decimals, |x| ≤ 100000
/// (below zero or above zero: JSON Schema has no "not equal").
pub fn signed_hundredths() -> RefOr<Schema> {
    let number = || {
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .multiple_of(Some(0.01))
    };
    let below = number().minimum(Some(-100_000)).exclusive_maximum(Some(0));
    let above = number().exclusive_minimum(Some(0)).maximum(Some(100_000));
    RefOr::T(Schema::AnyOf(
        AnyOfBuilder::new()
            .item(done(below))
            .item(done(above))
            .build(),
    ))
}

/// A sub-user's name (`domain::targeting::is_subuser_name`): 1–16 lowercase letters and
/// digits, exactly.
pub fn subuser_name() -> RefOr<Schema> {
    done(string().pattern(Some("^[a-z0-9]{1,16}$")))
}

/// A sub-user's traffic cap in GB (`subusers::form::limit_bytes`, `crate::number::hundredths`):
/// above 0, at most 2 decimals, at most 100000; or null for no cap.
pub fn gb_cap() -> RefOr<Schema> {
    let number = ObjectBuilder::new()
        .schema_type(Type::Number)
        .multiple_of(Some(0.01))
        .exclusive_minimum(Some(0))
        .maximum(Some(100_000));
    RefOr::T(Schema::AnyOf(
        AnyOfBuilder::new()
            .item(done(number))
            .item(done(ObjectBuilder::new().schema_type(Type::Null)))
            .build(),
    ))
}

/// A wallet-balance alert threshold in dollars (`alerts::form`, `crate::number::hundredths`):
/// above 0, at most 2 decimals, at most 100000; or null for none. The same shape as a GB cap.
pub fn balance_threshold() -> RefOr<Schema> {
    gb_cap()
}

/// An automatic top-up's threshold in GB (`auto_topup::form`, `domain::auto_topup::BelowBytes`):
/// above 0, at most 2 decimals, at most 10000.
pub fn topup_below_gb() -> RefOr<Schema> {
    done(
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .multiple_of(Some(0.01))
            .exclusive_minimum(Some(0))
            .maximum(Some(domain::auto_topup::MAX_BELOW_GB)),
    )
}

/// A plan's id as a request names it (`auto_topup::form`): a positive whole number.
pub fn plan_id() -> RefOr<Schema> {
    done(
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(1)),
    )
}

/// A concurrent-connection cap (`subusers::form::connections`): a whole number 1–10000, or
/// null for no cap.
pub fn connections_cap() -> RefOr<Schema> {
    done(
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
            .minimum(Some(1))
            .maximum(Some(domain::subusers::MAX_CONNECTIONS)),
    )
}

/// `crate::number::quantity` under the generate and buy limits: 1 to 1000 as a whole JSON number
/// (`3`, `3.0` and `3e0` alike, as JSON Schema's `integer`), or as a string of digits only (leading zeros allowed; no sign, exponent, point or whitespace).
pub fn quantity() -> RefOr<Schema> {
    let integer = ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(1))
        .maximum(Some(1000));
    let digits = string().pattern(Some("^0*(?:[1-9][0-9]{0,2}|1000)$"));
    RefOr::T(Schema::AnyOf(
        AnyOfBuilder::new()
            .item(done(integer))
            .item(done(digits))
            .build(),
    ))
}

/// `domain::TopUp::parse`: dollars from 0.10 to 10000.00 with at most 2 decimals, read exactly
/// (`domain::numbers::hundredths`: a third decimal is refused, never rounded).
pub fn top_up_amount() -> RefOr<Schema> {
    done(
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .multiple_of(Some(0.01))
            .minimum(Some(0.1))
            .maximum(Some(10_000)),
    )
}

/// `domain::TopUp::parse`: the one payment method, trimmed.
pub fn payment_method() -> RefOr<Schema> {
    done(string().pattern(Some(r"^\s*cryptomous\s*$")))
}

/// `domain::Coin::parse`: DOGE, TRX, LTC or USDT in any case, trimmed; null is LTC, blank is
/// refused (`domain::TopUp::parse`).
pub fn coin() -> RefOr<Schema> {
    done(nullable_string().pattern(Some(
        r"^\s*(?:[Dd][Oo][Gg][Ee]|[Tt][Rr][Xx]|[Ll][Tt][Cc]|[Uu][Ss][Dd][Tt])\s*$",
    )))
}

// `kind` as a type, for query parameters: `IntoParams` drops `required` next to
// `schema_with`, so a required `?type=` names this with `value_type` and `inline`. (Plain
// comments: a doc comment would become the parameter's description.)
#[derive(utoipa::ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum KindParam {
    Premium,
    Budget,
    Static,
    Lte,
    Ipv4,
    Ipv6,
}

// `server_kind` as a type, for `GET /api/user/server_credentials?type=`.
#[derive(utoipa::ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum ServerKindParam {
    Static,
    Ipv4,
    Ipv6,
}

/// An optional kind filter of the usage records (`usage::filters`, trimmed, then
/// `ProxyKind::parse`): blank is no filter.
pub fn kind_filter() -> RefOr<Schema> {
    let words = kind_words(|_| true);
    done(string().pattern(Some(format!(r"^\s*(?:{words})?\s*$"))))
}

/// An optional outcome filter of the usage records (`usage::filters`, trimmed, then
/// `Outcome::parse`): blank is no filter.
pub fn outcome_filter() -> RefOr<Schema> {
    let words: Vec<&str> = domain::usage::Outcome::ALL
        .into_iter()
        .map(domain::usage::Outcome::as_str)
        .collect();
    let words = words.join("|");
    done(string().pattern(Some(format!(r"^\s*(?:{words})?\s*$"))))
}

/// An optional time bound of the usage records (`usage::filters::instant`, trimmed): a date
/// `YYYY-MM-DD` or an RFC 3339 time; blank is no bound. (A date the pattern allows but the
/// calendar does not, 2026-02-30, is refused: scripts/fuzz/schemathesis.toml says so.)
pub fn instant_filter() -> RefOr<Schema> {
    done(string().pattern(Some(
        r"^\s*(?:[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])(?:[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]+)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9]))?)?\s*$",
    )))
}

/// What a usage breakdown groups by (`usage::breakdown`).
pub fn grouping() -> RefOr<Schema> {
    one_of(&["host", "credential", "day", "hour"])
}

/// `GET /api/user/proxies?type=`: a kind, `all`, or blank.
pub fn kind_or_all() -> RefOr<Schema> {
    let words = kind_words(|_| true);
    done(string().pattern(Some(format!(r"^\s*(?:{words}|all)?\s*$"))))
}

/// One of `words` or blank, read by `query_text::given` (no control character, trimmed).
fn given_choice(words: &str) -> RefOr<Schema> {
    let s = PLAIN_SPACE;
    done(string().pattern(Some(format!("^[{s}]*(?:{words})?[{s}]*$"))))
}

/// `GET /api/admin/users?role=`: admin, user, or blank for both.
pub fn role_filter() -> RefOr<Schema> {
    given_choice("admin|user")
}

/// `GET /api/admin/orders?type=` (`query_text::given`, then `ProxyKind::parse`): blank is no
/// filter.
pub fn given_kind_filter() -> RefOr<Schema> {
    given_choice(&kind_words(|_| true))
}

/// A free-text filter (`?q=`, `?status=`, `?host=`, read by `query_text::given`): any text
/// without a control character (one is 422 on the parameter).
pub fn filter_text() -> RefOr<Schema> {
    done(
        string()
            .pattern(Some(format!("^[^{CONTROL}]*$")))
            .description(Some(
                "Any text without a control character; blank filters nothing.",
            )),
    )
}

/// `GET /api/admin/summary?days=`: a whole number 1–365 (trimmed, `u16` digits).
pub fn summary_days() -> RefOr<Schema> {
    done(string().pattern(Some(
        r"^\s*\+?0*(?:[1-9]|[1-9][0-9]|[12][0-9][0-9]|3[0-5][0-9]|36[0-5])\s*$",
    )))
}

/// `domain::network::parse_trial_network`: an IPv4 or IPv6 address, optionally with a prefix
/// length of at most 32 or 128 (trimmed). Narrower than the parser (IPv6 with an embedded IPv4
/// address is left out), so what the document calls valid is accepted.
pub fn trial_network() -> RefOr<Schema> {
    let octet = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])";
    let v4 = format!(r"{octet}(?:\.{octet}){{3}}(?:/0*(?:3[0-2]|[12]?[0-9]))?");
    let h = "[0-9A-Fa-f]{1,4}";
    let v6 = format!(
        "(?:(?:{h}:){{7}}{h}|(?:{h}:){{1,7}}:|(?:{h}:){{1,6}}:{h}|(?:{h}:){{1,5}}(?::{h}){{1,2}}\
         |(?:{h}:){{1,4}}(?::{h}){{1,3}}|(?:{h}:){{1,3}}(?::{h}){{1,4}}|(?:{h}:){{1,2}}(?::{h}){{1,5}}\
         |{h}:(?::{h}){{1,6}}|:(?:(?::{h}){{1,7}}|:))(?:/0*(?:12[0-8]|1[01][0-9]|[1-9]?[0-9]))?"
    );
    done(
        string()
            .pattern(Some(format!(r"^\s*(?:{v4}|{v6})\s*$")))
            .max_length(Some(64)),
    )
}

/// `admin::trials::lift`: a whole JSON number from 1 to 1000.
pub fn trial_allowance() -> RefOr<Schema> {
    done(
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(1))
            .maximum(Some(1000)),
    )
}

/// Text that is not blank once trimmed.
pub fn non_blank() -> RefOr<Schema> {
    done(string().pattern(Some(r"\S")))
}

/// A plan's name (`PlanForm::changes`): 1–80 characters once trimmed.
pub fn plan_name() -> RefOr<Schema> {
    done(string().pattern(Some(r"^\s*\S(?:[\s\S]{0,78}\S)?\s*$")))
}

/// [`plan_name`], or null to leave it (`PATCH`).
pub fn plan_name_change() -> RefOr<Schema> {
    done(nullable_string().pattern(Some(r"^\s*\S(?:[\s\S]{0,78}\S)?\s*$")))
}

/// An API key's name (`CreateKeyRequest::validate`): 1–60 characters once trimmed.
pub fn key_name() -> RefOr<Schema> {
    done(string().pattern(Some(r"^\s*\S(?:[\s\S]{0,58}\S)?\s*$")))
}

/// An API key's scopes (`Scope::parse`): at least one of read, generate, buy.
pub fn key_scopes() -> RefOr<Schema> {
    RefOr::T(Schema::Array(
        ArrayBuilder::new()
            .items(one_of(&["read", "generate", "buy"]))
            .min_items(Some(1))
            .build(),
    ))
}

/// A kind sold by the piece (`POST /api/user/get_proxy`).
pub fn piece_kind() -> RefOr<Schema> {
    one_of(&kind_names(|k| !k.is_traffic()))
}

/// `rotation` of a residential proxy: absent or null is `random`.
pub fn rotation() -> RefOr<Schema> {
    done(nullable_string().enum_values(Some([Some("random"), Some("sticky"), None])))
}

/// `port` of a residential proxy: absent or null is `http|https`.
pub fn protocol() -> RefOr<Schema> {
    done(nullable_string().enum_values(Some([Some("http|https"), Some("socks5"), None])))
}

/// `GET /api/admin/stock?type=`: a kind sold by the piece, exactly, or empty for all.
pub fn piece_kind_filter() -> RefOr<Schema> {
    let words = kind_words(|k| !k.is_traffic());
    done(string().pattern(Some(format!("^(?:{words})?$"))))
}

/// `domain::webhook::WebhookUrl::parse` (without private targets): `https://`, a host name
/// with a dot whose last label starts with a letter, an optional port, and a path and query of
/// URL characters; null removes the webhook. Narrower than the parser (it also takes public IP
/// literals and upper-case schemes), so what the document calls valid is accepted.
pub fn webhook_url() -> RefOr<Schema> {
    let host = format!(r"(?:{LABEL}\.)+[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?");
    let rest = r"(?::[1-9][0-9]{0,3})?(?:[/?][A-Za-z0-9._~!$&'()*+,;=:@/?%-]*)?";
    done(
        nullable_string()
            .pattern(Some(format!(r"^\s*https://{host}{rest}\s*$")))
            .max_length(Some(domain::webhook::MAX_URL_LEN))
            .description(Some(
                "An https URL every notification is POSTed to (signed); null removes the webhook.",
            )),
    )
}

#[cfg(test)]
#[path = "rules_tests.rs"]
pub(crate) mod tests;
