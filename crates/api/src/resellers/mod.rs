//! Resellers (docs/resellers.md): the reseller's routes under `/api/reseller/` (its account,
//! its clients, the traffic it moves to them and their ledger), open to an enabled reseller's
//! session or a key with the `resell` scope (`caller`), and the client's own ledger
//! `GET /api/user/allocations`. `form.rs` checks the bodies, `view.rs` shapes the answers,
//! `clients.rs` and `moves.rs` hold the handlers; `brand.rs` the reseller's white label,
//! `catalogue.rs` its catalogue and its clients' purchases from it (`/api/client/`),
//! `reports.rs` its report per client, `pool_alerts.rs` its low-pool alerts, `pieces.rs` the
//! pieces it assigns to its clients (and a client's own `GET /api/client/pieces`). The
//! brand's public side: `crate::brands`. What a client may call at all:
//! `client_access`. The operator's side: `admin::users::reseller`.

mod brand;
mod caller;
mod catalogue;
mod clients;
mod form;
mod moves;
mod pieces;
mod pool_alerts;
mod reports;
mod view;

pub use form::{AllocateRequest, CreateClientRequest, ReclaimRequest, UpdateClientRequest};
pub use view::{AllocationView, ClientView, ResellerView, TransferView};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(clients::reseller_account)
        .service(clients::list_clients)
        .service(clients::create_client)
        .service(clients::get_client)
        .service(clients::update_client)
        .service(clients::delete_client)
        .service(moves::allocate)
        .service(moves::reclaim)
        .service(moves::list_transfers)
        .service(moves::my_allocations)
        .service(brand::get_brand)
        .service(brand::put_brand)
        .service(brand::put_logo)
        .service(brand::delete_logo)
        .service(catalogue::get_catalogue)
        .service(catalogue::put_catalogue)
        .service(catalogue::client_catalogue)
        .service(catalogue::client_purchase)
        .service(reports::client_report)
        .service(pieces::client_pieces)
        .service(pieces::assign_piece)
        .service(pieces::take_back_piece)
        .service(pieces::list_piece_moves)
        .service(pieces::my_pieces)
        .service(pool_alerts::get_pool_alerts)
        .service(pool_alerts::put_pool_alerts);
}
