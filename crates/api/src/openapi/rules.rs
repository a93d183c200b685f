//! Request field schemas that carry the validation rules of the values they hold, so that the
//! document accepts what the handlers accept and nothing else (docs/api.md, "Fuzzing"). The
//! rules are stated once, in `domain`, and read by both the parsers and this file: a bound or
//! character class is a descriptor (`domain::rules::{TrimmedText, Whole, Hundredths}`) or a
//! constant beside its parser, turned into a schema here; a hand-written parser (an email, a URL,
//! a network) keeps its pattern beside it in `domain`. This file adds only how JSON Schema says
//! it. Patterns are ECMA-262 and Python compatible and avoid look-arounds (the fuzzer cannot
//! generate from those). Whitespace around a value is allowed where the parser trims it. Tests
//! (`rules_tests.rs`, and beside the parsers of the API: `agree`) hold each schema against its
//! parser on samples. The pieces the schemas are made of are in `schema_build.rs`; the numbers'
//! schemas in `rule_numbers.rs` and the query filters' in `rule_filters.rs`, re-exported here.

pub use super::rule_filters::{
    credential_filter, credential_filter_or_null, filter_text, filter_text_or_null,
    given_kind_filter, grouping, health_grouping, instant_filter, instant_filter_or_null,
    kind_filter, kind_filter_or_null, kind_or_all, outcome_filter, outcome_filter_or_null,
    role_filter,
};
pub use super::rule_numbers::{
    alert_days, alert_percents, balance_threshold, connections_cap, gb_cap, plan_id, quantity,
    runs_out_days, signed_hundredths, summary_days, top_up_amount, topup_below_gb, trial_allowance,
};
pub use super::schema_build::CONTROL;
use super::schema_build::{
    done, given_choice, kind_names, kind_words, nullable_string, one_of, or_null, role_names,
    string, trimmed_core, trimmed_text,
};
use domain::ProxyKind;
use domain::order::Resolution;
use domain::scope::Scope;
use domain::targeting::{Protocol, Rotation};
use utoipa::openapi::schema::{AllOfBuilder, Schema};
use utoipa::openapi::{RefOr, schema::ArrayBuilder};

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

/// The token of a sub-user sign-in's invitation link: `domain::account_forms::InvitationForm`.
pub fn invitation_token() -> RefOr<Schema> {
    let chars = domain::account_forms::INVITATION_TOKEN_CHARS;
    done(string().pattern(Some(format!(r"^\s*[A-Za-z0-9]{{{chars}}}\s*$"))))
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

/// `domain::ProxyKind::parse`: a kind's wire name, exactly.
pub fn kind() -> RefOr<Schema> {
    one_of(&kind_names(|_| true))
}

/// A list of kinds' wire names, each once, at least one (a blocked destination's kinds).
pub fn kinds_list() -> RefOr<Schema> {
    RefOr::T(Schema::Array(
        utoipa::openapi::schema::ArrayBuilder::new()
            .items(kind())
            .min_items(Some(1))
            .unique_items(true)
            .build(),
    ))
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
    one_of(&Resolution::ALL.map(Resolution::as_str))
}

/// `POST /api/admin/users/{id}/role`: the role, trimmed.
pub fn role() -> RefOr<Schema> {
    one_of(&role_names())
}

/// A sub-user's name (`domain::targeting::is_subuser_name`): 1 to `SUBUSER_NAME_MAX` of
/// `SUBUSER_NAME_CLASS`, exactly.
pub fn subuser_name() -> RefOr<Schema> {
    use domain::targeting::{SUBUSER_NAME_CLASS, SUBUSER_NAME_MAX};
    done(string().pattern(Some(format!(
        "^{SUBUSER_NAME_CLASS}{{1,{SUBUSER_NAME_MAX}}}$"
    ))))
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
pub struct KindParam;

impl utoipa::PartialSchema for KindParam {
    fn schema() -> RefOr<Schema> {
        kind()
    }
}

impl utoipa::ToSchema for KindParam {}

// `server_kind` as a type, for `GET /api/user/server_credentials?type=`.
pub struct ServerKindParam;

impl utoipa::PartialSchema for ServerKindParam {
    fn schema() -> RefOr<Schema> {
        server_kind()
    }
}

impl utoipa::ToSchema for ServerKindParam {}

/// `domain::network::parse_trial_network`: an IPv4 or IPv6 address, optionally with a prefix
/// length (`domain::network::trial_network_pattern`).
pub fn trial_network() -> RefOr<Schema> {
    done(
        string()
            .pattern(Some(domain::network::trial_network_pattern()))
            .max_length(Some(domain::network::TRIAL_NETWORK_MAX_LEN)),
    )
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
            .items(one_of(&Scope::ALL.map(Scope::as_str)))
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
    or_null(&Rotation::ALL.map(Rotation::as_str))
}

/// `port` of a residential proxy: absent or null is `http|https`.
pub fn protocol() -> RefOr<Schema> {
    or_null(&Protocol::ALL.map(Protocol::as_str))
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

/// A referral payout's status (`domain::payout::PayoutStatus`).
pub fn payout_status() -> RefOr<Schema> {
    one_of(&domain::payout::PayoutStatus::ALL.map(domain::payout::PayoutStatus::as_str))
}

/// `GET /api/admin/payouts?status=`: a payout status, or blank for all (`query_text::given`).
pub fn payout_status_filter() -> RefOr<Schema> {
    given_choice(
        &domain::payout::PayoutStatus::ALL
            .map(domain::payout::PayoutStatus::as_str)
            .join("|"),
    )
}

/// A referral ledger row's kind (`domain::payout::ReferralEntryKind`).
pub fn referral_entry_kind() -> RefOr<Schema> {
    one_of(&domain::payout::ReferralEntryKind::ALL.map(domain::payout::ReferralEntryKind::as_str))
}
