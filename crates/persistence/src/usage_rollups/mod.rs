//! The usage rollups: the connection records summed per customer, UTC hour (`usage_hourly`) and
//! UTC day (`usage_daily_rollup`), kind, credential, host and outcome with its reason. Written
//! with the records, in the same transaction (`write_records`, which the gateway's flush
//! runs), so that records and rollups always agree; every row
//! adds to what is there, so several gateway nodes add up. The customer's breakdowns read them
//! (`read::breakdown`) and the health of the traffic (`health::health`: the rollups also
//! key by the exit country targeted and count the connect times in a fixed histogram), so their cost follows the groups of the window and not the number of
//! connections; records written before the rollups existed are summed once by `backfill`; the
//! hourly tier is purged after its retention (`purge_hourly_before`), the daily one is kept.

mod backfill;
mod by_user;
// First: its macro is for `health.rs`.
#[macro_use]
mod read;
#[cfg(feature = "testing")]
mod all_of;
mod health;
mod purge;
pub mod running;
mod sums;
pub mod totals;
mod write;

#[cfg(feature = "testing")]
pub use all_of::all_of;
#[cfg(feature = "testing")]
pub use backfill::start_over;
pub use backfill::{Progress, backfill_batch, progress};
pub use by_user::charged_by_user;
pub use health::{Health, HealthGroup, health};
pub use purge::purge_hourly_before;
pub use read::{Window, breakdown};
pub use sums::{DAY, GroupKey, HOUR, Sums, sum_records};
pub use write::{add, write_records};
