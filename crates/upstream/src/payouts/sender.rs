//! What a payout sender is given and answers: [`PayoutOrder`], [`PayoutReceipt`],
//! [`PayoutReport`], [`PayoutError`], the [`PayoutSender`] trait, and the order id's rule.

use domain::{Cents, Coin};

/// One payout to send. `order_id` is the payout's unique id at the shop: the provider refuses a
/// second payout with the same one, so a retry never pays twice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutOrder {
    pub order_id: String,
    /// US dollars; the provider converts to `coin`.
    pub amount: Cents,
    pub coin: Coin,
    pub address: String,
    /// Where the provider reports the payout's status changes, when the shop takes them.
    pub callback_url: Option<String>,
}

/// The provider took the payout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutReceipt {
    /// The provider's id of the payout, when it gave one.
    pub provider_ref: Option<String>,
    /// The provider's status word at creation (Cryptomus: `process`, `check`, `paid`, ...).
    pub status: String,
    /// Whether that status is the payout's last (paid, or failed for good).
    pub is_final: bool,
}

/// What the provider says of a payout it took: a verified callback, or the answer to a status
/// query we made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutReport {
    /// Our order id of the payout.
    pub order_id: String,
    /// The provider's id of the payout, when given.
    pub provider_ref: Option<String>,
    /// The provider's status word (Cryptomus: `process`, `check`, `paid`, `fail`, `cancel`,
    /// `system_fail`).
    pub status: String,
    /// Whether that status is the payout's last.
    pub is_final: bool,
}

/// Why a payout was not sent, split by what the shop may do next.
#[derive(Debug, thiserror::Error)]
pub enum PayoutError {
    /// The provider answered and did not take the payout (or we could not reach it at all):
    /// nothing was paid; the payout may be retried or refused.
    #[error("the payout provider refused: {0}")]
    Refused(String),
    /// The provider may have taken the payout but its answer was lost (a timeout, a connection
    /// cut after sending): retry with the same order id, never refuse blindly.
    #[error("the payout provider's answer was lost: {0}")]
    Unknown(String),
    /// A request we must not send (an order id the provider would refuse), or a callback body
    /// that is not a payout report.
    #[error("malformed payout: {0}")]
    Malformed(String),
    /// A callback whose `sign` is missing or not the one the payout key gives: forged.
    #[error("the payout callback signature does not match")]
    BadSignature,
}

impl PayoutError {
    /// Whether the provider may have paid.
    pub fn outcome_unknown(&self) -> bool {
        matches!(self, PayoutError::Unknown(_))
    }
}

#[async_trait::async_trait]
pub trait PayoutSender: Send + Sync + std::fmt::Debug {
    /// "cryptomus" or "local", for logs.
    fn kind(&self) -> &'static str;

    async fn send(&self, order: &PayoutOrder) -> Result<PayoutReceipt, PayoutError>;

    /// The provider's current view of payout `order_id`; `Ok(None)` when it knows no such
    /// payout.
    async fn payout_info(&self, order_id: &str) -> Result<Option<PayoutReport>, PayoutError>;

    /// Verifies a status callback's signature (the payout key) and reads it. Nothing in the
    /// body is trusted before this returns `Ok`.
    fn verify_callback(&self, body: &[u8]) -> Result<PayoutReport, PayoutError>;
}

/// Cryptomus's order ids: 1 to 100 letters, digits, `_` and `-`.
pub(crate) fn check_order_id(order_id: &str) -> Result<(), PayoutError> {
    let fits = (1..=100).contains(&order_id.len())
        && order_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if fits {
        Ok(())
    } else {
        Err(PayoutError::Malformed(format!(
            "the order id {order_id:?} is not 1 to 100 letters, digits, _ or -"
        )))
    }
}
