//! Counts with their noun in English, for the sentences the server writes (notifications, wallet
//! notes, mails): "1 day", "2 days", "0 proxies". The front end has the same rule in
//! `frontend/src/lib/plural.ts`.

/// `count` followed by `one` when it is exactly 1, by `other` otherwise.
pub fn plural(count: impl Into<i64>, one: &str, other: &str) -> String {
    let count = count.into();
    format!("{count} {}", if count == 1 { one } else { other })
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1, "day", "days"), "1 day");
        assert_eq!(plural(0, "day", "days"), "0 days");
        assert_eq!(plural(2, "proxy", "proxies"), "2 proxies");
        assert_eq!(plural(21, "proxy", "proxies"), "21 proxies");
        assert_eq!(plural(-1, "day", "days"), "-1 days");
    }
}
