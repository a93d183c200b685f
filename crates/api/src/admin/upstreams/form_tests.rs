use super::*;
use crate::openapi::rules::tests::agree;
use domain::Cents;
use domain::upstream_pool::PoolProtocol;

fn form(json: serde_json::Value) -> PoolForm {
    serde_json::from_value(json).unwrap()
}

#[test]
fn a_new_pool_needs_its_required_fields_and_takes_defaults() {
    let Err(errors) = PoolForm::default().new_pool() else {
        panic!("a pool without its required fields")
    };
    let fields: Vec<_> = errors.iter().map(|(f, _)| f.to_owned()).collect();
    assert_eq!(
        fields,
        ["name", "kinds", "protocol", "host", "port", "costPerGb"]
    );

    let made = form(serde_json::json!({
        "name": " Decodo ", "kinds": ["budget", "premium"], "protocol": "http",
        "host": "Gate.Decodo.com", "port": 7000.0, "costPerGb": 2.5, "preset": "decodo",
        "username": "shop", "password": "pw",
    }))
    .new_pool();
    let Ok(pool) = made else {
        panic!("a valid pool")
    };
    assert_eq!(pool.name, "Decodo");
    assert_eq!(pool.kinds, "premium,budget");
    assert_eq!(
        (pool.protocol, pool.host.as_str(), pool.port),
        (PoolProtocol::Http, "gate.decodo.com", 7000)
    );
    assert_eq!(pool.cost_per_gb_cents, Cents::new(250));
    assert_eq!(
        (pool.weight, pool.countries.as_str(), pool.active),
        (1, "", true)
    );
    assert_eq!(pool.username_template, Preset::Decodo.username_template());
    assert_eq!(pool.password_template, "{password}");
}

#[test]
fn every_wrong_field_is_named() {
    let refused = form(serde_json::json!({
        "name": "", "kinds": ["static"], "protocol": "ftp", "host": "a b", "port": 0,
        "costPerGb": 1.234, "weight": 0, "countries": ["USA"], "preset": "nope",
        "usernameTemplate": "{user}", "passwordTemplate": "{password}[_c-{country}",
        "password": "a\u{7}b",
    }))
    .changes();
    let Err(errors) = refused else {
        panic!("every field is wrong")
    };
    let mut fields: Vec<_> = errors.iter().map(|(f, _)| f.to_owned()).collect();
    fields.sort();
    assert_eq!(
        fields,
        [
            "costPerGb",
            "countries",
            "host",
            "kinds",
            "name",
            "password",
            "passwordTemplate",
            "port",
            "preset",
            "protocol",
            "usernameTemplate",
            "weight"
        ]
    );
    assert_eq!(
        errors.get("passwordTemplate"),
        Some("passwordTemplate: unclosed '[' at position 11")
    );
}

#[test]
fn a_patch_changes_only_what_it_names_and_a_preset_fills_missing_templates() {
    let Ok(changes) = form(serde_json::json!({ "weight": 5 })).changes() else {
        panic!("a valid weight")
    };
    assert_eq!(changes.weight, Some(5));
    assert!(changes.password.is_none() && changes.username_template.is_none());
    let changes =
        form(serde_json::json!({ "preset": "iproyal", "usernameTemplate": "x-{username}" }))
            .changes()
            .unwrap();
    assert_eq!(changes.username_template.as_deref(), Some("x-{username}"));
    assert_eq!(
        changes.password_template.as_deref(),
        Some(Preset::IpRoyal.password_template())
    );
}

#[test]
fn the_document_rules_match_the_parsers() {
    let long = format!("{{password}}{}", "a".repeat(246));
    let too_long = format!("{long}a");
    agree(
        super::super::schema::template(),
        |s| CredentialTemplate::parse("t", s).is_ok(),
        &[
            "",
            "{username}",
            "{password}[_country-{country}][_lifetime-{lifetime}m]",
            "[{lifetime_seconds}]",
            "a[b{city}c{state}d]e",
            "{user}",
            "[x]",
            "[{city}",
            "{city}]",
            "[[{city}]]",
            "{",
            "}",
            "tab\there",
            "é{session}",
            "[]",
            long.as_str(),
            too_long.as_str(),
        ],
    );
    agree(
        super::super::schema::host(),
        |s| domain::upstream_pool::pool_host(s).is_ok(),
        &[
            "gate.decodo.com",
            "127.0.0.1",
            "A-b.C",
            "a..b",
            "-a.com",
            "a-.com",
            "a_b",
            " a.com",
            "x:1",
            "",
            ".",
            &"a".repeat(63),
            &"a".repeat(64),
            &format!(
                "{}.{}.{}.{}",
                "a".repeat(63),
                "b".repeat(63),
                "c".repeat(63),
                "d".repeat(61)
            ),
            &format!(
                "{}.{}.{}.{}",
                "a".repeat(63),
                "b".repeat(63),
                "c".repeat(63),
                "d".repeat(62)
            ),
        ],
    );
    agree(
        super::super::schema::secret(),
        |s| domain::upstream_pool::pool_password(s).is_ok(),
        &[
            "",
            "p@ss w0rd",
            "a\nb",
            "\u{85}",
            &"p".repeat(255),
            &"p".repeat(256),
            "é",
        ],
    );
}
