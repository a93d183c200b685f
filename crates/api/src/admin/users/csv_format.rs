//! The customer export's lines: RFC 4180 quoting, and every cell that a spreadsheet would read
//! as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) prefixed with `'`.

use super::row::AdminUserRow;
use domain::calendar::utc_day;

pub const HEADER: &str =
    "id,email,name,role,balance,disabled,ref_code,proxy_username,created_at,last_login_at\r\n";

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

/// One customer's line, ending in CRLF.
pub fn line(row: &AdminUserRow) -> String {
    let cells = [
        row.id.to_string(),
        cell(&row.email),
        cell(&row.name),
        cell(&row.role),
        row.balance.to_decimal_string(),
        row.disabled.to_string(),
        cell(&row.ref_code),
        cell(&row.proxy_username),
        iso_utc(row.created_at),
        row.last_login_at.map(iso_utc).unwrap_or_default(),
    ];
    let mut text = cells.join(",");
    text.push_str("\r\n");
    text
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
