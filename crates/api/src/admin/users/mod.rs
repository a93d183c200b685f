//! The operator's customer routes (`/api/admin/users*`, docs/admin-api/customers.md): the list
//! and its CSV export, one customer's detail and ledger (and the ledger's CSV export), the
//! changes (balance, traffic, disable/enable, role, reseller terms), each in one transaction with its audit
//! row; customer care (a new code for an address waiting to be verified, a forced password
//! reset, notes), the read-only, audited view of what the customer sees, and the customer's
//! connection records with the upstream pool of each.

mod access;
mod balance;
mod csv;
mod csv_format;
pub(crate) mod customer;
mod detail;
mod filter;
mod force_reset;
mod ledger;
mod ledger_csv;
mod list;
mod notes;
mod prices;
mod requests;
mod reseller;
mod role;
mod traffic;
mod verification;
mod view;
mod view_as;

pub use view::AdminUserRow;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list::list_users)
        .service(csv::export_users)
        .service(detail::user_detail)
        .service(ledger::user_ledger)
        .service(ledger_csv::export_ledger)
        .service(balance::change_balance)
        .service(traffic::change_traffic)
        .service(access::disable_user)
        .service(access::enable_user)
        .service(role::change_role)
        .service(reseller::set_reseller)
        .service(prices::customer_prices)
        .service(prices::set_customer_price)
        .service(verification::resend_verification)
        .service(force_reset::force_password_reset)
        .service(notes::list_notes)
        .service(notes::add_note)
        .service(view_as::view_as_customer)
        .service(requests::customer_requests);
}
