//! The abuse desk's rules: a report's destination (a host name or an IP address, written as the
//! gateway records it), its window (at most a day), its texts, and a case's states.

use crate::messages as msg;
use crate::names::names;
use crate::rules::{Controls, TrimmedText};
use std::net::IpAddr;

names! {
    /// Where a case stands: reported (`open`), the reporter answered (`answered`), done (`closed`).
    pub enum CaseStatus {
        Open => "open",
        Answered => "answered",
        Closed => "closed",
    }
}

/// The longest window a report may name: attribution reads at most a day of records.
pub const MAX_WINDOW_SECS: i64 = 24 * 3600;

/// What the reporter says happened.
pub const DESCRIPTION: TrimmedText = TrimmedText {
    min_chars: 10,
    max_chars: 5000,
    controls: Controls::LineBreaks,
};

/// Evidence pasted into the form (log lines, headers); optional (blank is none).
pub const EVIDENCE: TrimmedText = TrimmedText {
    min_chars: 1,
    max_chars: 20_000,
    controls: Controls::LineBreaks,
};

/// The operator's reply to the reporter or warning to the customer.
pub const MESSAGE: TrimmedText = TrimmedText {
    min_chars: 10,
    max_chars: 5000,
    controls: Controls::LineBreaks,
};

/// The longest destination, in bytes (a DNS name's limit).
pub const DESTINATION_MAX: usize = 253;

/// A reported destination as the gateway records it: an IP address in its canonical form
/// (brackets around IPv6 dropped), or a host name in lower case without a trailing dot.
pub fn destination(raw: &str) -> Result<String, &'static str> {
    let value = raw.trim();
    let value = value
        .strip_prefix('[')
        .and_then(|v| v.strip_suffix(']'))
        .unwrap_or(value);
    if let Ok(ip) = value.parse::<IpAddr>() {
        return Ok(ip.to_string());
    }
    let name = value
        .strip_suffix('.')
        .unwrap_or(value)
        .to_ascii_lowercase();
    let label_ok = |label: &str| {
        (1..=63).contains(&label.len())
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    if name.len() <= DESTINATION_MAX && name.contains('.') && name.split('.').all(label_ok) {
        Ok(name)
    } else {
        Err(msg::ABUSE_DESTINATION_INVALID)
    }
}

/// The window `[from, to]` (Unix seconds): `to` after `from`, at most [`MAX_WINDOW_SECS`]
/// apart, not in the future (`now`, with a minute's leeway for clocks).
pub fn window(from: i64, to: i64, now: i64) -> Result<(i64, i64), &'static str> {
    if to <= from || to - from > MAX_WINDOW_SECS {
        return Err(msg::ABUSE_WINDOW_INVALID);
    }
    if from > now + 60 {
        return Err(msg::ABUSE_WINDOW_FUTURE);
    }
    Ok((from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn destinations_are_written_as_the_gateway_records_them() {
        assert_eq!(destination(" Example.COM. ").as_deref(), Ok("example.com"));
        assert_eq!(destination("[2001:DB8::1]").as_deref(), Ok("2001:db8::1"));
        assert_eq!(destination("203.0.113.9").as_deref(), Ok("203.0.113.9"));
        assert_eq!(
            destination("a_b.example.org").as_deref(),
            Ok("a_b.example.org")
        );
        for bad in [
            "",
            "localhost",
            "exa mple.com",
            "-a.com",
            "a..com",
            "http://x.com/",
        ] {
            assert_eq!(
                destination(bad),
                Err(msg::ABUSE_DESTINATION_INVALID),
                "{bad}"
            );
        }
        let long = format!("{}.com", "a.".repeat(130));
        assert!(destination(&long).is_err());
    }

    #[test]
    fn a_window_is_at_most_a_day_and_not_ahead() {
        assert_eq!(
            window(0, MAX_WINDOW_SECS, 100_000),
            Ok((0, MAX_WINDOW_SECS))
        );
        assert!(window(0, MAX_WINDOW_SECS + 1, 100_000).is_err());
        assert!(window(10, 10, 100_000).is_err());
        assert!(window(10, 5, 100_000).is_err());
        assert_eq!(window(1000, 2000, 900), Err(msg::ABUSE_WINDOW_FUTURE));
        assert_eq!(CaseStatus::parse("answered"), Some(CaseStatus::Answered));
    }
}
