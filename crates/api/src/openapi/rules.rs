//! Request field schemas that carry the validation rules of the values they hold, so that the
//! document accepts what the handlers accept and nothing else (docs/api.md, "Fuzzing"). The
//! rules are stated once, in `domain`, and read by both the parsers and this file: a bound or
//! character class is a descriptor (`domain::rules::{TrimmedText, Whole, Hundredths}`) or a
//! constant beside its parser, turned into a schema here; a hand-written parser (an email, a URL,
//! a network) keeps its pattern beside it in `domain`. This file adds only how JSON Schema says
//! it. Patterns are ECMA-262 and Python compatible and avoid look-arounds (the fuzzer cannot
//! generate from those). Whitespace around a value is allowed where the parser trims it. Tests
//! (`rules_tests.rs`, and beside the parsers of the API: `agree`) hold each schema against its
//! parser on samples.

use domain::ProxyKind;
use domain::rules::{CONTROL_BUT_LINE_FEED_CLASS, Controls, Hundredths, TrimmedText, Whole};
use utoipa::openapi::schema::{
    AllOfBuilder, AnyOfBuilder, ObjectBuilder, Schema, SchemaType, Type,
};
use utoipa::openapi::{RefOr, schema::ArrayBuilder};

/// The control characters (`char::is_control`).
pub const CONTROL: &str = domain::rules::CONTROL_CLASS;
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

/// A [`TrimmedText`] without the whitespace around it: its first and last characters are not
/// whitespace, and every character is one its controls allow.
fn trimmed_core(rule: TrimmedText) -> String {
    let (edge, inner) = match rule.controls {
        Controls::Any => (r"\S".to_owned(), r"[\s\S]".to_owned()),
        Controls::LineBreaks => (
            format!(r"[^\s{CONTROL_BUT_LINE_FEED_CLASS}]"),
            format!("[^{CONTROL_BUT_LINE_FEED_CLASS}]"),
        ),
        Controls::None => (format!(r"[^\s{CONTROL}]"), format!("[^{CONTROL}]")),
    };
    let (min, max) = (rule.min_chars, rule.max_chars);
    assert!(
        (1..=max).contains(&min) && max >= 2,
        "a text rule the patterns below can state"
    );
    let most = max - 2;
    if min == 1 {
        format!("{edge}(?:{inner}{{0,{most}}}{edge})?")
    } else {
        format!("{edge}{inner}{{{},{most}}}{edge}", min - 2)
    }
}

/// A [`TrimmedText`] as a pattern: the text, whitespace around.
fn trimmed_text(rule: TrimmedText) -> String {
    format!(r"^\s*{}\s*$", trimmed_core(rule))
}

/// A whole number of a [`Whole`] rule.
fn whole(rule: Whole) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(rule.min))
        .maximum(Some(rule.max))
}

/// A value in hundredths as the document writes it: a whole number as an integer, `0.1` as a
/// float.
fn in_units(hundredths: i64) -> utoipa::Number {
    if hundredths % 100 == 0 {
        utoipa::Number::Int((hundredths / 100) as isize)
    } else {
        utoipa::Number::Float(hundredths as f64 / 100.0)
    }
}

/// A number of a [`Hundredths`] rule: at most two decimals (`multipleOf`), in its range. A
/// range from one hundredth is written as above 0, one to minus one hundredth as below 0 (the
/// same values, given the two decimals).
fn amount(rule: Hundredths) -> ObjectBuilder {
    let number = ObjectBuilder::new()
        .schema_type(Type::Number)
        .multiple_of(Some(0.01));
    let number = match rule.min {
        1 => number.exclusive_minimum(Some(0)),
        min => number.minimum(Some(in_units(min))),
    };
    match rule.max {
        -1 => number.exclusive_maximum(Some(0)),
        max => number.maximum(Some(in_units(max))),
    }
}

/// The whole numbers of `rule` (none below 0) as the alternatives of a pattern, without leading
/// zeros: `1..=365` is `[1-9]|[1-9][0-9]|[12][0-9][0-9]|3[0-5][0-9]|36[0-5]`.
fn digits_in(rule: Whole) -> String {
    let (low, high) = (rule.min.max(0), rule.max);
    assert!(low <= high, "a range with numbers in it");
    // Split the range where the number of digits or a run of trailing 9s changes, so that
    // each piece is one digit pattern (the usual construction, as in `to-regex-range`).
    let mut stops = vec![high];
    let mut nines = 1;
    let mut stop = fill_nines(low, nines);
    while low <= stop && stop < high {
        stops.push(stop);
        nines += 1;
        stop = fill_nines(low, nines);
    }
    let mut zeros = 1;
    let mut stop = zero_last(high + 1, zeros) - 1;
    while low < stop && stop < high {
        stops.push(stop);
        zeros += 1;
        stop = zero_last(high + 1, zeros) - 1;
    }
    stops.sort_unstable();
    stops.dedup();
    let mut start = low;
    let mut alternatives = Vec::new();
    for stop in stops {
        alternatives.push(piece(start, stop));
        start = stop + 1;
    }
    alternatives.join("|")
}

