//! Alerts: the limits of the customer's alert settings, which the API's form checks and its
//! OpenAPI document states.

use crate::rules::Whole;

/// At most this many thresholds per list.
pub const MAX_THRESHOLDS: usize = 5;

/// Traffic-used alerts, in percent.
pub const PERCENTS: Whole = Whole { min: 1, max: 100 };

/// Expiry alerts, in days before.
pub const DAYS: Whole = Whole { min: 1, max: 30 };
