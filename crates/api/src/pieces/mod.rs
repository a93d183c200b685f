//! Proxies sold by the piece: static residential, datacenter IPv4 and IPv6, LTE mobile
//! (`server_credentials`, `lte_credentials`, `get_proxy`, `proxies`, `pieces` and their checks;
//! docs/api.md#proxies-by-the-piece). The orders, deliveries and renewals behind them are
//! `app::pieces`.

mod buy;
mod catalog;
mod check;
mod list;
mod local;
mod owned;

pub use buy::{GetProxyRequest, GetProxyResponse};
pub use catalog::{
    DatacenterCountry, DatacenterCredentialsResponse, LteCountriesResponse, LteRecord,
    LteRecordsResponse, LteResponse, ServerCredentialsResponse, StaticCredentials,
    StaticCredentialsResponse, StockCountry, StockIsp,
};
pub use list::ProxyItem;
pub use owned::{
    AutoRenewReply, AutoRenewRequest, PieceCheckView, PieceSettings, PieceView, PiecesResponse,
    RenewReply, RenewRequest,
};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(catalog::server_credentials)
        .service(catalog::lte_credentials)
        .service(buy::get_proxy)
        .service(list::list_proxies)
        .service(owned::list_pieces)
        .service(owned::set_auto_renew)
        .service(owned::renew)
        .service(check::check_piece)
        .service(owned::get_piece_settings)
        .service(owned::put_piece_settings);
}
