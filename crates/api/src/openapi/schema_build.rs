//! The pieces the request field schemas (`rules.rs`, `rule_numbers.rs`) are made of: string and
//! number builders, and how a rule of `domain` is said in JSON Schema (a trimmed text's pattern,
//! a whole number's or an amount's bounds, the digits of a range, a list of names).

use domain::ProxyKind;
use domain::rules::{CONTROL_BUT_LINE_FEED_CLASS, Controls, Hundredths, TrimmedText, Whole};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};

/// The control characters (`char::is_control`).
pub const CONTROL: &str = domain::rules::CONTROL_CLASS;
/// What `str::trim` removes (Unicode White_Space) less the control characters: the spaces
/// around a value that `query_text::given` lets through (`\s` would allow a tab, which it
/// refuses).
pub(crate) const PLAIN_SPACE: &str = r" \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

pub(crate) fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

pub(crate) fn nullable_string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Null]))
}

pub(crate) fn done(builder: ObjectBuilder) -> RefOr<Schema> {
    RefOr::T(Schema::Object(builder.build()))
}

/// A [`TrimmedText`] without the whitespace around it: its first and last characters are not
/// whitespace, and every character is one its controls allow.
pub(crate) fn trimmed_core(rule: TrimmedText) -> String {
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
pub(crate) fn trimmed_text(rule: TrimmedText) -> String {
    format!(r"^\s*{}\s*$", trimmed_core(rule))
}

/// A whole number of a [`Whole`] rule.
pub(crate) fn whole(rule: Whole) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(rule.min))
        .maximum(Some(rule.max))
}

/// A value in hundredths as the document writes it: a whole number as an integer, `0.1` as a
/// float.
pub(crate) fn in_units(hundredths: i64) -> utoipa::Number {
    if hundredths % 100 == 0 {
        utoipa::Number::Int((hundredths / 100) as isize)
    } else {
        utoipa::Number::Float(hundredths as f64 / 100.0)
    }
}

/// A number of a [`Hundredths`] rule: at most two decimals (`multipleOf`), in its range. A
/// range from one hundredth is written as above 0, one to minus one hundredth as below 0 (the
/// same values, given the two decimals).
pub(crate) fn amount(rule: Hundredths) -> ObjectBuilder {
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
pub(crate) fn digits_in(rule: Whole) -> String {
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
pub(crate) fn fill_nines(n: i64, count: u32) -> i64 {
    let unit = 10_i64.pow(count);
    n - n % unit + unit - 1
}

/// `n` with its last `count` digits made 0.
pub(crate) fn zero_last(n: i64, count: u32) -> i64 {
    n - n % 10_i64.pow(count)
}

/// The numbers from `start` to `stop`, which have as many digits and differ in at most one
/// place before a tail of 0…0 to 9…9: `120..=159` is `1[2-5][0-9]`.
pub(crate) fn piece(start: i64, stop: i64) -> String {
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

pub(crate) fn one_of(values: &[&str]) -> RefOr<Schema> {
    done(string().enum_values(Some(values.iter().copied())))
}

/// The wire names of the kinds `keep` selects, in `ProxyKind::ALL`'s order: every list of
/// kinds below is derived from the enum, so a kind added there reaches the document.
pub(crate) fn kind_names(keep: impl Fn(ProxyKind) -> bool) -> Vec<&'static str> {
    ProxyKind::ALL
        .into_iter()
        .filter(|k| keep(*k))
        .map(ProxyKind::as_str)
        .collect()
}

/// `kind_names` as the alternatives of a pattern (`premium|budget|…`).
pub(crate) fn kind_words(keep: impl Fn(ProxyKind) -> bool) -> String {
    kind_names(keep).join("|")
}

/// The names of `domain::Role::ALL`.
pub(crate) fn role_names() -> Vec<&'static str> {
    domain::Role::ALL
        .into_iter()
        .map(domain::Role::as_str)
        .collect()
}

/// One of `words` or blank, read by `query_text::given` (no control character, trimmed).
pub(crate) fn given_choice(words: &str) -> RefOr<Schema> {
    let s = PLAIN_SPACE;
    done(string().pattern(Some(format!("^[{s}]*(?:{words})?[{s}]*$"))))
}

/// One of `values`, or null.
pub(crate) fn or_null(values: &[&str]) -> RefOr<Schema> {
    let values = values.iter().copied().map(Some).chain([None]);
    done(nullable_string().enum_values(Some(values)))
}
