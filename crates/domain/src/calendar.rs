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

/// Unix seconds of 00:00 UTC on `year-month-day` (days-from-civil, H. Hinnant).
fn day_start(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    (era * 146_097 + doe - 719_468) * 86_400
}

/// The month `YYYY-MM` names as `[start, end)` in unix seconds; none for any other text.
pub fn month_bounds(month: &str) -> Option<(i64, i64)> {
    let (year, rest) = month.split_once('-')?;
    if year.len() != 4
        || rest.len() != 2
        || !(year.bytes().chain(rest.bytes())).all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let (year, m): (i64, i64) = (year.parse().ok()?, rest.parse().ok()?);
    if !(1..=12).contains(&m) {
        return None;
    }
    let (next_year, next) = if m == 12 {
        (year + 1, 1)
    } else {
        (year, m + 1)
    };
    Some((day_start(year, m, 1), day_start(next_year, next, 1)))
}

/// `YYYY-MM` of the month before the one containing `unix`.
pub fn previous_month(unix: i64) -> String {
    let this = utc_day(unix);
    let first = month_bounds(&this[..7]).map_or(unix, |(start, _)| start);
    utc_day(first - 1)[..7].to_owned()
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
    fn months() {
        assert_eq!(
            super::month_bounds("2026-11"),
            Some((1_793_491_200, 1_796_083_200))
        );
        assert_eq!(
            super::month_bounds("2026-12").map(|b| b.1),
            Some(1_798_761_600)
        );
        assert_eq!(super::utc_day(1_798_761_600), "2027-01-01");
        assert_eq!(super::month_bounds("2026-13"), None);
        assert_eq!(super::month_bounds("2026-1"), None);
        assert_eq!(super::month_bounds("x026-11"), None);
        assert_eq!(super::previous_month(1_796_083_200), "2026-11");
        assert_eq!(super::previous_month(1_798_761_599), "2026-11");
        assert_eq!(super::previous_month(1_798_761_600), "2026-12");
    }

    #[test]
    fn utc_minutes() {
        assert_eq!(super::utc_minute(0), "1970-01-01 00:00 UTC");
        assert_eq!(super::utc_minute(1_795_219_199), "2026-11-20 23:59 UTC");
        assert_eq!(super::utc_minute(-60), "1969-12-31 23:59 UTC");
    }
}
