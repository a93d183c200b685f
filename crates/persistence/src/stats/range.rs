//! The window of UTC days the operator's figures cover, as day numbers (days since the Unix
//! epoch), and the one SQL expression that buckets a stored time into its day.

/// Seconds in a UTC day (no leap seconds in Unix time).
pub const SECONDS_PER_DAY: i64 = 86_400;

/// The UTC day number of a `created_at` column, computed by the database: integer division
/// truncates on SQLite and PostgreSQL alike, which is the floor for every time since 1970 (the
/// queries only look at rows inside a [`DayRange`], so never at negative times). Keep the divisor
/// equal to [`SECONDS_PER_DAY`].
pub(crate) const DAY_OF_CREATED_AT: &str = "created_at / 86400";

/// Consecutive UTC days `first..=last`, oldest first; never empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayRange {
    first: i64,
    last: i64,
}

impl DayRange {
    /// The `days` days (at least one) that end with the UTC day containing `at` (unix seconds).
    pub fn ending_at(at: i64, days: u16) -> DayRange {
        let last = at.div_euclid(SECONDS_PER_DAY);
        DayRange {
            first: last - i64::from(days.max(1)) + 1,
            last,
        }
    }

    /// The oldest day's number.
    pub fn first(&self) -> i64 {
        self.first
    }

    /// The newest day's number.
    pub fn last(&self) -> i64 {
        self.last
    }

    /// How many days the range holds (at least one).
    pub fn len(&self) -> usize {
        usize::try_from(self.last - self.first + 1).unwrap_or(1)
    }

    /// Always false: a range holds at least one day.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The first second of the range (unix seconds, inclusive).
    pub fn start(&self) -> i64 {
        self.first * SECONDS_PER_DAY
    }

    /// The first second after the range (unix seconds, exclusive).
    pub fn end(&self) -> i64 {
        (self.last + 1) * SECONDS_PER_DAY
    }

    /// Where `day` (a day number) sits in the range, oldest = 0; None outside it.
    pub fn index(&self, day: i64) -> Option<usize> {
        (self.first..=self.last)
            .contains(&day)
            .then(|| usize::try_from(day - self.first).ok())
            .flatten()
    }

    /// Every day of the range as `YYYY-MM-DD`, oldest first.
    pub fn labels(&self) -> Vec<String> {
        (self.first..=self.last).map(label).collect()
    }
}

/// `YYYY-MM-DD` of a day number.
pub fn label(day: i64) -> String {
    domain::calendar::utc_day(day * SECONDS_PER_DAY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_ends_with_the_day_of_its_instant() {
        // 2026-11-21T00:00:00Z is 1_795_219_200.
        let range = DayRange::ending_at(1_795_219_200, 3);
        assert_eq!(range.labels(), ["2026-11-19", "2026-11-20", "2026-11-21"]);
        assert_eq!(range.len(), 3);
        assert_eq!(range.start(), 1_795_219_200 - 2 * SECONDS_PER_DAY);
        assert_eq!(range.end(), 1_795_219_200 + SECONDS_PER_DAY);
        let earlier = DayRange::ending_at(1_795_219_199, 1);
        assert_eq!(earlier.labels(), ["2026-11-20"]);
        assert_eq!(range.index(range.first()), Some(0));
        assert_eq!(range.index(range.last()), Some(2));
        assert_eq!(range.index(range.last() + 1), None);
        assert_eq!(range.index(range.first() - 1), None);
        assert_eq!(DayRange::ending_at(0, 0).len(), 1);
    }
}
