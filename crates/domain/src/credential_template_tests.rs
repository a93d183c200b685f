use super::*;
use proptest::prelude::*;

const F: &str = "passwordTemplate";

fn render(template: &str, values: &TemplateValues<'_>) -> String {
    CredentialTemplate::parse(F, template)
        .unwrap()
        .render(values)
}

fn us_sticky() -> TemplateValues<'static> {
    TemplateValues {
        username: "acct",
        password: "secret",
        country: Some("us"),
        state: Some("ca"),
        city: Some("losangeles"),
        session: Some("ab12cd34"),
        lifetime_minutes: Some(30),
    }
}

#[test]
fn brackets_drop_when_a_placeholder_inside_is_empty() {
    let t =
        "{password}[_country-{country}][_state-{state}][_session-{session}][_lifetime-{lifetime}m]";
    let cases: [(TemplateValues<'_>, &str); 4] = [
        (
            us_sticky(),
            "secret_country-us_state-ca_session-ab12cd34_lifetime-30m",
        ),
        (
            TemplateValues {
                password: "secret",
                country: Some("de"),
                ..Default::default()
            },
            "secret_country-de",
        ),
        (
            TemplateValues {
                password: "secret",
                ..Default::default()
            },
            "secret",
        ),
        (
            // An empty string counts as empty, like a missing value.
            TemplateValues {
                password: "secret",
                country: Some(""),
                session: Some("s1"),
                ..Default::default()
            },
            "secret_session-s1",
        ),
    ];
    for (values, want) in cases {
        assert_eq!(render(t, &values), want);
    }
}

#[test]
fn a_bracket_with_two_placeholders_needs_both() {
    let t = "u[-sess-{session}-{lifetime}]";
    let only_session = TemplateValues {
        session: Some("x"),
        ..Default::default()
    };
    assert_eq!(render(t, &only_session), "u");
    let both = TemplateValues {
        session: Some("x"),
        lifetime_minutes: Some(5),
        ..Default::default()
    };
    assert_eq!(render(t, &both), "u-sess-x-5");
}

#[test]
fn placeholders_outside_brackets_render_empty_when_missing() {
    assert_eq!(render("a{country}b", &TemplateValues::default()), "ab");
}

#[test]
fn lifetime_seconds_counts_in_seconds() {
    assert_eq!(render("[{lifetime_seconds}]", &us_sticky()), "1800");
}

#[test]
fn malformed_templates_are_refused_naming_the_field_and_the_place() {
    let cases = [
        (
            "{password}[_country-{country}",
            "unclosed '[' at position 11",
        ),
        (
            "{password}_country-{country}]",
            "unmatched ']' at position 29",
        ),
        (
            "[a[{country}]]",
            "nested '[' at position 3 (the '[' at position 1 is still open)",
        ),
        ("{password", "unclosed '{' at position 1"),
        ("pass}", "unmatched '}' at position 5"),
        ("[plain]", "the bracket at position 1 holds no placeholder"),
        ("x\ny", "must not contain control characters (found U+000A)"),
    ];
    for (template, problem) in cases {
        let err = CredentialTemplate::parse(F, template).unwrap_err();
        assert_eq!(err.field, F, "{template}");
        assert_eq!(err.problem, problem, "{template}");
        assert_eq!(err.to_string(), format!("{F}: {problem}"));
    }
    let err = CredentialTemplate::parse("usernameTemplate", "{user}").unwrap_err();
    assert_eq!(err.field, "usernameTemplate");
    assert!(
        err.problem
            .starts_with("unknown placeholder {user} at position 1; known: {username} {password}"),
        "{}",
        err.problem
    );
    let long = "a".repeat(TEMPLATE_MAX_LEN + 1);
    assert!(CredentialTemplate::parse(F, &long).is_err());
    assert!(CredentialTemplate::parse(F, &long[1..]).is_ok());
}

#[test]
fn every_preset_parses_and_renders_its_documented_example() {
    let v = us_sticky();
    let cases = [
        (
            Preset::IpRoyal,
            "acct",
            "secret_country-us_city-losangeles_session-ab12cd34_lifetime-30m",
        ),
        (
            Preset::Oxylabs,
            "customer-acct-cc-us-city-losangeles-sessid-ab12cd34-sesstime-30",
            "secret",
        ),
        (
            Preset::Decodo,
            "user-acct-country-us-city-losangeles-session-ab12cd34-sessionduration-30",
            "secret",
        ),
        (
            Preset::BrightData,
            "acct-country-us-state-ca-city-losangeles-session-ab12cd34",
            "secret",
        ),
        (
            Preset::Soax,
            "package-acct-country-us-city-losangeles-sessionid-ab12cd34-sessionlength-1800",
            "secret",
        ),
    ];
    for (preset, user, pass) in cases {
        assert_eq!(render(preset.username_template(), &v), user, "{preset}");
        assert_eq!(render(preset.password_template(), &v), pass, "{preset}");
        // Rotating, untargeted: nothing but the pool's own credentials and fixed syntax.
        let bare = TemplateValues {
            username: "acct",
            password: "secret",
            ..Default::default()
        };
        let bare_user = render(preset.username_template(), &bare);
        assert!(
            !bare_user.contains("session") && !bare_user.contains("country"),
            "{bare_user}"
        );
        assert_eq!(render(preset.password_template(), &bare), "secret");
    }
}

#[test]
fn uses_reports_the_placeholders_asked_for() {
    let t = CredentialTemplate::parse(F, "{password}[_c-{country}]").unwrap();
    assert!(t.uses(Placeholder::Country) && t.uses(Placeholder::Password));
    assert!(!t.uses(Placeholder::Session));
}

/// A template built from parts: text, a placeholder, or a bracket of them.
fn part() -> impl Strategy<Value = String> {
    let text = "[a-z0-9_.:-]{1,6}";
    let name = proptest::sample::select(Placeholder::ALL.map(Placeholder::name).to_vec());
    let piece = prop_oneof![
        text.prop_map(String::from),
        name.clone().prop_map(|n| format!("{{{n}}}")),
    ];
    prop_oneof![
        piece,
        (text, name, proptest::option::of(text))
            .prop_map(|(a, n, b)| format!("[{a}{{{n}}}{}]", b.unwrap_or_default())),
    ]
}

proptest! {
    #[test]
    fn any_well_formed_template_parses_and_prints_back(parts in proptest::collection::vec(part(), 0..8)) {
        let text = parts.concat();
        let t = CredentialTemplate::parse(F, &text).unwrap();
        prop_assert_eq!(t.to_string(), text);
    }

    #[test]
    fn one_stray_bracket_is_always_refused(
        parts in proptest::collection::vec(part(), 0..6),
        stray in proptest::sample::select(vec!['[', ']', '{', '}']),
        at in any::<proptest::sample::Index>(),
    ) {
        // Insert the stray character between two parts, where it cannot close anything.
        let cut = at.index(parts.len() + 1);
        let text = format!("{}{stray}{}", parts[..cut].concat(), parts[cut..].concat());
        let err = CredentialTemplate::parse(F, &text).unwrap_err();
        prop_assert_eq!(err.field, F);
    }

    /// The bracket rule: each bracket appears in full exactly when its value is non-empty.
    #[test]
    fn each_bracket_renders_iff_its_value_is_present(
        country in proptest::option::of("[a-z]{0,2}"),
        session in proptest::option::of("[a-z0-9]{0,8}"),
        lifetime in proptest::option::of(1u32..=1440),
    ) {
        let values = TemplateValues {
            password: "p",
            country: country.as_deref(),
            session: session.as_deref(),
            lifetime_minutes: lifetime,
            ..Default::default()
        };
        let got = render("{password}[_c-{country}][_s-{session}][_l-{lifetime}m]", &values);
        let mut want = String::from("p");
        if let Some(c) = country.filter(|c| !c.is_empty()) {
            want.push_str(&format!("_c-{c}"));
        }
        if let Some(s) = session.filter(|s| !s.is_empty()) {
            want.push_str(&format!("_s-{s}"));
        }
        if let Some(l) = lifetime {
            want.push_str(&format!("_l-{l}m"));
        }
        prop_assert_eq!(got, want);
    }
}
