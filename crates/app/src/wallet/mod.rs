//! The wallet's books: applying a payment report (`service`), the one path a report takes to
//! them (`settle`), and reconciling payments left pending with the gateway (`reconcile`).

pub mod reconcile;
pub mod service;
pub mod settle;

pub use service::{Applied, ReferralTerms};
