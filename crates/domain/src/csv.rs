//! CSV cells the exports share: RFC 4180 quoting with spreadsheet formulas defused (a cell
//! starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`), and
//! times in ISO-8601 UTC.

use crate::calendar::utc_day;

/// One cell, safe for a spreadsheet and quoted where CSV needs it.
pub fn cell(text: &str) -> String {
    let defused = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if defused.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", defused.replace('"', "\"\""))
    } else {
        defused
    }
}

/// ISO-8601 UTC (`2026-11-24T08:05:09Z`) of a unix time.
pub fn iso_utc(unix: i64) -> String {
    let seconds = unix.rem_euclid(86_400);
    format!(
        "{}T{:02}:{:02}:{:02}Z",
        utc_day(unix),
        seconds / 3600,
        seconds % 3600 / 60,
        seconds % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_defused_and_quoting_follows_rfc_4180() {
        assert_eq!(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(cell("+1"), "'+1");
        assert_eq!(cell("-2"), "'-2");
        assert_eq!(cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(cell("\tx"), "'\tx");
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("line\nbreak"), "\"line\nbreak\"");
        assert_eq!(cell("plain a=b"), "plain a=b");
        assert_eq!(cell(""), "");
    }

    #[test]
    fn times_are_iso_8601_utc() {
        assert_eq!(iso_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_utc(1_795_219_199), "2026-11-20T23:59:59Z");
        assert_eq!(iso_utc(1_795_219_200 + 3_600 + 62), "2026-11-21T01:01:02Z");
    }
}
