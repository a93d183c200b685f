//! How long a customer's traffic lasts at their recent pace: the daily average of the last
//! [`WINDOW_DAYS`] UTC days (today's part included, so the average is over the time that has
//! passed: six whole days and today so far) and the moment the traffic left runs out if they go
//! on at that pace. The dashboard's overview states it, and the runs-out alert compares it with
//! the customer's days ahead.

use crate::units::GB;

const DAY: i64 = 86_400;

/// The days of usage the pace is taken from: today and the six before it.
pub const WINDOW_DAYS: i64 = 7;

/// The start (unix seconds, midnight UTC) of the window that ends at `now`.
pub fn window_start(now: i64) -> i64 {
    now - now.rem_euclid(DAY) - (WINDOW_DAYS - 1) * DAY
}

/// The first UTC day (`YYYY-MM-DD`) of the window that ends at `now`: daily usage rows from
/// this day on are the window's.
pub fn window_first_day(now: i64) -> String {
    crate::calendar::utc_day(window_start(now))
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Forecast {
    /// Bytes a day on average over the window.
    pub daily_average_bytes: i64,
    /// When `available` bytes run out at that pace (unix seconds); `None` with no usage in the
    /// window or nothing left.
    pub runs_out_at: Option<i64>,
}

impl Forecast {
    pub fn daily_average_gb(&self) -> f64 {
        self.daily_average_bytes as f64 / GB as f64
    }
}

/// The pace of `used_in_window` bytes (the window's daily usage rows summed) at `now`, and when
/// `available` bytes last at that pace.
pub fn forecast(used_in_window: i64, available: i64, now: i64) -> Forecast {
    let used = i128::from(used_in_window.max(0));
    let elapsed = i128::from((now - window_start(now)).max(1));
    let daily = used * i128::from(DAY) / elapsed;
    let runs_out_at = (used > 0 && available > 0).then(|| {
        // available / (used / elapsed), rounded up to the second.
        let secs = (i128::from(available) * elapsed + used - 1) / used;
        now.saturating_add(i64::try_from(secs).unwrap_or(i64::MAX))
    });
    Forecast {
        daily_average_bytes: i64::try_from(daily).unwrap_or(i64::MAX),
        runs_out_at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-03 12:00 UTC.
    const NOON: i64 = 1_796_299_200;

    #[test]
    fn the_window_is_today_and_the_six_days_before() {
        assert_eq!(window_first_day(NOON), "2026-11-27");
        assert_eq!(NOON - window_start(NOON), 6 * DAY + DAY / 2);
        assert_eq!(
            window_first_day(NOON - NOON % DAY),
            "2026-11-27",
            "midnight is today's"
        );
    }

    #[test]
    fn the_pace_is_over_the_time_passed_and_the_traffic_lasts_accordingly() {
        // 13 GB in six and a half days: 2 GB a day; 5 GB left last two and a half days.
        let f = forecast(13 * GB, 5 * GB, NOON);
        assert_eq!(f.daily_average_bytes, 2 * GB);
        assert_eq!(f.daily_average_gb(), 2.0);
        assert_eq!(f.runs_out_at, Some(NOON + 5 * DAY / 2));
        // Rounded up: a byte left with a pace of a byte a day is a whole (elapsed) period away.
        assert_eq!(
            forecast(1, 1, NOON).runs_out_at,
            Some(NOON + 6 * DAY + DAY / 2)
        );
    }

    #[test]
    fn no_usage_or_nothing_left_has_no_date() {
        assert_eq!(
            forecast(0, 5 * GB, NOON),
            Forecast {
                daily_average_bytes: 0,
                runs_out_at: None
            }
        );
        assert_eq!(forecast(3 * GB, 0, NOON).runs_out_at, None);
        assert_eq!(
            forecast(-5, 5, NOON).runs_out_at,
            None,
            "a negative sum is no usage"
        );
        assert!(
            forecast(1, i64::MAX, NOON).runs_out_at.is_some(),
            "no overflow"
        );
    }
}
