//! What keeps a read of the usage records bounded: the list's cursor (an opaque string naming
//! the last row read), the window a host search covers, and the window of a CSV export.

use crate::error::ApiError;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use domain::FieldErrors;
use persistence::connection_records::{Cursor, RecordFilter};
use persistence::record_pages::HOST_WINDOW_SECS;

const DAY: i64 = 86_400;
/// An export without `from` covers the 24 hours before its end.
pub const EXPORT_DEFAULT_SECS: i64 = DAY;

pub const BAD_CURSOR: &str = "cursor must be a nextCursor this list returned";
pub const HOST_WINDOW: &str =
    "a host search covers at most 7 days: set from (and to) no more than 7 days apart";

fn refused(field: &'static str, message: String) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add(field, message);
    ApiError::Validation(errors)
}

/// The cursor after `(started_at, id)`: base64url of `started_at.id`, which clients pass back
/// unread.
pub fn encode(cursor: Cursor) -> String {
    URL_SAFE_NO_PAD.encode(format!("{}.{}", cursor.0, cursor.1))
}

/// The `(started_at, id)` of a cursor from [`encode`]; anything else is a 422 on `cursor`.
pub fn decode(text: &str) -> Result<Cursor, ApiError> {
    let bad = || ApiError::field("cursor", BAD_CURSOR);
    let bytes = URL_SAFE_NO_PAD.decode(text.trim()).map_err(|_| bad())?;
    let text = String::from_utf8(bytes).map_err(|_| bad())?;
    let (at, id) = text.split_once('.').ok_or_else(bad)?;
    let parse = |v: &str| {
        // Only the canonical form: digits with an optional minus, no plus or spaces.
        let digits = v.strip_prefix('-').unwrap_or(v);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        v.parse::<i64>().ok()
    };
    Ok((parse(at).ok_or_else(bad)?, parse(id).ok_or_else(bad)?))
}

/// A host search reads every record of its window, so its window is at most 7 days: without
/// `from` it covers the 7 days before its end (`to`, or now: nothing after now); a wider window is a 422 on
/// `host`.
pub fn bound_host_search(filter: &mut RecordFilter, now: i64) -> Result<(), ApiError> {
    if filter.host.is_none() {
        return Ok(());
    }
    let end = *filter.to.get_or_insert(now + 1);
    match filter.from {
        None => filter.from = Some(end - HOST_WINDOW_SECS),
        Some(from) if end - from > HOST_WINDOW_SECS => {
            return Err(refused("host", HOST_WINDOW.to_owned()));
        }
        Some(_) => {}
    }
    Ok(())
}

/// An export's window: `from` defaults to 24 hours before its end (`to`, or now: nothing after
/// now), and the
/// window spans at most the retention (`retention_days`), else a 422 on `from`.
pub fn bound_export(
    filter: &mut RecordFilter,
    now: i64,
    retention_days: u32,
) -> Result<(), ApiError> {
    let end = *filter.to.get_or_insert(now + 1);
    let from = *filter.from.get_or_insert(end - EXPORT_DEFAULT_SECS);
    let most = i64::from(retention_days) * DAY;
    if end - from > most {
        return Err(refused(
            "from",
            format!(
                "an export covers at most {retention_days} days (the records' retention): set from no more than {retention_days} days before to"
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::UserId;

    fn field_of(err: ApiError) -> String {
        match err {
            ApiError::Validation(errors) => errors.iter().map(|(f, _)| f.to_string()).collect(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_cursor_reads_back_and_anything_else_is_refused_on_cursor() {
        for c in [(0, 0), (1_796_083_200, 42), (-5, i64::MAX), (i64::MIN, -1)] {
            assert_eq!(decode(&encode(c)).unwrap(), c);
        }
        let forged = |s: &str| URL_SAFE_NO_PAD.encode(s);
        for bad in [
            "".to_owned(),
            "!!".to_owned(),
            forged("12"),
            forged("1.2.3"),
            forged("+1.2"),
            forged(" 1.2"),
            forged("1.x"),
            forged("-.1"),
            forged("99999999999999999999.1"),
        ] {
            assert_eq!(field_of(decode(&bad).unwrap_err()), "cursor", "{bad}");
        }
    }

    #[test]
    fn a_host_search_is_bounded_to_seven_days() {
        let now = 1_796_083_200;
        let mut f = RecordFilter {
            host: Some("x".into()),
            ..RecordFilter::of(UserId::new(1))
        };
        bound_host_search(&mut f, now).unwrap();
        assert_eq!(
            (f.from, f.to),
            (Some(now + 1 - HOST_WINDOW_SECS), Some(now + 1)),
            "the last 7 days"
        );
        f.to = Some(now);
        f.from = Some(now - HOST_WINDOW_SECS);
        bound_host_search(&mut f, now).unwrap();
        f.from = Some(now - HOST_WINDOW_SECS - 1);
        assert_eq!(
            field_of(bound_host_search(&mut f, now).unwrap_err()),
            "host"
        );
        let mut plain = RecordFilter::of(UserId::new(1));
        bound_host_search(&mut plain, now).unwrap();
        assert_eq!(plain.from, None, "no host, no bound");
    }

    #[test]
    fn an_export_covers_a_day_by_default_and_the_retention_at_most() {
        let now = 1_796_083_200;
        let mut f = RecordFilter::of(UserId::new(1));
        bound_export(&mut f, now, 30).unwrap();
        assert_eq!(
            (f.from, f.to),
            (Some(now + 1 - DAY), Some(now + 1)),
            "the last 24 hours"
        );
        f.to = Some(now);
        f.from = Some(now - 30 * DAY);
        bound_export(&mut f, now, 30).unwrap();
        f.from = Some(now - 30 * DAY - 1);
        assert_eq!(field_of(bound_export(&mut f, now, 30).unwrap_err()), "from");
    }
}
