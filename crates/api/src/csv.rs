//! What the CSV exports share: the cells and times of `domain::csv`, and the streamed body that
//! a reading task feeds batch by batch.

use crate::error::ApiError;
use actix_web::body::{BodySize, MessageBody};
use actix_web::web::Bytes;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::sync::mpsc;

pub use domain::csv::{cell, iso_utc};

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
        // An empty chunk is passed over: written out, it would end a chunked body early.
        loop {
            match self.receiver.poll_recv(cx) {
                Poll::Ready(Some(Ok(bytes))) if bytes.is_empty() => continue,
                other => return other,
            }
        }
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
