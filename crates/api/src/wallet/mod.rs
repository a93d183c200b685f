//! The wallet: top-ups through the payment gateway (Cryptomus or the local checkout), the
//! gateway's signed callback, the wallet history and the referral programme
//! (docs/api.md#wallet).

mod callback;
mod checkout;
mod create_payment;
mod history;
pub mod reconcile;
mod referrals;
pub mod service;

pub use callback::{__path_payment_callback, payment_callback};
pub use checkout::{checkout_cancel, checkout_page, checkout_pay};
pub use create_payment::{__path_create_payment, PaymentCreated, PaymentRequest, create_payment};
pub use history::{
    __path_wallet_history, LedgerEntry, PaymentSummary, WalletHistory, wallet_history,
};
pub use referrals::{__path_referral_history, ReferralBonus, ReferralHistory, referral_history};

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/payment", web::post().to(create_payment))
        .route("/payment/callback", web::post().to(payment_callback))
        .route("/user/wallet", web::get().to(wallet_history))
        .route("/user/referrals", web::get().to(referral_history));
}

/// The local checkout's pages, outside `/api` (they are HTML for the customer's browser).
pub fn configure_checkout(cfg: &mut web::ServiceConfig) {
    cfg.route("/checkout/{id}", web::get().to(checkout_page))
        .route("/checkout/{id}/pay", web::post().to(checkout_pay))
        .route("/checkout/{id}/cancel", web::post().to(checkout_cancel));
}
