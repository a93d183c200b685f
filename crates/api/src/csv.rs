//! What the streamed exports share: the cells and times of `domain::csv`, and the streamed body
//! that a reading task feeds batch by batch.

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

/// A CSV attachment named `filename`: `header`, then the pages' `lines` ([`stream_file`]).
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
    let file = StreamedFile {
        filename,
        content_type: "text/csv; charset=utf-8",
        head: header,
        tail: "",
    };
    stream_file(file, page_size, first, lines, next, what)
}

/// What a streamed attachment is called and starts and ends with.
pub struct StreamedFile<'a> {
    pub filename: &'a str,
    pub content_type: &'static str,
    pub head: &'a str,
    pub tail: &'static str,
}

/// An attachment `file`: its head, the `first` page (read by the caller before answering, so a
/// failing database is a plain 500), then each page `next` reads after the last one, until a
/// page holds fewer than `page_size` rows, then its tail. A task reads the pages and hands each
/// page's text (`lines`, called in order) over a small channel, so the export never holds the
/// whole list and stops reading when the client goes away; a failing read ends the body with
/// an error, without the tail (`what` names the export in the log).
pub fn stream_file<T, F, Fut>(
    file: StreamedFile<'_>,
    page_size: i64,
    first: Vec<T>,
    mut lines: impl FnMut(&[T]) -> String + Send + 'static,
    next: F,
    what: &'static str,
) -> actix_web::HttpResponse
where
    T: Send + 'static,
    F: Fn(&[T]) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<Vec<T>, ApiError>> + Send,
{
    let (sender, receiver) = mpsc::channel(2);
    let mut chunk = file.head.to_owned();
    chunk.push_str(&lines(&first));
    let tail = file.tail;
    actix_web::rt::spawn(async move {
        let mut last = first;
        loop {
            let done = (last.len() as i64) < page_size;
            if done {
                chunk.push_str(tail);
            }
            if sender.send(Ok(Bytes::from(chunk))).await.is_err() || done {
                return;
            }
            chunk = match next(&last).await {
                Ok(page) => {
                    let text = lines(&page);
                    last = page;
                    text
                }
                Err(err) => {
                    tracing::error!(%err, export = what, "export stopped");
                    let _ = sender.send(Err(err)).await;
                    return;
                }
            };
        }
    });
    actix_web::HttpResponse::Ok()
        .content_type(file.content_type)
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{}\"", file.filename),
        ))
        .insert_header(("Cache-Control", "no-store"))
        .body(CsvBody::new(receiver))
}
