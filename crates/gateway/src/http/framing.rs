//! The framing headers of an HTTP/1.1 head (RFC 9112 §6.1-6.3): `Transfer-Encoding` and
//! `Content-Length`, checked strictly and forwarded only as parsed.

use super::body::{Chunked, Framing};

/// The values of every header named `name`.
pub(super) fn values<'h>(
    headers: &'h [httparse::Header<'_>],
    name: &str,
) -> impl Iterator<Item = &'h [u8]> {
    headers
        .iter()
        .filter(move |h| h.name.eq_ignore_ascii_case(name))
        .map(|h| h.value)
}

/// The framing headers of a head as parsed: its transfer codings (lowercase, in order) and its
/// length. Only these are forwarded, never the raw headers, so that the next hop frames the
/// body exactly as the gateway does.
#[derive(Debug, Default)]
pub(super) struct Declared {
    codings: Vec<String>,
    length: Option<u64>,
}

/// A framing header's value, when it is visible ASCII (spaces and tabs between list elements).
fn visible(value: &[u8]) -> Option<&str> {
    value
        .iter()
        .all(|b| b.is_ascii_graphic() || *b == b' ' || *b == b'\t')
        .then(|| std::str::from_utf8(value).ok())
        .flatten()
}

/// None when a framing header is not visible ASCII, a coding list is empty, or the lengths are
/// malformed or disagree.
pub(super) fn declared(headers: &[httparse::Header<'_>]) -> Option<Declared> {
    let mut declared = Declared::default();
    let mut coded = false;
    for value in values(headers, "transfer-encoding") {
        coded = true;
        for coding in visible(value)?.split(',').map(str::trim) {
            if !coding.is_empty() {
                declared.codings.push(coding.to_ascii_lowercase());
            }
        }
    }
    if coded && declared.codings.is_empty() {
        return None;
    }
    for value in values(headers, "content-length") {
        for part in visible(value)?.split(',') {
            let part = part.trim();
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let n: u64 = part.parse().ok()?;
            if declared.length.is_some_and(|l| l != n) {
                return None;
            }
            declared.length = Some(n);
        }
    }
    Some(declared)
}

impl Declared {
    /// The body framing (RFC 9112 §6.3); None for a request with both a transfer coding and
    /// a length (a smuggling attempt or a broken peer; in a response the coding wins and the
    /// length is not forwarded).
    pub(super) fn framing(&self, request: bool) -> Option<Framing> {
        if let Some(last) = self.codings.last() {
            if request && self.length.is_some() {
                return None;
            }
            return Some(if last == "chunked" {
                Framing::Chunked(Chunked::new())
            } else {
                Framing::UntilClose
            });
        }
        Some(match self.length {
            Some(0) => Framing::Done,
            Some(n) => Framing::Length(n),
            None if request => Framing::Done,
            None => Framing::UntilClose,
        })
    }

    /// The framing headers to forward: the codings, or else the one length.
    pub(super) fn write(&self, out: &mut Vec<u8>) {
        if !self.codings.is_empty() {
            let codings = self.codings.join(", ");
            out.extend_from_slice(format!("Transfer-Encoding: {codings}\r\n").as_bytes());
        } else if let Some(n) = self.length {
            out.extend_from_slice(format!("Content-Length: {n}\r\n").as_bytes());
        }
    }
}

/// Never copied: the gateway writes them from what it parsed (`Declared::write`).
pub(super) fn framing_header(name: &str) -> bool {
    name.eq_ignore_ascii_case("content-length") || name.eq_ignore_ascii_case("transfer-encoding")
}
