//! Calendar arithmetic without a time library: UTC day buckets for usage metering.

/// `YYYY-MM-DD` of the UTC day containing `unix` (civil-from-days, H. Hinnant).
pub fn utc_day(unix: i64) -> String {
    let z = unix.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// `YYYY-MM-DD HH:MM UTC` of `unix`, as messages to customers print a moment.
pub fn utc_minute(unix: i64) -> String {
    let secs = unix.rem_euclid(86_400);
    format!(
        "{} {:02}:{:02} UTC",
        utc_day(unix),
        secs / 3600,
        secs % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn utc_days() {
        assert_eq!(super::utc_day(0), "1970-01-01");
        assert_eq!(super::utc_day(951_782_400), "2000-02-29");
        assert_eq!(super::utc_day(1_795_219_200), "2026-11-21");
        assert_eq!(super::utc_day(1_795_219_199), "2026-11-20");
    }

    #[test]
    fn utc_minutes() {
        assert_eq!(super::utc_minute(0), "1970-01-01 00:00 UTC");
        assert_eq!(super::utc_minute(1_795_219_199), "2026-11-20 23:59 UTC");
        assert_eq!(super::utc_minute(-60), "1969-12-31 23:59 UTC");
    }
}
