//! Proxies sold by the piece, the use cases behind the API's routes and the jobs: the order step
//! every purchase shares (`order`), writing a delivery and giving stock back (`settle`), orders
//! at the piece provider and polling their deliveries (`provider`), and renewals, one at a time
//! (`renew`) and the due ones in the background (`renew_job`).

pub mod order;
pub mod provider;
pub mod renew;
pub mod renew_job;
pub mod settle;

pub use provider::{buy_from_provider, poll_deliveries};
pub use renew::{RenewalAsk, Renewed, renew_piece};
pub use renew_job::{RenewalRun, renew_due};
