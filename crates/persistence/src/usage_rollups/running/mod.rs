//! Running totals of the rollups (migrations `2026-12-31-000200_usage_running` and
//! `…000400_usage_running_hours`): for each customer's group of the rollups' key (kind,
//! credential, host, targeted country, outcome and reason: `usage_groups`), its sums from its
//! first record to the end of each day it had records (`usage_running_daily`, kept for the
//! account's life) and to the end of each hour it had records (`usage_running_hourly`, purged
//! with the hourly tier). The sums of a window `[a, b)` are then `total(b) - total(a)`, where
//! `total(t)` is the newest daily row before `t` at a day's start, else the newest hourly row
//! before `t` (the newest daily row before `t`'s day only where the hourly tier was purged): an
//! index lookup per group and end, however many days and hours the window spans
//! (`read::window`).
//! What the health of the traffic and the breakdowns by host and credential read; the
//! breakdowns by day and hour read the tiers themselves.
//!
//! Written with the tiers, in the flush's transaction (`write::add`): each group's row is
//! upserted first, which holds it until the commit, so that two nodes adding to one group take
//! turns; the group rows are written in key order, so that they never wait for each other in a
//! circle. Rebuilt from the tiers when the back-fill finishes (`write::rebuild`), since the
//! back-fill adds to the tiers in SQL.

mod read;
mod rebuild;
mod totals;
mod write;

pub use read::{Summed, window};
pub use rebuild::rebuild;
pub use totals::Totals;
pub use write::add;
