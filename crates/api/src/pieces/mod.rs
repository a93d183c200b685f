//! Proxies sold by the piece: static residential, datacenter IPv4 and IPv6, LTE mobile
//! (`server_credentials`, `lte_credentials`, `get_proxy`, `proxies`;
//! docs/api.md#proxies-by-the-piece).

mod buy;
mod catalog;
mod list;
mod provider;
pub mod seed;

pub use buy::{__path_get_proxy, GetProxyRequest, GetProxyResponse, get_proxy};
pub use catalog::{
    __path_lte_credentials, __path_server_credentials, DatacenterCountry, LteData, LteRecord,
    LteResponse, ServerCredentialsData, ServerCredentialsResponse, StaticCredentials, StockCountry,
    StockIsp, lte_credentials, server_credentials,
};
pub use list::{__path_list_proxies, ProxiesResponse, ProxyItem, list_proxies};
pub use provider::poll_deliveries;

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/user/server_credentials",
        web::get().to(server_credentials),
    )
    .route("/user/lte_credentials", web::get().to(lte_credentials))
    .route("/user/get_proxy", web::post().to(get_proxy))
    .route("/user/proxies", web::get().to(list_proxies));
}
