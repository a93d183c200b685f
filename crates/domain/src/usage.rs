//! The usage record of one gateway connection: which credential opened it and how it ended.
//! Stored and sent as these names (`names!`).

use crate::names::names;

names! {
    /// What opened a connection: the customer's main proxy account, a sub-user, an entry of
    /// the IP allowlist, or a piece's own credential.
    pub enum CredentialKind {
        Main => "main",
        Subuser => "subuser",
        Allowlist => "allowlist",
        Piece => "piece",
    }
}

names! {
    /// How a connection ended: served (`ok`), refused once the customer was known (no
    /// traffic, disabled, expired, too many connections, destination not allowed), the
    /// destination failed (`upstream_error`), or cut when the traffic ran out (`cut_quota`).
    pub enum Outcome {
        Ok => "ok",
        Refused => "refused",
        UpstreamError => "upstream_error",
        CutQuota => "cut_quota",
    }
}

names! {
    /// What a breakdown of the usage records sums by (`GET /api/user/usage/breakdown?by=`).
    pub enum Grouping {
        Host => "host",
        Credential => "credential",
        Day => "day",
        Hour => "hour",
    }
}

/// Longest target host kept in a record (a DNS name is at most 253 characters).
pub const HOST_MAX: usize = 255;

/// `host` cut to [`HOST_MAX`] bytes on a character boundary.
pub fn capped_host(host: &str) -> &str {
    if host.len() <= HOST_MAX {
        return host;
    }
    let mut end = HOST_MAX;
    while !host.is_char_boundary(end) {
        end -= 1;
    }
    &host[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_hosts_are_capped_on_a_boundary() {
        for o in Outcome::ALL {
            assert_eq!(Outcome::parse(o.as_str()), Some(o));
        }
        assert_eq!(
            CredentialKind::parse("subuser"),
            Some(CredentialKind::Subuser)
        );
        assert_eq!(Outcome::parse("OK"), None);
        assert_eq!(capped_host("example.com"), "example.com");
        let long = "é".repeat(200);
        let cut = capped_host(&long);
        assert!(cut.len() <= HOST_MAX && cut.len() >= HOST_MAX - 1);
        assert!(long.starts_with(cut));
    }
}
