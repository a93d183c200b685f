//! Residential traffic: buying a plan from the wallet (`purchase.rs`) and running an automatic
//! top-up that is due (`auto_topup.rs`).

mod auto_topup;
mod purchase;

pub use auto_topup::{check_auto_topup, residential_error};
pub use purchase::{CustomGb, MAX_CUSTOM_GB, PlanChoice, buy_plan, find_plan};
