//! Residential traffic: buying a plan from the wallet (`purchase.rs`) and keeping the
//! customer's account at the residential provider in line with what they bought, with the
//! automatic top-up the sync may make due (`sync.rs`).

mod purchase;
mod sync;

pub use purchase::{CustomGb, MAX_CUSTOM_GB, PlanChoice, buy_plan};
pub use sync::{LOCAL, account_for, check_auto_topup, residential_error, sync_all, sync_customer};
