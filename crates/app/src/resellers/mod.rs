//! Resellers (docs/resellers.md): a reseller's clients made (`clients`), traffic moved to and
//! from them (`moves`), its white label (`brands`) and the catalogue its clients buy from
//! (`catalogue`). Who may call these is the API's to decide (`api::resellers`).

pub mod brands;
pub mod catalogue;
pub mod clients;
pub mod moves;
