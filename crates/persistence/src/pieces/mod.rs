//! Proxies sold by the piece (static residential, datacenter IPv4/IPv6, LTE): the stock, the
//! orders and the purchased pieces. The wallet debit, the order and its pieces are written in the
//! caller's transaction.

pub mod identity;
mod order_list;
mod orders;
mod proxies;
pub mod renewals;
mod stock;

pub use order_list::*;
pub use orders::*;
pub use proxies::*;
pub use stock::*;
