//! The wallet: top-ups through the payment gateway (Cryptomus or the local checkout), the
//! gateway's signed callback, the wallet history and the referral programme
//! (docs/api.md#wallet) with its referral balance, its ledger and payouts, and the payout
//! provider's signed status callback (docs/api.md#referral-payouts). The books a payment report is applied to are `app::wallet`.

mod callback;
mod checkout;
mod create_payment;
mod history;
mod payout_callback;
mod referral_ledger;
mod referral_payouts;
mod referrals;

pub use checkout::{checkout_cancel, checkout_page, checkout_pay};
pub use create_payment::{PaymentCreated, PaymentRequest};
pub use history::{PaymentSummary, WalletHistory};
pub use referral_ledger::ReferralLedgerEntry;
pub use referral_payouts::{Payout, PayoutForm, PayoutList, TransferDone, TransferRequest};
pub use referrals::{ReferralBonus, ReferralHistory};

use actix_web::web;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(create_payment::create_payment)
        .service(callback::payment_callback)
        .service(history::wallet_history)
        .service(referrals::referral_history)
        .service(referral_payouts::referral_transfer)
        .service(referral_payouts::request_payout)
        .service(referral_payouts::list_my_payouts)
        .service(referral_ledger::referral_ledger)
        .service(payout_callback::payout_callback);
}

/// The local checkout's pages, outside `/api` (they are HTML for the customer's browser).
pub fn configure_checkout(cfg: &mut web::ServiceConfig) {
    cfg.route("/checkout/{id}", web::get().to(checkout_page))
        .route("/checkout/{id}/pay", web::post().to(checkout_pay))
        .route("/checkout/{id}/cancel", web::post().to(checkout_cancel));
}
