//! Compression of answers: gzip when the request's `Accept-Encoding` takes it
//! (`content_coding`, the negotiation the front end's files use too; actix-http's encoder), with
//! one difference that is the reason this replaces actix-web's `Compress`: an answer whose whole
//! body is shorter than `MIN_BYTES` is sent as it is. Most API answers are a few hundred bytes of
//! JSON; compressing one set up and tore down a compressor per answer, swapped its length for
//! chunked transfer, and saved nothing on the wire (measured with `bench/api/run.sh`: signed-in
//! reads with a browser's `Accept-Encoding` about a third slower than without). Bodies of
//! unknown length (streams) and longer ones are compressed; an answer that already has a
//! `Content-Encoding` (the front end's precompressed files, `spa`) is left alone; images other
//! than SVG and video are never compressed. A request that refuses the body as it is gets even a
//! short one compressed, and 406 (the API's JSON error) when it refuses gzip too.

use crate::content_coding::{Accepted, Copies, Encoding};
use crate::error::ApiError;
use actix_http::encoding::Encoder;
use actix_web::body::{BodySize, EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{
    ACCEPT_ENCODING, CONTENT_ENCODING, CONTENT_TYPE, ContentEncoding, HeaderMap, HeaderValue, VARY,
};
use actix_web::middleware::Next;
use actix_web::{Error, ResponseError, mime};

/// Bodies shorter than this go uncompressed: below about a kilobyte the gzip framing and the
/// compressor's setup cost more than the bytes saved.
pub const MIN_BYTES: u64 = 1024;

/// What this server compresses with.
pub(crate) const GZIP: Copies = Copies {
    br: false,
    gzip: true,
};

pub async fn compress(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<Encoder<impl MessageBody>>>, Error> {
    let accepted = req
        .headers()
        .get(ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .map(Accepted::parse);
    let (encoding, identity_refused) = match accepted {
        None => (ContentEncoding::Identity, false),
        Some(accepted) => match (accepted.best(GZIP), accepted.refuses_identity()) {
            (Encoding::Gzip, refused) => (ContentEncoding::Gzip, refused),
            (_, false) => (ContentEncoding::Identity, false),
            (_, true) => {
                let mut refusal = ApiError::NotAcceptable.error_response();
                refusal
                    .headers_mut()
                    .insert(VARY, HeaderValue::from_static("Accept-Encoding"));
                return Ok(req
                    .into_response(refusal)
                    .map_into_boxed_body()
                    .map_into_right_body());
            }
        },
    };
    let response = next.call(req).await?;
    Ok(response.map_body(move |head, body| {
        let chosen = if compressible(&head.headers, body.size(), identity_refused) {
            encoding
        } else {
            ContentEncoding::Identity
        };
        if chosen != encoding && !head.headers.contains_key(CONTENT_ENCODING) {
            // The same resource, longer, would have been compressed: caches must tell apart.
            head.headers
                .append(VARY, HeaderValue::from_static("accept-encoding"));
        }
        EitherBody::left(Encoder::response(chosen, head, body))
    }))
}

/// Whether a body of this size and type is worth compressing.
fn compressible(headers: &HeaderMap, size: BodySize, identity_refused: bool) -> bool {
    if !identity_refused && matches!(size, BodySize::Sized(n) if n < MIN_BYTES) {
        return false;
    }
    let Some(mime) = headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<mime::Mime>().ok())
    else {
        return true;
    };
    match mime.type_() {
        mime::IMAGE => mime.subtype() == mime::SVG,
        mime::VIDEO => false,
        _ => true,
    }
}
