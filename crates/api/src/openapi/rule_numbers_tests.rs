//! Each number schema against the parser it mirrors, on samples around every bound.
use super::*;
use crate::openapi::agree::agree;
use regex::Regex;
use utoipa::openapi::schema::ArrayItems;

/// Whether `value` satisfies a number schema (and one item of an anyOf): its type, range and
/// `multipleOf`.
fn allows_number(schema: &RefOr<Schema>, value: &serde_json::Value) -> bool {
    use utoipa::openapi::schema::{SchemaType, Type};
    let as_f64 = |n: &utoipa::Number| match n {
        utoipa::Number::Int(n) => *n as f64,
        utoipa::Number::UInt(n) => *n as f64,
        utoipa::Number::Float(n) => *n,
    };
    match schema {
        RefOr::T(Schema::AnyOf(any)) => any.items.iter().any(|item| allows_number(item, value)),
        RefOr::T(Schema::Object(object)) => {
            let types: Vec<Type> = match &object.schema_type {
                SchemaType::Type(t) => vec![t.clone()],
                SchemaType::Array(ts) => ts.clone(),
                SchemaType::AnyValue => panic!("untyped schema"),
            };
            let Some(x) = value.as_f64() else {
                return value.is_null() && types.contains(&Type::Null);
            };
            let typed = types.contains(&Type::Number)
                || (types.contains(&Type::Integer) && x.fract() == 0.0);
            let multiple = object.multiple_of.as_ref().is_none_or(|m| {
                let q = x / as_f64(m);
                (q - q.round()).abs() < 1e-9
            });
            typed
                && multiple
                && object.minimum.as_ref().is_none_or(|m| x >= as_f64(m))
                && object.maximum.as_ref().is_none_or(|m| x <= as_f64(m))
                && object
                    .exclusive_minimum
                    .as_ref()
                    .is_none_or(|m| x > as_f64(m))
                && object
                    .exclusive_maximum
                    .as_ref()
                    .is_none_or(|m| x < as_f64(m))
        }
        _ => panic!("not a number schema"),
    }
}

fn agree_on_numbers(
    schema: RefOr<Schema>,
    parser: impl Fn(&serde_json::Value) -> bool,
    samples: &[serde_json::Value],
) {
    for sample in samples {
        assert_eq!(
            allows_number(&schema, sample),
            parser(sample),
            "{sample}: schema and parser disagree"
        );
    }
}

/// Numbers around every bound of the amount and whole-number rules.
fn number_samples() -> Vec<serde_json::Value> {
    let texts = [
        "-100000.01",
        "-100000",
        "-99999.99",
        "-1",
        "-0.01",
        "0",
        "0.001",
        "0.01",
        "0.09",
        "0.1",
        "0.11",
        "1",
        "1.5",
        "1.005",
        "2",
        "29",
        "30",
        "31",
        "99",
        "100",
        "101",
        "999",
        "1000",
        "1001",
        "9999.99",
        "10000",
        "10000.01",
        "10001",
        "99999.99",
        "100000",
        "100000.01",
        "1e2",
        "2.0",
    ];
    texts
        .iter()
        .map(|t| serde_json::from_str(t).unwrap())
        .chain([serde_json::Value::Null])
        .collect()
}

#[test]
fn amounts_match_their_parsers() {
    let samples = number_samples();
    agree_on_numbers(
        signed_hundredths(),
        |v| crate::number::hundredths(Some(v)).is_some(),
        &samples,
    );
    agree_on_numbers(
        gb_cap(),
        |v| v.is_null() || crate::number::hundredths(Some(v)).is_some_and(|h| h > 0),
        &samples,
    );
    agree_on_numbers(
        topup_below_gb(),
        |v| {
            domain::numbers::hundredths_of(v)
                .and_then(domain::auto_topup::BelowBytes::from_hundredths_gb)
                .is_some()
        },
        &samples,
    );
    agree_on_numbers(
        top_up_amount(),
        |v| domain::TopUp::parse(v.as_f64(), Some("cryptomous"), None).is_ok(),
        &samples,
    );
}

#[test]
fn whole_numbers_match_their_rules() {
    let samples = number_samples();
    let whole_in = |rule: domain::rules::Whole| {
        move |v: &serde_json::Value| domain::numbers::whole_of(v).is_some_and(|n| rule.contains(n))
    };
    agree_on_numbers(
        trial_allowance(),
        whole_in(domain::rules::TRIAL_ALLOWANCE),
        &samples,
    );
    agree_on_numbers(
        connections_cap(),
        |v| v.is_null() || whole_in(domain::subusers::CONNECTIONS)(v),
        &samples,
    );
    let RefOr::T(Schema::Array(percents)) = alert_percents() else {
        panic!("a list")
    };
    let ArrayItems::RefOrSchema(item) = percents.items else {
        panic!("one item schema")
    };
    agree_on_numbers(*item, whole_in(domain::alerts::PERCENTS), &samples);
    agree_on_numbers(
        quantity(),
        |v| match domain::numbers::quantity(Some(v)) {
            domain::numbers::Quantity::Whole(q) => domain::numbers::QUANTITY.contains(q as i64),
            _ => false,
        },
        &samples,
    );
}

#[test]
fn digit_patterns_hold_exactly_the_numbers_of_their_range() {
    for (min, max) in [
        (1, 1000),
        (1, 365),
        (0, 9),
        (7, 123),
        (1, 1),
        (10, 99),
        (95, 1205),
    ] {
        let rule = domain::rules::Whole { min, max };
        let pattern = Regex::new(&format!("^(?:{})$", digits_in(rule))).unwrap();
        for n in 0..=2000 {
            assert_eq!(
                pattern.is_match(&n.to_string()),
                rule.contains(n),
                "{n} in {min}..={max}: {pattern}"
            );
        }
    }
}

#[test]
fn quantity_and_summary_days_match_their_readers() {
    let quantity_ok = |s: &str| {
        let value = serde_json::Value::String(s.to_owned());
        matches!(
            domain::numbers::quantity(Some(&value)),
            domain::numbers::Quantity::Whole(q) if domain::numbers::QUANTITY.contains(q as i64)
        )
    };
    // The string alternative; the number one is held by `whole_numbers_match_their_rules`.
    let RefOr::T(Schema::AnyOf(alternatives)) = quantity() else {
        panic!("a number or a string")
    };
    agree(
        alternatives.items[1].clone(),
        quantity_ok,
        &[
            "1", "0001", "999", "1000", "01000", "1001", "0", "", " 1", "+1", "1.0", "10000",
        ],
    );
    // As `admin::summary::window` reads `?days=`: trimmed, then a `u16`.
    let days_ok = |s: &str| {
        s.trim()
            .parse::<u16>()
            .is_ok_and(|d| domain::rules::SUMMARY_DAYS.contains(i64::from(d)))
    };
    agree(
        summary_days(),
        days_ok,
        &[
            "1", " 30 ", "+7", "0365", "365", "366", "0", "-1", "", "1e2", "65536",
        ],
    );
}
