//! Traffic leases of the gateway nodes: a node moves only bytes it has taken out of a
//! customer's balance into a lease row of its own (`take`), and settles them at each flush
//! (`settle`): what it moved becomes used, what it gives back returns to the balance. A lease
//! whose node stopped renewing it (`renew`) is settled as used by any node (`settle_expired`),
//! once. docs/operations.md ("Gateway fleet") states the rule and its bounds.
//!
//! `traffic_balances.leased_bytes` is the sum of a balance's lease rows, so what is left to
//! lease is `purchased_bytes - used_bytes - leased_bytes`; every function here changes a lease
//! row and that sum in the caller's transaction.
//!
//! Lock order (PostgreSQL, where writers of different rows run at once): a transaction locks a
//! balance row before the lease, sub-user and day rows that belong to it, and several balances
//! in `LeaseKey` order, so that a node's flush, its lease takes and other nodes' flushes never
//! wait on each other in a circle (`lock_balance`, `flush`). SQLite needs none of it: a write
//! transaction there holds the whole database from its start (`BEGIN IMMEDIATE`).
//!
//! A lease is held per credential: the main one (`subuser_id` 0 in the row) or a sub-user's.
//! A sub-user's lease comes out of the parent's balance and the sub-user's own cap together
//! (`subusers.leased_bytes` is the sum of its lease rows), and settles into both.

mod rows;
mod settle;
mod take;

pub use rows::LeaseKey;
pub use settle::*;
pub use take::*;
