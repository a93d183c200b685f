//! What the CSV exports share: RFC 4180 cells with spreadsheet formulas defused (a cell
//! starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`), times
//! in ISO-8601 UTC, and the streamed body that a reading task feeds batch by batch.

use crate::error::ApiError;
use actix_web::body::{BodySize, MessageBody};
use actix_web::web::Bytes;
use domain::calendar::utc_day;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::sync::mpsc;

/// One cell, safe for a spreadsheet and quoted where CSV needs it.
pub fn cell(text: &str) -> String {
    let defused = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if defused.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", defused.replace('"', "\"\""))
    } else {
        defused
    }
}

/// ISO-8601 UTC (`2026-11-24T08:05:09Z`) of a unix time.
pub fn iso_utc(unix: i64) -> String {
    let seconds = unix.rem_euclid(86_400);
    format!(
        "{}T{:02}:{:02}:{:02}Z",
        utc_day(unix),
        seconds / 3600,
        seconds % 3600 / 60,
        seconds % 60
    )
}

/// A streamed body: the chunks a reading task sends, in order; an error ends the response
/// early. The task stops when the client goes away (its sends fail).
pub struct CsvBody {
    receiver: mpsc::Receiver<Result<Bytes, ApiError>>,
}

impl CsvBody {
    pub fn new(receiver: mpsc::Receiver<Result<Bytes, ApiError>>) -> CsvBody {
        CsvBody { receiver }
    }
}

impl MessageBody for CsvBody {
    type Error = ApiError;

    fn size(&self) -> BodySize {
        BodySize::Stream
    }

    fn poll_next(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        self.receiver.poll_recv(cx)
    }
}

/// A CSV attachment named `filename`: `header`, the `first` page (read by the caller before
/// answering, so a failing database is a plain 500), then each page `next` reads after the
/// last one, until a page holds fewer than `page_size` rows. A task reads the pages and hands
/// each page's lines over a small channel, so the export never holds the whole list and stops
/// reading when the client goes away; a failing read ends the body with an error (`what` names
/// the export in the log).
pub fn stream_pages<T, F, Fut>(
    filename: &str,
    header: &str,
    page_size: i64,
    first: Vec<T>,
    lines: fn(&[T]) -> String,
    next: F,
    what: &'static str,
) -> actix_web::HttpResponse
where
    T: Send + 'static,
    F: Fn(&[T]) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<Vec<T>, ApiError>> + Send,
{
    let (sender, receiver) = mpsc::channel(2);
    let mut chunk = header.to_owned();
    chunk.push_str(&lines(&first));
    actix_web::rt::spawn(async move {
        if sender.send(Ok(Bytes::from(chunk))).await.is_err() {
            return;
        }
        let mut last = first;
        while last.len() as i64 == page_size {
            let (message, page) = match next(&last).await {
                Ok(page) => (Ok(Bytes::from(lines(&page))), page),
                Err(err) => {
                    tracing::error!(%err, export = what, "CSV export stopped");
                    (Err(err), Vec::new())
                }
            };
            if sender.send(message).await.is_err() {
                return;
            }
            last = page;
        }
    });
    actix_web::HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{filename}\""),
        ))
        .insert_header(("Cache-Control", "no-store"))
        .body(CsvBody::new(receiver))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_defused_and_quoting_follows_rfc_4180() {
        assert_eq!(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(cell("+1"), "'+1");
        assert_eq!(cell("-2"), "'-2");
        assert_eq!(cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(cell("\tx"), "'\tx");
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("line\nbreak"), "\"line\nbreak\"");
        assert_eq!(cell("plain a=b"), "plain a=b");
        assert_eq!(cell(""), "");
    }

    #[test]
    fn times_are_iso_8601_utc() {
        assert_eq!(iso_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_utc(1_795_219_199), "2026-11-20T23:59:59Z");
        assert_eq!(iso_utc(1_795_219_200 + 3_600 + 62), "2026-11-21T01:01:02Z");
    }
}
