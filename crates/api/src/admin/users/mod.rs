//! The operator's customer routes (`/api/admin/users*`, docs/admin-api/customers.md): the list
//! and its CSV export, one customer's detail and ledger, and the changes (balance, traffic,
//! disable/enable, role), each in one transaction with its audit row.

mod access;
mod balance;
mod csv;
mod csv_format;
mod detail;
mod filter;
mod ledger;
mod list;
mod role;
mod traffic;
mod view;

pub use view::AdminUserRow;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list::list_users)
        .service(csv::export_users)
        .service(detail::user_detail)
        .service(ledger::user_ledger)
        .service(balance::change_balance)
        .service(traffic::change_traffic)
        .service(access::disable_user)
        .service(access::enable_user)
        .service(role::change_role);
}