/// `n` with its last `count` digits made 9.
fn fill_nines(n: i64, count: u32) -> i64 {
    let unit = 10_i64.pow(count);
    n - n % unit + unit - 1
}

/// `n` with its last `count` digits made 0.
fn zero_last(n: i64, count: u32) -> i64 {
    n - n % 10_i64.pow(count)
}

/// The numbers from `start` to `stop`, which have as many digits and differ in at most one
/// place before a tail of 0…0 to 9…9: `120..=159` is `1[2-5][0-9]`.
fn piece(start: i64, stop: i64) -> String {
    let (a, b) = (start.to_string(), stop.to_string());
    let mut pattern = String::new();
    let mut any = 0;
    for (x, y) in a.chars().zip(b.chars()) {
        if x == y {
            pattern.push(x);
        } else if x == '0' && y == '9' {
            any += 1;
        } else if u32::from(y) == u32::from(x) + 1 {
            pattern.push_str(&format!("[{x}{y}]"));
        } else {
            pattern.push_str(&format!("[{x}-{y}]"));
        }
    }
    pattern + &"[0-9]".repeat(any)
}

/// `domain::Email::parse`: local@domain.tld (`domain::account::email_patterns`), at most
/// `EMAIL_MAX_LEN` characters.
pub fn email() -> RefOr<Schema> {
    let [shape, local_length] = domain::account::email_patterns();
    let shape = string()
        .pattern(Some(shape))
        .max_length(Some(domain::account::EMAIL_MAX_LEN));
    let local_length = string().pattern(Some(local_length));
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

/// `domain::Password::parse_new`: `PASSWORD_MIN` to `PASSWORD_MAX` characters from letters,
/// digits and `PASSWORD_SPECIALS`, with an upper- and a lower-case letter, a digit and one of
/// the specials.
pub fn new_password() -> RefOr<Schema> {
    use domain::account::{PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS};
    let base = string()
        .min_length(Some(PASSWORD_MIN))
        .max_length(Some(PASSWORD_MAX))
        .pattern(Some(format!("^[A-Za-z0-9{PASSWORD_SPECIALS}]+$")))
        .format(Some(password_format()));
    let mut all = AllOfBuilder::new().item(done(base));
    let specials = format!("[{PASSWORD_SPECIALS}]");
    for class in ["[A-Z]", "[a-z]", "[0-9]", &specials] {
        all = all.item(done(string().pattern(Some(class))));
    }
    RefOr::T(Schema::AllOf(all.build()))
}

/// `domain::VerificationCode::parse`: `CODE_DIGITS` digits (trimmed).
pub fn code() -> RefOr<Schema> {
    let digits = domain::account::CODE_DIGITS;
    done(string().pattern(Some(format!(r"^\s*[0-9]{{{digits}}}\s*$"))))
}

/// `admin::audit_trail::reason`: `domain::rules::REASON`.
pub fn reason() -> RefOr<Schema> {
    done(string().pattern(Some(trimmed_text(domain::rules::REASON))))
}

/// `admin::audit_trail::optional_reason`: absent, null or blank, or a reason.
pub fn optional_reason() -> RefOr<Schema> {
    let reason = trimmed_core(domain::rules::REASON);
    done(nullable_string().pattern(Some(format!(r"^\s*(?:{reason})?\s*$"))))
}

/// `admin::users::notes::note_text`: `domain::rules::NOTE` (line breaks are the only control
/// characters allowed).
pub fn note_text() -> RefOr<Schema> {
    done(string().pattern(Some(trimmed_text(domain::rules::NOTE))))
}

/// `domain::ProfileForm`: `PROFILE_NAME` (no control characters).
pub fn profile_name() -> RefOr<Schema> {
    let rule = domain::account_forms::PROFILE_NAME;
    done(string().pattern(Some(trimmed_text(rule))))
}

/// `domain::ProfileForm`: E.164 (`phone_pattern`); null or blank clears.
pub fn phone() -> RefOr<Schema> {
    let phone = domain::account_forms::phone_pattern();
    done(nullable_string().pattern(Some(format!(r"^\s*(?:{phone})?\s*$"))))
}

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
    one_of(&role_names())
}

