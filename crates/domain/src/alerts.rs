//! Alerts: the limits of the customer's alert settings, which the API's form checks and its
//! OpenAPI document states.

/// At most this many thresholds per list.
pub const MAX_THRESHOLDS: usize = 5;
