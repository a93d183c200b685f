//! Records where a signed-in session is used from: the client address (`ClientIp`, which
//! follows `PROXYSHOP_TRUST_FORWARDED_FOR`), the user agent (at most 255 bytes) and the time.
//! Recorded at sign-in and then at most once a minute (the session row's `last_seen_at`, read
//! with the session, says when it last was), so that a busy session costs no extra write per
//! request; the store writes them to the row's columns.

use crate::extractors::ClientIp;
use crate::key_caller::KeyCaller;
use crate::session::SessionExt;
use crate::session::{Client, USER_ID_KEY};
use crate::settings::SESSION_SEEN_EVERY_SECS;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::USER_AGENT;
use actix_web::middleware::Next;
use actix_web::{Error, FromRequest, HttpMessage};

/// The longest user agent kept.
const AGENT_MAX_BYTES: usize = 255;

/// `agent` cut to `AGENT_MAX_BYTES` on a character boundary.
fn truncate(agent: &str) -> &str {
    if agent.len() <= AGENT_MAX_BYTES {
        return agent;
    }
    let mut end = AGENT_MAX_BYTES;
    while !agent.is_char_boundary(end) {
        end -= 1;
    }
    &agent[..end]
}

/// Middleware inside the session middleware: after the handler, a session with a signed-in
/// user whose client was not recorded in the last minute gets it recorded. The address and the
/// user agent are read only then: most requests of a busy session find nothing to record.
pub async fn record(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let response = next.call(req).await?;
    let request = response.request();
    // A request made with an API key acts as the key, never as a session it may also carry.
    if request.extensions().contains::<KeyCaller>() {
        return Ok(response);
    }
    let session = request.get_session();
    let signed_in = session
        .get::<domain::UserId>(USER_ID_KEY)
        .ok()
        .flatten()
        .is_some();
    if signed_in {
        let now = persistence::now();
        let seen = session.client_seen();
        if seen.is_none_or(|t| now - t >= SESSION_SEEN_EVERY_SECS || t > now) {
            let ip = ClientIp::extract(request).await.map(|ip| ip.0).ok();
            let agent = request
                .headers()
                .get(USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .map(|agent| truncate(agent).to_owned());
            session.record_client(Client {
                ip,
                agent,
                seen: now,
            });
        }
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::truncate;

    #[test]
    fn long_agents_are_cut_on_a_character_boundary() {
        let long = "é".repeat(200);
        let cut = truncate(&long);
        assert!(cut.len() <= 255);
        assert_eq!(cut.len(), 254);
        assert_eq!(truncate("short"), "short");
    }
}
