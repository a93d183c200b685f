//! The piece stock for operators (`/api/admin/stock`, docs/admin-api/stock.md): every entry,
//! inactive ones too; add entries, change capacities, open or close entries for sale.

mod form;
mod routes;
mod view;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(routes::list_stock)
        .service(routes::create_stock)
        .service(routes::update_stock);
}
