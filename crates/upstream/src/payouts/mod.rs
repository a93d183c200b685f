//! Referral payouts sent to customers' crypto addresses: the [`PayoutSender`] trait, Cryptomus
//! payouts ([`CryptomusPayouts`], signed with the **payout** key, which differs from the payment
//! key) with their status callbacks and `/v1/payout/info`, and the [`LocalPayouts`] stand-in
//! used under the local checkout, which pays nothing and reports every payout as paid.

mod cryptomus;
mod local;
mod sender;

pub use cryptomus::CryptomusPayouts;
pub use local::LocalPayouts;
pub use sender::{PayoutError, PayoutOrder, PayoutReceipt, PayoutReport, PayoutSender};
