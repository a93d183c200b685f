//! The status page's rules (docs/status.md): when a measured minute is down, a component's
//! uptime, the page's overall state, and the states an incident goes through.

use crate::names::names;

names! {
    /// Where an incident stands (`POST /api/admin/incidents`).
    pub enum IncidentStatus {
        Investigating => "investigating",
        Identified => "identified",
        Monitoring => "monitoring",
        Resolved => "resolved",
    }
}

names! {
    /// A component's or the whole page's state.
    pub enum Health {
        Up => "up",
        Degraded => "degraded",
        Down => "down",
    }
}

/// A minute whose probe failed is still up when at least this share (percent) of the real
/// connections of that minute succeeded.
pub const TRAFFIC_SUCCESS_PERCENT: i64 = 90;

/// Days of history the page shows.
pub const HISTORY_DAYS: i64 = 90;

/// Whether a measured minute is up: its probe succeeded, or the real traffic of the minute
/// (`ok` succeeded, `failed` failed through the component) succeeded often enough. A failed
/// probe with no traffic to say otherwise is down.
pub fn minute_up(probe_ok: bool, ok: i64, failed: i64) -> bool {
    let total = ok.max(0) + failed.max(0);
    probe_ok || (total > 0 && ok.max(0) * 100 >= total * TRAFFIC_SUCCESS_PERCENT)
}

/// Uptime in percent over `up` and `down` minutes, to three decimals; none when nothing was
/// measured.
pub fn uptime_percent(up: i64, down: i64) -> Option<f64> {
    let total = up + down;
    (total > 0).then(|| (up as f64 * 100_000.0 / total as f64).round() / 1000.0)
}

/// The page's overall state: down when every component is down, degraded when any is not up,
/// otherwise up (no components: up).
pub fn overall(components: &[Health]) -> Health {
    if !components.is_empty() && components.iter().all(|h| *h == Health::Down) {
        Health::Down
    } else if components.iter().any(|h| *h != Health::Up) {
        Health::Degraded
    } else {
        Health::Up
    }
}

/// Whether a month of `up` and `down` measured minutes fell below the promised availability
/// (`promise_percent`, e.g. 99.96); a month with nothing measured did not.
pub fn below_promise(up: i64, down: i64, promise_percent: f64) -> bool {
    let total = up + down;
    total > 0 && (up as f64) * 100.0 < promise_percent * total as f64
}

/// The SLA credit of a customer who spent `spend_cents` on the kind that month (net of
/// refunds): the share of the spend matching the downtime (`down` of `up + down` measured
/// minutes), rounded up to the cent, and at least `minimum_cents`; but never more than
/// `paid_cents`, what the customer ever paid for the kind net of refunds, so that a customer
/// who paid nothing for it (a free trial, a refunded purchase) is credited nothing.
pub fn sla_credit_cents(
    spend_cents: i64,
    up: i64,
    down: i64,
    minimum_cents: i64,
    paid_cents: i64,
) -> i64 {
    let total = (up + down).max(1);
    let share = (spend_cents.max(0) * down.max(0) + total - 1) / total;
    share.max(minimum_cents).min(paid_cents.max(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_minute_is_down_only_when_the_probe_and_the_traffic_both_say_so() {
        assert!(minute_up(true, 0, 0));
        assert!(minute_up(true, 0, 50));
        assert!(!minute_up(false, 0, 0));
        assert!(minute_up(false, 90, 10));
        assert!(!minute_up(false, 89, 11));
        assert!(!minute_up(false, 0, 3));
    }

    #[test]
    fn uptime_and_overall() {
        assert_eq!(uptime_percent(0, 0), None);
        assert_eq!(uptime_percent(1439, 1), Some(99.931));
        assert_eq!(uptime_percent(10, 0), Some(100.0));
        assert_eq!(overall(&[]), Health::Up);
        assert_eq!(overall(&[Health::Up, Health::Down]), Health::Degraded);
        assert_eq!(overall(&[Health::Down, Health::Down]), Health::Down);
        assert_eq!(overall(&[Health::Up, Health::Degraded]), Health::Degraded);
    }

    #[test]
    fn sla_credit_is_the_downtime_share_of_the_spend_at_least_the_minimum() {
        // 43200 minutes in a 30-day month; 99.96 % allows 17 of them down.
        assert!(!below_promise(43_183, 17, 99.96));
        assert!(below_promise(43_182, 18, 99.96));
        assert!(!below_promise(0, 0, 99.96));
        assert_eq!(
            sla_credit_cents(100_000, 40_000, 3_200, 100, 100_000),
            7_408
        );
        assert_eq!(sla_credit_cents(1_000, 43_182, 18, 100, 1_000), 100);
        // Nothing bought this month, paid before: the minimum.
        assert_eq!(sla_credit_cents(0, 43_182, 18, 100, 5_000), 100);
        // Never more than was ever paid for the kind: nothing for nothing paid (a free trial, a
        // purchase refunded), at most the little paid.
        assert_eq!(sla_credit_cents(0, 43_182, 18, 100, 0), 0);
        assert_eq!(sla_credit_cents(50, 40_000, 3_200, 100, 50), 50);
        assert_eq!(sla_credit_cents(-100, 40_000, 3_200, 100, -100), 0);
    }
}
