//! The operator's referral payouts (docs/admin-api/payouts.md): the list
//! (`GET /api/admin/payouts?status=`), and the decision on one, approved (sent through the payout
//! provider) or refused with a reason (the amount returns to the customer's referral balance),
//! each audited in the transaction that makes it.

mod decide;
mod list;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list::list_payouts)
        .service(decide::approve_payout)
        .service(decide::refuse_payout);
}
