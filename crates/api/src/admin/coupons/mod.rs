//! Coupons for operators (`/api/admin/coupons`, docs/admin-api/prices.md): every coupon with its
//! uses, the revenue of the purchases that used it and the discount it gave; create and edit
//! (a coupon is switched off, never deleted: purchases name it).

mod form;
mod routes;
mod view;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(routes::list_coupons)
        .service(routes::create_coupon)
        .service(routes::update_coupon);
}
