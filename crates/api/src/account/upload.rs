//! Reading the one file of a multipart upload with a hard cap: a declared `Content-Length` over
//! it is refused before a byte of the body is read, and a streamed body is cut off as soon as
//! it passes the cap, so an upload never costs more memory than the cap.

use crate::error::ApiError;
use actix_multipart::Multipart;
use actix_web::{HttpRequest, web};
use futures_util::StreamExt;

/// Room for the multipart framing (boundaries, part headers) around a file of the cap's size.
const FRAMING_SLACK: usize = 16 * 1024;

pub struct UploadRules {
    /// The part that holds the file.
    pub field: &'static str,
    pub max_bytes: usize,
    /// Answered when the body is over the cap (413).
    pub too_large: &'static str,
    /// Answered when the body is no multipart upload with that part (415).
    pub unsupported: &'static str,
}

/// The bytes of the `rules.field` part (the first one, if sent twice).
pub async fn read_file(
    req: &HttpRequest,
    payload: web::Payload,
    rules: &UploadRules,
) -> Result<Vec<u8>, ApiError> {
    let declared = req
        .headers()
        .get("content-length")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let cap = rules.max_bytes + FRAMING_SLACK;
    if declared.is_some_and(|n| n > cap as u64) {
        return Err(ApiError::PayloadTooLarge(rules.too_large));
    }
    let unsupported = |_| ApiError::UnsupportedMediaWith(rules.unsupported);
    let mut multipart = Multipart::new(req.headers(), payload);
    let (mut file, mut total) = (None, 0usize);
    while let Some(field) = multipart.next().await {
        let mut field = field.map_err(unsupported)?;
        let wanted = file.is_none() && field.name() == Some(rules.field);
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(unsupported)?;
            total += chunk.len();
            if total > cap || (wanted && bytes.len() + chunk.len() > rules.max_bytes) {
                return Err(ApiError::PayloadTooLarge(rules.too_large));
            }
            if wanted {
                bytes.extend_from_slice(&chunk);
            }
        }
        if wanted {
            file = Some(bytes);
        }
    }
    file.ok_or(ApiError::UnsupportedMediaWith(rules.unsupported))
}
