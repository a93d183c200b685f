//! A generated proxy line read back: host, port, username and password from any of the four
//! output formats (`targeting::ProxyFormat`). `host:port:user:pass` and `user:pass:host:port`
//! look alike, so a line can have two readings; [`ProxyLine::readings`] gives both and the
//! caller keeps the one whose host and port it recognises (the checker: its own gateway).

use crate::targeting::ProxyFormat;

/// The longest line read; generated lines are far shorter.
pub const MAX_LINE: usize = 512;

/// One reading of a proxy line. `Debug` leaves out the password.
#[derive(Clone, PartialEq, Eq)]
pub struct ProxyLine {
    pub host: String,
    pub port: u16,
    pub username: String,
    pub password: String,
}

impl std::fmt::Debug for ProxyLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProxyLine")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("username", &self.username)
            .finish_non_exhaustive()
    }
}

impl ProxyLine {
    /// Every way `line` reads in one of the four formats (none when it is no proxy line).
    pub fn readings(line: &str) -> Vec<ProxyLine> {
        let line = line.trim();
        if line.is_empty() || line.len() > MAX_LINE || line.chars().any(char::is_whitespace) {
            return Vec::new();
        }
        let mut found = Vec::new();
        let mut keep = |host: &str, port: &str, username: &str, password: &str| {
            let Some(port) = parse_port(port) else { return };
            if host.is_empty() || username.is_empty() || password.is_empty() {
                return;
            }
            let reading = ProxyLine {
                host: host.to_ascii_lowercase(),
                port,
                username: username.to_owned(),
                password: password.to_owned(),
            };
            if !found.contains(&reading) {
                found.push(reading);
            }
        };
        if let Some((left, right)) = line.split_once('@') {
            // host:port@user:pass or user:pass@host:port
            if let (Some((a, b)), Some((c, d))) = (left.split_once(':'), right.split_once(':'))
                && !b.contains(':')
                && !d.contains(':')
                && !right.contains('@')
            {
                keep(a, b, c, d);
                keep(c, d, a, b);
            }
            return found;
        }
        let parts: Vec<&str> = line.split(':').collect();
        if let [a, b, c, d] = parts[..] {
            keep(a, b, c, d);
            keep(c, d, a, b);
        }
        found
    }

    /// The line in `format`, as the generator writes it.
    pub fn render(&self, format: ProxyFormat) -> String {
        format.render(&self.host, self.port, &self.username, &self.password)
    }
}

/// What stands for a password that is not shown.
pub const MASK: &str = "••••••";

/// `line` with its password masked: every part that is the password in some reading of the
/// line (both, when it reads two ways) becomes [`MASK`]; a line that reads as no proxy line is
/// masked whole, since where its password is cannot be told.
pub fn mask_password(line: &str) -> String {
    let readings = ProxyLine::readings(line);
    if readings.is_empty() {
        return MASK.to_owned();
    }
    let line = line.trim();
    let (separator, halves) = match line.split_once('@') {
        Some((left, right)) => ("@", vec![left, right]),
        None => ("", vec![line]),
    };
    // Parts of each half, by position; a reading's password is at a known position.
    let mut parts: Vec<Vec<String>> = halves
        .iter()
        .map(|half| half.split(':').map(str::to_owned).collect())
        .collect();
    let passwords: Vec<&str> = readings.iter().map(|r| r.password.as_str()).collect();
    for half in &mut parts {
        for (index, part) in half.iter_mut().enumerate() {
            // In `a:b:c:d` the password is the 2nd or the 4th part; in `x:y@z:w`, the 2nd of
            // a half.
            if index % 2 == 1 && passwords.contains(&part.as_str()) {
                *part = MASK.to_owned();
            }
        }
    }
    parts
        .iter()
        .map(|half| half.join(":"))
        .collect::<Vec<_>>()
        .join(separator)
}

fn parse_port(text: &str) -> Option<u16> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|p| *p != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masking_hides_the_password_in_every_format() {
        assert_eq!(
            mask_password("gw.example:8000:user-1:s3cret"),
            "gw.example:8000:user-1:••••••"
        );
        assert_eq!(
            mask_password("user-1:s3cret:gw.example:8000"),
            "user-1:••••••:gw.example:8000"
        );
        assert_eq!(
            mask_password("gw.example:8000@user-1:s3cret"),
            "gw.example:8000@user-1:••••••"
        );
        assert_eq!(
            mask_password("user-1:s3cret@gw.example:8000"),
            "user-1:••••••@gw.example:8000"
        );
        // Reads two ways (the password could be a port): both candidates are masked.
        assert_eq!(
            mask_password("10.0.0.1:8000:user:9000"),
            "10.0.0.1:••••••:user:••••••"
        );
        assert_eq!(mask_password("not a proxy line"), MASK);
        assert_eq!(mask_password("a:b:c"), MASK);
        for line in ["h:1:u:pw", "u:pw:h:1", "h:1@u:pw", "u:pw@h:1"] {
            assert!(!mask_password(line).contains("pw"), "{line}");
        }
    }

    fn line() -> ProxyLine {
        ProxyLine {
            host: "gw.example".into(),
            port: 8000,
            username: "u1-type-premium-session-ab12cd34".into(),
            password: "pw".into(),
        }
    }

    #[test]
    fn every_format_reads_back() {
        for format in ProxyFormat::ALL {
            let readings = ProxyLine::readings(&line().render(format));
            assert_eq!(readings, vec![line()], "{format:?}");
        }
    }

    #[test]
    fn a_numeric_password_gives_two_readings() {
        let readings = ProxyLine::readings("gw.example:8000:user:1234");
        assert_eq!(readings.len(), 2);
        assert_eq!(readings[0].host, "gw.example");
        assert_eq!(readings[1].host, "user");
    }

    #[test]
    fn non_lines_have_no_reading() {
        for bad in [
            "",
            "gw.example:8000",
            "gw.example:8000:user",
            "a:b:c:d:e",
            "gw.example:0:user:pass",
            "gw.example:70000:user:pass",
            "gw.example:80x:user:pass",
            "gw.example:8000@user:pass@x",
            "gw.example:8000:us er:pass",
            "http://gw.example:8000",
        ] {
            assert!(ProxyLine::readings(bad).is_empty(), "{bad}");
        }
        assert!(ProxyLine::readings(&"a".repeat(600)).is_empty());
    }
}
