//! Automatic top-up of traffic: per customer and traffic kind, "when what is left falls below
//! `below_bytes`, buy `plan_id`" (no row: off). The check runs where traffic is spent (a gateway
//! lease take, a provider's usage read back) and when the setting is saved, on any number of
//! instances at once: the window is claimed by one conditional UPDATE of the row, so exactly one
//! check per window buys, and the purchase commits with the claim or not at all.
//!
//! A top-up the wallet cannot pay (or whose plan is no longer on sale) writes nothing but an
//! alert-once mark (`short_alerted_at`) and its notification; while the mark is set and the
//! wallet still does not cover the plan, checks do nothing. A paid top-up or a saved setting
//! clears the mark.

mod check;
mod settings;

pub use check::{Outcome, check};
pub use settings::*;
