//! Each string schema against the parser it mirrors, on the same samples: the document must
//! accept exactly what the handler accepts. A parser whose module uses these rules is
//! checked there with [`agree`] (`usage::filters`, `admin::audit_trail`), so that this file
//! imports no user of its rules.
use super::*;
pub(crate) use crate::openapi::agree::agree;
use domain::{Email, Password, ProfileForm, VerificationCode};

#[test]
fn webhook_url_matches_the_parser_on_public_names() {
    let parser = |s: &str| domain::webhook::WebhookUrl::parse(s, false).is_ok();
    agree(
        webhook_url(),
        parser,
        &[
            "https://hooks.example.com/in",
            " https://a.b.example.org:8443/x?y=1&z=%20 ",
            "https://example.com",
            "http://example.com/in",
            "https://user:pw@example.com/",
            "https://intranet/",
            "https://10.0.0.1/",
            "ftp://example.com/",
        ],
    );
}

#[test]
fn email_matches_the_email_parser() {
    let long_local = format!("{}@example.com", "a".repeat(65));
    let at_64 = format!("{}@example.com", "a".repeat(64));
    let long = format!("a@{}.com", "b".repeat(250));
    agree(
        email(),
        |s| Email::parse(s).is_ok(),
        &[
            "a@b.co",
            " Alice@Example.COM ",
            "first.last+tag@sub.example.co.uk",
            "",
            "   ",
            "plain",
            "a@b",
            "a@@b.com",
            "a b@c.com",
            "@x.io",
            "a@.com",
            "a@x.c",
            "a..b@x.com",
            ".a@x.com",
            "a.@x.com",
            "a@-x.com",
            "a@x-.com",
            "a@x.c-",
            "a@x..com",
            "o'brien!#$%&*+/=?^_`{|}~-@x.io",
            "a@x.co\t\u{b}\n",
            "é@x.com",
            &long_local,
            &at_64,
            &long,
        ],
    );
}

#[test]
fn new_password_matches_the_policy() {
    agree(
        new_password(),
        |s| Password::parse_new(s).is_ok(),
        &[
            "Secret1!",
            "",
            "Aa1!",
            "Aa1!aa",
            "abcdef1!",
            "ABCDEF1!",
            "Abcdefg!",
            "Abcdef12",
            "Abcd 12!",
            "Abcd#12!",
            &format!("Aa1!{}", "a".repeat(124)),
            &format!("Aa1!{}", "a".repeat(125)),
        ],
    );
}

#[test]
fn code_matches_the_code_parser() {
    agree(
        code(),
        |s| VerificationCode::parse(s).is_ok(),
        &[
            "123456",
            " 123456 ",
            "12345",
            "1234567",
            "12345a",
            "",
            "１２３４５６",
        ],
    );
}

#[test]
fn profile_fields_match_the_profile_form() {
    agree(
        profile_name(),
        |s| ProfileForm::parse(s, None).is_ok(),
        &[
            "Ada",
            "  Ada Lovelace ",
            "",
            "   ",
            &"é".repeat(80),
            &"a".repeat(81),
            "a\u{0}b",
            "a\u{85}b",
            "A",
        ],
    );
    agree(
        phone(),
        |s| ProfileForm::parse("Ada", Some(s)).is_ok(),
        &[
            "",
            "  ",
            "+14155550123",
            " +14155550123 ",
            "14155550123",
            "+123456",
            "+1234567",
            "+123456789012345",
            "+1234567890123456",
            "+1415 555",
            "+0123456789",
        ],
    );
}
#[test]
fn trial_network_matches_its_parser() {
    agree(
        trial_network(),
        |s| domain::network::parse_trial_network(s).is_some(),
        &[
            "203.0.113.7",
            " 203.0.113.0/24 ",
            "10.0.0.0/8",
            "1.2.3.4/032",
            "1.2.3.4/33",
            "256.1.1.1",
            "01.2.3.4",
            "1.2.3",
            " 000 ",
            "000",
            "",
            "2001:db8::/32",
            "2001:db8::1",
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7::",
            "::2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7:8:9",
            "2001:db8::/129",
            "2001:db8::/128",
            "1::2::3",
            "12345::",
            "g::1",
            "1.2.3.4/",
            "1.2.3.4/+8",
        ],
    );
}

#[test]
fn the_outcome_filter_matches_its_parser() {
    let outcome = |v: &str| {
        let v = v.trim();
        v.is_empty() || domain::usage::Outcome::parse(v).is_some()
    };
    agree(
        outcome_filter(),
        outcome,
        &[
            "",
            " ",
            "ok",
            " cut_quota ",
            "refused",
            "upstream_error",
            "OK",
            "cut",
            "ok,refused",
        ],
    );
}

#[test]
fn names_coins_and_the_method_match_their_parsers() {
    agree(
        subuser_name(),
        domain::targeting::is_subuser_name,
        &[
            "s1",
            "abcdefghijklmnop",
            "abcdefghijklmnopq",
            "",
            "S1",
            "s-1",
            "s 1",
            "é",
        ],
    );
    agree(
        coin(),
        |s| domain::Coin::parse(s).is_some(),
        &["LTC", " doge ", "Usdt", "trx", "BTC", "", "LTCX", "L TC"],
    );
    agree(
        payment_method(),
        |s| domain::TopUp::parse(Some(1.0), Some(s), None).is_ok(),
        &["cryptomous", " cryptomous ", "Cryptomous", "crypto", ""],
    );
    for (schema, rule) in [
        (key_name(), domain::rules::KEY_NAME),
        (plan_name(), domain::rules::PLAN_NAME),
    ] {
        let max = rule.max_chars;
        agree(
            schema,
            |s| rule.allows(s),
            &[
                "a",
                " a ",
                "",
                "  ",
                "a\tb",
                &"é".repeat(max),
                &"é".repeat(max + 1),
                &format!(" {} ", "x".repeat(max)),
            ],
        );
    }
}
