//! Traffic units: decimal, as the meter counts bytes and the plans sell them.

/// Bytes in a GB (10^9): the unit traffic plans sell.
pub const GB: i64 = 1_000_000_000;

/// `bytes` in GB (10^9 bytes), as the API's views show traffic.
pub fn gb(bytes: i64) -> f64 {
    bytes as f64 / GB as f64
}

/// Bytes in an MB (10^6): the unit of the free trial.
pub const MB: i64 = 1_000_000;
