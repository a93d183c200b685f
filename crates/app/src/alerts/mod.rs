//! Alerts' background work (docs/notifications.md): comparing every customer's thresholds with
//! their figures and firing each crossing once (`check.rs`), and calling their webhooks
//! (`send.rs`). The settings and the delivery log are served by the API (`api::alerts`).

mod check;
mod send;

pub use check::check_alerts;
pub use send::{CLAIM_SECS, send_webhooks};
