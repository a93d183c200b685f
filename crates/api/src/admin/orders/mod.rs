//! Piece orders for operators (`/api/admin/orders`, docs/admin-api/orders.md): the list, and
//! settling by hand an order the provider left `pending` or `unknown`.

mod lines;
mod list;
mod resolve;
mod view;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list::list_orders)
        .service(resolve::resolve_order);
}
