//! Coupons as customers apply them (`POST /api/user/coupons/check`, docs/api.md#coupons); the
//! purchase routes take the code themselves.

mod check;

pub(crate) use check::limit_coupon_tries;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(check::check_coupon);
}
