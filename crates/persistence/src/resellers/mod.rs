//! Resellers (docs/resellers.md): the operator's grant (`accounts`), the reseller's clients,
//! ordinary accounts marked with `users.reseller_id` (`clients`), and the traffic moved between
//! them with its ledger (`moves`, `transfers`); the white label (`brands`), the catalogue and its
//! sales (`catalogue`), the per-client report (`reports`),
//! and the pieces assigned to clients (`pieces`).

pub mod accounts;
pub mod brands;
pub mod catalogue;
pub mod clients;
pub mod moves;
pub mod pieces;
pub mod reports;
pub mod transfers;
