//! What every handler can reach: the pool, the settings and the outside services.

use crate::readiness::Readiness;
use crate::settings::Settings;
use persistence::DbPool;
use std::sync::Arc;
use upstream::{
    GoogleVerifier, Mailer, PaymentGateway, PieceSource, ProxyChecker, ResidentialSource,
    WebhookSender,
};

pub struct AppState {
    pub pool: DbPool,
    pub settings: Settings,
    pub mailer: Arc<dyn Mailer>,
    pub google: Option<Arc<dyn GoogleVerifier>>,
    /// The payment gateway taking top-ups; `None`: top-ups are off (no Cryptomus keys and the
    /// local checkout not chosen), and `POST /api/payment` answers 503.
    pub payments: Option<Arc<dyn PaymentGateway>>,
    /// The provider of proxies sold by the piece; `None`: the local stock on our gateway.
    pub pieces: Option<Arc<dyn PieceSource>>,
    /// Where residential proxies come from: our gateway (local) or the provider.
    pub residential: Arc<dyn ResidentialSource>,
    /// Checks a customer's proxy line through our gateway (`POST /api/user/check`).
    pub checker: Arc<dyn ProxyChecker>,
    /// Calls customers' webhooks (the `webhooks` job).
    pub webhooks: Arc<dyn WebhookSender>,
    /// The site's public URL without a trailing slash (links, callbacks, redirects).
    pub public_url: String,
    /// Keys the hashes of email verification codes (derived from the session secret).
    pub code_key: [u8; 32],
    /// Turns `/readyz` to 503 once shutdown begins.
    pub readiness: Readiness,
}
