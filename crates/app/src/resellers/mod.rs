//! Resellers (docs/resellers.md): a reseller's clients made (`clients`) and traffic moved to
//! and from them (`moves`). Who may call these is the API's to decide (`api::resellers`).

pub mod clients;
pub mod moves;