/// The names of `domain::Role::ALL`.
fn role_names() -> Vec<&'static str> {
    domain::Role::ALL
        .into_iter()
        .map(domain::Role::as_str)
        .collect()
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

/// A sub-user's name (`domain::targeting::is_subuser_name`): 1 to `SUBUSER_NAME_MAX` of
/// `SUBUSER_NAME_CLASS`, exactly.
pub fn subuser_name() -> RefOr<Schema> {
    use domain::targeting::{SUBUSER_NAME_CLASS, SUBUSER_NAME_MAX};
    done(string().pattern(Some(format!(
        "^{SUBUSER_NAME_CLASS}{{1,{SUBUSER_NAME_MAX}}}$"
    ))))
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

/// `domain::TopUp::parse`: the one payment method, trimmed.
pub fn payment_method() -> RefOr<Schema> {
    let method = domain::payment::METHOD_CRYPTOMUS;
    done(string().pattern(Some(format!(r"^\s*{method}\s*$"))))
}

/// `domain::Coin::parse`: one of `Coin::ALL` in any case, trimmed; null is the default coin,
/// blank is refused (`domain::TopUp::parse`).
pub fn coin() -> RefOr<Schema> {
    let any_case = |name: &str| -> String {
        name.chars()
            .map(|c| format!("[{}{}]", c.to_ascii_uppercase(), c.to_ascii_lowercase()))
            .collect()
    };
    let coins: Vec<String> = domain::Coin::ALL
        .into_iter()
        .map(|coin| any_case(coin.as_str()))
        .collect();
    let coins = coins.join("|");
    done(nullable_string().pattern(Some(format!(r"^\s*(?:{coins})\s*$"))))
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
    given_choice(&role_names().join("|"))
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

/// `GET /api/admin/summary?days=`: a whole number of `domain::rules::SUMMARY_DAYS` (trimmed,
/// `u16` digits).
pub fn summary_days() -> RefOr<Schema> {
    let days = digits_in(domain::rules::SUMMARY_DAYS);
    done(string().pattern(Some(format!(r"^\s*\+?0*(?:{days})\s*$"))))
}

/// `domain::network::parse_trial_network`: an IPv4 or IPv6 address, optionally with a prefix
/// length (`domain::network::trial_network_pattern`).
pub fn trial_network() -> RefOr<Schema> {
    done(
        string()
            .pattern(Some(domain::network::trial_network_pattern()))
            .max_length(Some(domain::network::TRIAL_NETWORK_MAX_LEN)),
    )
}

/// `admin::trials::lift`: a whole JSON number of `domain::rules::TRIAL_ALLOWANCE`.
pub fn trial_allowance() -> RefOr<Schema> {
    done(whole(domain::rules::TRIAL_ALLOWANCE))
}

/// Text that is not blank once trimmed.
pub fn non_blank() -> RefOr<Schema> {
    done(string().pattern(Some(r"\S")))
}

/// A plan's name (`PlanForm::changes`): `domain::rules::PLAN_NAME`.
pub fn plan_name() -> RefOr<Schema> {
    done(string().pattern(Some(trimmed_text(domain::rules::PLAN_NAME))))
}

/// [`plan_name`], or null to leave it (`PATCH`).
pub fn plan_name_change() -> RefOr<Schema> {
    done(nullable_string().pattern(Some(trimmed_text(domain::rules::PLAN_NAME))))
}

/// An API key's name (`CreateKeyRequest::validate`): `domain::rules::KEY_NAME`.
pub fn key_name() -> RefOr<Schema> {
    done(string().pattern(Some(trimmed_text(domain::rules::KEY_NAME))))
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

/// `domain::webhook::WebhookUrl::parse` (without private targets,
/// `domain::webhook::url_pattern`): an https URL of a public host name; null removes the
/// webhook.
pub fn webhook_url() -> RefOr<Schema> {
    done(
        nullable_string()
            .pattern(Some(domain::webhook::url_pattern()))
            .max_length(Some(domain::webhook::MAX_URL_LEN))
            .description(Some(
                "An https URL every notification is POSTed to (signed); null removes the webhook.",
            )),
    )
}

#[cfg(test)]
#[path = "rules_tests.rs"]
pub(crate) mod tests;
