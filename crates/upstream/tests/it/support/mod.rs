//! Stand-ins and helpers the tests share.

pub mod google;
pub mod iproyal;
pub mod payments;
pub mod proxyseller;
pub mod smtp_server;
