//! What the use cases and background jobs reach: the pool, their settings and the outside
//! services. The API's state holds the one it builds (`api::state::AppState::services`, beside
//! what only requests need), and its background jobs run with that same one.

use crate::settings::JobSettings;
use persistence::DbPool;
use std::sync::Arc;
use upstream::{
    ExchangeRates, Mailer, PaymentGateway, PayoutSender, PieceSource, ResidentialSource,
    WebhookSender,
};

pub struct Services {
    pub pool: DbPool,
    pub settings: JobSettings,
    pub mailer: Arc<dyn Mailer>,
    /// The payment gateway taking top-ups; `None`: top-ups are off.
    pub payments: Option<Arc<dyn PaymentGateway>>,
    /// Sends approved referral payouts (Cryptomus, or the local stand-in under the local
    /// checkout); `None`: approvals are refused (payouts are off).
    pub payouts: Option<Arc<dyn PayoutSender>>,
    /// The provider of proxies sold by the piece; `None`: the local stock on our gateway.
    pub pieces: Option<Arc<dyn PieceSource>>,
    /// Where residential proxies come from: our gateway (local) or the provider.
    pub residential: Arc<dyn ResidentialSource>,
    /// Calls customers' webhooks (the `webhooks` job).
    pub webhooks: Arc<dyn WebhookSender>,
    /// Where the display currencies' exchange rates come from (Cryptomus, when configured);
    /// `None`: the `exchange_rates` job never ticks and the site shows USD only.
    pub rates: Option<Arc<dyn ExchangeRates>>,
}
