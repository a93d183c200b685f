//! The proxy lines an operator types for an order delivered by hand: `host:port:user:pass`, one
//! per ordered proxy (the password may itself contain `:`).

use crate::error::ApiError;
use domain::messages as msg;
use upstream::DeliveredProxy;

/// One line, or `None` when it is not `host:port:user:pass` with a port from 1 to 65535 and no
/// blanks.
fn parse_line(line: &str, order_id: i64, index: usize) -> Option<DeliveredProxy> {
    let line = line.trim();
    if line.chars().any(char::is_whitespace) {
        return None;
    }
    let mut parts = line.splitn(4, ':');
    let (host, port, user, pass) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let port: u16 = port.parse().ok().filter(|p| *p > 0)?;
    if host.is_empty() || user.is_empty() || pass.is_empty() {
        return None;
    }
    Some(DeliveredProxy {
        // Our id for a proxy no provider numbered: unique per order and line.
        upstream_id: format!("manual-{order_id}-{}", index + 1),
        host: host.to_owned(),
        port,
        username: user.to_owned(),
        password: pass.to_owned(),
        country: None,
    })
}

/// Exactly `quantity` valid lines, else 422 on the field `proxies`.
pub fn parse_lines(
    lines: &[String],
    quantity: i32,
    order_id: i64,
) -> Result<Vec<DeliveredProxy>, ApiError> {
    let refuse = || ApiError::field("proxies", msg::PROXY_LINES);
    if usize::try_from(quantity).ok() != Some(lines.len()) {
        return Err(refuse());
    }
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| parse_line(line, order_id, i).ok_or_else(refuse))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::parse_lines;

    fn lines(all: &[&str]) -> Vec<String> {
        all.iter().map(|l| (*l).to_owned()).collect()
    }

    #[test]
    fn exactly_quantity_valid_lines() {
        let ok = parse_lines(&lines(&["1.2.3.4:8080:u:p:x", " h.example:1:a:b "]), 2, 7).unwrap();
        assert_eq!(ok[0].password, "p:x");
        assert_eq!(ok[1].host, "h.example");
        assert_eq!(ok[1].upstream_id, "manual-7-2");
        for bad in [
            vec!["1.2.3.4:8080:u:p"],
            vec!["1.2.3.4:0:u:p", "h:1:a:b"],
            vec!["1.2.3.4:70000:u:p", "h:1:a:b"],
            vec!["1.2.3.4:80:u", "h:1:a:b"],
            vec![":80:u:p", "h:1:a:b"],
            vec!["h:80:u:p w", "h:1:a:b"],
            vec!["h:80::p", "h:1:a:b"],
        ] {
            assert!(parse_lines(&lines(&bad), 2, 7).is_err(), "{bad:?}");
        }
    }
}
