//! The customer export's lines, with the cells and times of `crate::csv` (RFC 4180 quoting,
//! formulas defused).

use super::view::AdminUserRow;
use crate::csv::{cell, iso_utc};

pub const HEADER: &str =
    "id,email,name,role,balance,disabled,ref_code,proxy_username,created_at,last_login_at\r\n";

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
