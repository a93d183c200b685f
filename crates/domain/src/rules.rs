//! The rules of single request values, each stated once. A parser checks its value with the
//! descriptor here or beside it (`account::PASSWORD_MIN`, `account_forms::PROFILE_NAME`,
//! `payment::MIN_TOPUP`, …), and the API's OpenAPI document derives the field's schema from the
//! same descriptor (`api::openapi::rules`), so a bound changed here changes both. Where a parser
//! is hand-written logic no descriptor captures (an email, a URL, a network), its module keeps
//! the pattern the document states beside it, and the API's tests hold the two together on
//! samples.
//!
//! This module also holds the rules whose parsers live in the API (an operator's reason, a
//! note, names of plans and keys, amounts typed as JSON numbers, the summary window, a trial
//! allowance): the API reads them from here so that its handlers and its document share them
//! without one importing the other.

use std::ops::RangeInclusive;

/// Text checked once trimmed: its length in characters and the control characters it may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrimmedText {
    pub min_chars: usize,
    pub max_chars: usize,
    pub controls: Controls,
}

/// Which control characters (`char::is_control`) a text may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Controls {
    Any,
    /// Line feeds only.
    LineBreaks,
    None,
}

impl Controls {
    pub fn allows(self, c: char) -> bool {
        !c.is_control()
            || match self {
                Controls::Any => true,
                Controls::LineBreaks => c == '\n',
                Controls::None => false,
            }
    }
}

impl TrimmedText {
    /// Whether `text`, trimmed, satisfies the rule.
    pub fn allows(&self, text: &str) -> bool {
        let text = text.trim();
        (self.min_chars..=self.max_chars).contains(&text.chars().count())
            && text.chars().all(|c| self.controls.allows(c))
    }
}

/// A whole number from `min` to `max`, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Whole {
    pub min: i64,
    pub max: i64,
}

impl Whole {
    pub const fn range(&self) -> RangeInclusive<i64> {
        self.min..=self.max
    }

    pub fn contains(&self, n: i64) -> bool {
        self.range().contains(&n)
    }
}

/// An amount typed with at most two decimals (`numbers::hundredths`), from `min` to `max`
/// hundredths, both included: `Hundredths { min: 1, .. }` is "above 0".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hundredths {
    pub min: i64,
    pub max: i64,
}

impl Hundredths {
    pub fn contains(&self, hundredths: i64) -> bool {
        (self.min..=self.max).contains(&hundredths)
    }
}

/// The control characters (`char::is_control`) as the inside of a pattern's character class.
pub const CONTROL_CLASS: &str = r"\x00-\x1f\x7f-\x9f";
/// [`CONTROL_CLASS`] less the line feed.
pub const CONTROL_BUT_LINE_FEED_CLASS: &str = r"\x00-\x09\x0b-\x1f\x7f-\x9f";
/// One domain label in a pattern: letters, digits and inner hyphens (`Email`, `WebhookUrl`).
pub const LABEL_PATTERN: &str = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?";

/// An operator's reason for an action (`api::admin::audit_trail::reason`).
pub const REASON: TrimmedText = TrimmedText {
    min_chars: 3,
    max_chars: 200,
    controls: Controls::Any,
};

/// An operator's note on a customer (`api::admin::users::notes::note_text`).
pub const NOTE: TrimmedText = TrimmedText {
    min_chars: 1,
    max_chars: 1000,
    controls: Controls::LineBreaks,
};

/// A plan's name (`api::admin::plans::form`).
pub const PLAN_NAME: TrimmedText = TrimmedText {
    min_chars: 1,
    max_chars: 80,
    controls: Controls::Any,
};

/// An API key's name (`api::api_keys::form`).
pub const KEY_NAME: TrimmedText = TrimmedText {
    min_chars: 1,
    max_chars: 60,
    controls: Controls::Any,
};

/// The largest amount typed as a JSON number, either way, in hundredths: 100000.
const AMOUNT_LIMIT: i64 = 100_000 * 100;

/// An amount the operator adds or takes (dollars, GB; `api::number::hundredths`): non-zero,
/// at most 100000 either way — below zero or above zero.
pub const SIGNED_AMOUNT: [Hundredths; 2] = [
    Hundredths {
        min: -AMOUNT_LIMIT,
        max: -1,
    },
    POSITIVE_AMOUNT,
];

/// A positive amount typed as a JSON number (a sub-user's GB cap, a balance alert in dollars):
/// above 0, at most 100000.
pub const POSITIVE_AMOUNT: Hundredths = Hundredths {
    min: 1,
    max: AMOUNT_LIMIT,
};

/// `GET /api/admin/summary?days=`: how many days the overview covers.
pub const SUMMARY_DAYS: Whole = Whole { min: 1, max: 365 };

/// How many more trials an operator lets a network have today (`api::admin::trials`).
pub const TRIAL_ALLOWANCE: Whole = Whole { min: 1, max: 1000 };

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trimmed_text_counts_characters_after_trimming() {
        assert!(REASON.allows("  abc  "));
        assert!(!REASON.allows(" ab "));
        assert!(REASON.allows(&"é".repeat(200)));
        assert!(!REASON.allows(&"é".repeat(201)));
        assert!(REASON.allows("a\tb"));
        assert!(NOTE.allows("a\nb"));
        assert!(!NOTE.allows("a\tb"));
        assert!(!NOTE.allows("   "));
    }

    #[test]
    fn signed_amounts_leave_out_zero() {
        let allows = |h| SIGNED_AMOUNT.iter().any(|r| r.contains(h));
        assert!(allows(-AMOUNT_LIMIT) && allows(-1) && allows(1) && allows(AMOUNT_LIMIT));
        assert!(!allows(0) && !allows(AMOUNT_LIMIT + 1) && !allows(-AMOUNT_LIMIT - 1));
    }
}
