//! What a dial through a pool answers when it fails ([`PoolFailure`], [`DialError`]) and the
//! credentials a pool's templates render ([`credentials`]): the leaf the handshake and the probe
//! share, re-exported by `chain`.

use domain::Targeting;
use domain::credential_template::TemplateValues;
use domain::upstream_pool::PoolRoute;

/// Why a pool failed a connection, before any byte of the destination's; another pool may be
/// tried. `Display` is the sentence an operator reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PoolFailure {
    #[error("The pool refused the connection or could not be reached")]
    ConnectFailed,
    #[error("The pool did not answer in time")]
    Timeout,
    #[error("The pool rejected the credentials")]
    AuthRejected,
    #[error("The pool answered with an error of its own")]
    PoolError,
    #[error("The pool closed the connection")]
    Closed,
    #[error("The connection to the pool failed")]
    ConnectionFailed,
    #[error("The rendered credentials are longer than SOCKS5 allows (255 bytes)")]
    CredentialsTooLong,
}

impl PoolFailure {
    /// The `outcome` label of `proxyshop_upstream_connects_total`.
    pub fn label(self) -> &'static str {
        match self {
            PoolFailure::ConnectFailed => "connect_failed",
            PoolFailure::Timeout => "timeout",
            PoolFailure::AuthRejected => "auth_rejected",
            PoolFailure::PoolError => "pool_error",
            PoolFailure::Closed => "closed",
            PoolFailure::ConnectionFailed => "connection_failed",
            PoolFailure::CredentialsTooLong => "credentials_too_long",
        }
    }
}

/// How a dial through a pool failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DialError {
    /// The pool's own failure: try the next pool.
    Pool(PoolFailure),
    /// The pool reached its network but the destination failed (or did not answer in time):
    /// tell the customer, try no other pool.
    Destination { timed_out: bool },
}

/// What an upstream's `Proxy-Status` error type (RFC 9209 §2.3) means for the relay: the
/// destination's failure (a name that does not resolve, an address that refuses or does not
/// answer: tell the customer, try no other pool), or the pool's own (its configuration, its
/// policy, its internal error: another pool may do better).
pub fn proxy_status(error: &str) -> DialError {
    const TIMED_OUT: [&str; 5] = [
        "dns_timeout",
        "connection_timeout",
        "connection_read_timeout",
        "connection_write_timeout",
        "http_response_first_byte_timeout",
    ];
    const DESTINATION: [&str; 8] = [
        "dns_error",
        "destination_not_found",
        "destination_unavailable",
        "destination_ip_unroutable",
        "connection_refused",
        "connection_terminated",
        "http_response_incomplete",
        "tls_certificate_error",
    ];
    if TIMED_OUT.contains(&error) {
        DialError::Destination { timed_out: true }
    } else if DESTINATION.contains(&error) {
        DialError::Destination { timed_out: false }
    } else {
        DialError::Pool(PoolFailure::PoolError)
    }
}

/// The credentials `route` renders for `targeting` (none: the pool's plain templates with no
/// targeting, as a probe uses them).
pub fn credentials(route: &PoolRoute, targeting: Option<&Targeting>) -> (String, String) {
    let values = TemplateValues {
        username: &route.username,
        password: &route.password,
        country: targeting.and_then(|t| t.country.as_deref()),
        state: targeting.and_then(|t| t.state.as_deref()),
        city: targeting.and_then(|t| t.city.as_deref()),
        session: targeting.and_then(|t| t.session.as_deref()),
        lifetime_minutes: targeting.and_then(|t| t.lifetime_minutes),
    };
    (
        route.username_template.render(&values),
        route.password_template.render(&values),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proxy_status_error_is_the_destinations_or_the_pools() {
        assert_eq!(
            proxy_status("dns_timeout"),
            DialError::Destination { timed_out: true }
        );
        assert_eq!(
            proxy_status("connection_refused"),
            DialError::Destination { timed_out: false }
        );
        for pools in ["proxy_internal_error", "http_request_denied", "made_up"] {
            assert_eq!(
                proxy_status(pools),
                DialError::Pool(PoolFailure::PoolError),
                "{pools}"
            );
        }
    }
}
