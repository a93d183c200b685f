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

names! {
    /// The file usage records export as: CSV (a header row, one line per record) or JSON (one
    /// array of record objects shaped as `GET /api/user/requests` lists them).
    pub enum ExportFormat {
        Csv => "csv",
        Json => "json",
    }
}

impl ExportFormat {
    /// The file's media type.
    pub fn content_type(self) -> &'static str {
        match self {
            ExportFormat::Csv => "text/csv; charset=utf-8",
            ExportFormat::Json => "application/json",
        }
    }

    /// The file name's extension, without the dot.
    pub fn extension(self) -> &'static str {
        self.as_str()
    }
}

/// The reasons of the failures that are the shop's own, each before any byte of the destination
/// reached the customer: the gateway had no descriptor to spare (`gateway_busy`), no active pool
/// serves the kind (`no_pool_serves`), every pool tried refused or failed (`pools_failed`). Such
/// a connection is not charged: the gateway counts bytes only as they cross to the destination or
/// back, and these end with none counted (a request whose body had gone up before its pool
/// failed is `pool_failed_after_upload` instead, and charged for that body). A failure that is
/// the customer's (a wrong password, a blocked destination, a destination that refuses, times
/// out or does not resolve) is charged as any connection: for what it moved, usually nothing.
pub const NOT_CHARGED_REASONS: [&str; 3] = ["gateway_busy", "no_pool_serves", "pools_failed"];

/// Whether a connection that ended with `outcome` and `reason` was charged: all but the shop's
/// own failures ([`NOT_CHARGED_REASONS`]).
pub fn charged(outcome: Outcome, reason: Option<&str>) -> bool {
    !(outcome == Outcome::UpstreamError && reason.is_some_and(|r| NOT_CHARGED_REASONS.contains(&r)))
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
    fn only_the_shops_own_failures_are_not_charged() {
        for reason in NOT_CHARGED_REASONS {
            assert!(!charged(Outcome::UpstreamError, Some(reason)), "{reason}");
            assert!(charged(Outcome::Refused, Some(reason)), "{reason}");
        }
        for reason in [
            "connect_failed",
            "timeout",
            "resolve_failed",
            "no_response",
            "pool_failed_after_upload",
        ] {
            assert!(charged(Outcome::UpstreamError, Some(reason)), "{reason}");
        }
        assert!(charged(Outcome::UpstreamError, None));
        assert!(charged(Outcome::Ok, None));
        assert!(charged(Outcome::CutQuota, Some("traffic_exhausted")));
    }

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
