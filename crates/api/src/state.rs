//! What every handler can reach: the services the use cases share with the background jobs
//! (`app::state::Services`: the pool, the mailer, the providers), the API's settings and what
//! only requests need.

use crate::readiness::Readiness;
use crate::settings::Settings;
use app::state::Services;
use std::sync::Arc;
use upstream::{GoogleVerifier, ProxyChecker};

pub struct AppState {
    /// The pool and the outside services, the same ones the background jobs run with. The
    /// payment gateway is `None` when top-ups are off (no Cryptomus keys and the local checkout
    /// not chosen), and `POST /api/payment` answers 503.
    pub services: Arc<Services>,
    pub settings: Settings,
    pub google: Option<Arc<dyn GoogleVerifier>>,
    /// Checks a customer's proxy line through our gateway (`POST /api/user/check`).
    pub checker: Arc<dyn ProxyChecker>,
    /// The site's public URL without a trailing slash (links, callbacks, redirects).
    pub public_url: String,
    /// Keys the hashes of email verification codes (derived from the session secret).
    pub code_key: [u8; 32],
    /// Turns `/readyz` to 503 once shutdown begins.
    pub readiness: Readiness,
    /// The status page's last computed answer (`crate::status`).
    pub status: crate::status_cache::StatusCache,
}
