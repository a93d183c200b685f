//! Security headers on every response of the app (API, files, the app's pages, errors): a
//! Content-Security-Policy, no framing, no MIME sniffing, a cautious referrer, and HSTS when the
//! public URL is https.
//!
//! Scripts come only from our origin, plus the inline scripts of the served `index.html` by
//! their sha256 (the theme bootstrap that runs before first paint). With Google sign-in on, Google
//! Identity Services' script, stylesheet, frames and calls are allowed, and nothing of Google's
//! otherwise. Styles allow inline: the toast library inserts a `<style>` element, and the local
//! checkout page carries its own.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::error::InternalError;
use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, web};
use base64::Engine;
use sha2::{Digest, Sha256};
use url::Url;

/// Google Identity Services, as its documentation lists them for a CSP.
const GSI_SCRIPT: &str = "https://accounts.google.com/gsi/client";
const GSI_STYLE: &str = "https://accounts.google.com/gsi/style";
const GSI_FRAMES_AND_CALLS: &str = "https://accounts.google.com/gsi/";
/// Where Google account pictures (avatars) live.
const GOOGLE_AVATARS: &str = "https://*.googleusercontent.com";

/// The headers, computed once at start-up.
#[derive(Clone)]
pub struct SecurityHeaders(Vec<(HeaderName, HeaderValue)>);

impl SecurityHeaders {
    /// `public_url`: where the site is served; `index_html`: the served page, if any.
    pub fn new(public_url: &Url, index_html: Option<&[u8]>, google: bool) -> SecurityHeaders {
        let public_origin = public_url.origin().ascii_serialization();
        let csp = content_security_policy(&public_origin, index_html, google);
        let mut headers = vec![
            (
                HeaderName::from_static("content-security-policy"),
                HeaderValue::from_str(&csp).unwrap_or(HeaderValue::from_static(
                    "default-src 'self'; frame-ancestors 'none'",
                )),
            ),
            (
                HeaderName::from_static("x-content-type-options"),
                HeaderValue::from_static("nosniff"),
            ),
            (
                HeaderName::from_static("referrer-policy"),
                HeaderValue::from_static("strict-origin-when-cross-origin"),
            ),
            (
                HeaderName::from_static("x-frame-options"),
                HeaderValue::from_static("DENY"),
            ),
        ];
        if public_url.scheme() == "https" {
            headers.push((
                HeaderName::from_static("strict-transport-security"),
                HeaderValue::from_static("max-age=31536000"),
            ));
        }
        SecurityHeaders(headers)
    }
}

fn content_security_policy(public_origin: &str, index_html: Option<&[u8]>, google: bool) -> String {
    let hashes: Vec<String> = index_html
        .map(inline_scripts)
        .unwrap_or_default()
        .into_iter()
        .map(|script| {
            let digest = Sha256::digest(script);
            format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            )
        })
        .collect();
    let with_google = |base: String, extra: &str| {
        if google {
            format!("{base} {extra}")
        } else {
            base
        }
    };
    let script_src = with_google(
        std::iter::once("'self'".to_owned())
            .chain(hashes)
            .collect::<Vec<_>>()
            .join(" "),
        GSI_SCRIPT,
    );
    let style_src = with_google("'self' 'unsafe-inline'".to_owned(), GSI_STYLE);
    let img_src = with_google("'self' data:".to_owned(), GOOGLE_AVATARS);
    let connect_src = with_google(format!("'self' {public_origin}"), GSI_FRAMES_AND_CALLS);
    let frame_src = if google {
        GSI_FRAMES_AND_CALLS.to_owned()
    } else {
        "'none'".to_owned()
    };
    format!(
        "default-src 'self'; script-src {script_src}; style-src {style_src}; img-src {img_src}; \
         connect-src {connect_src}; frame-src {frame_src}; font-src 'self'; object-src 'none'; \
         base-uri 'self'; form-action 'self' {public_origin}; frame-ancestors 'none'"
    )
}

/// The bodies of `<script>` elements without `src`, byte for byte as the browser hashes them.
fn inline_scripts(html: &[u8]) -> Vec<&[u8]> {
    let lower = html.to_ascii_lowercase();
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(start) = find(&lower[at..], b"<script") {
        let open = at + start;
        let Some(close_of_tag) = find(&lower[open..], b">").map(|i| open + i) else {
            break;
        };
        let body_start = close_of_tag + 1;
        let Some(end) = find(&lower[body_start..], b"</script").map(|i| body_start + i) else {
            break;
        };
        let tag = &lower[open..close_of_tag];
        if find(tag, b" src=").is_none() && find(tag, b"\tsrc=").is_none() {
            found.push(&html[body_start..end]);
        }
        at = end;
    }
    found
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Middleware: adds the headers to whatever the app answered, errors included, leaving any a
/// handler set itself.
pub async fn add(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let headers = req.app_data::<web::Data<SecurityHeaders>>().cloned();
    let Some(headers) = headers else {
        return next.call(req).await;
    };
    match next.call(req).await {
        Ok(mut res) => {
            headers.apply(res.headers_mut());
            Ok(res)
        }
        // An error no inner layer turned into a response (the dispatcher will): carry the
        // headers in the response it becomes.
        Err(err) => {
            let mut response = err.error_response();
            headers.apply(response.headers_mut());
            Err(InternalError::from_response(err.to_string(), response).into())
        }
    }
}

impl SecurityHeaders {
    fn apply(&self, map: &mut HeaderMap) {
        for (name, value) in &self.0 {
            if !map.contains_key(name) {
                map.insert(name.clone(), value.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_scripts_are_found_and_src_scripts_skipped() {
        let html = b"<head><script>a()</script><SCRIPT type=\"module\" src=\"/x.js\"></script>\
                     <script type=\"text/javascript\">\n b() \n</script></head>";
        let found = inline_scripts(html);
        assert_eq!(found, vec![&b"a()"[..], &b"\n b() \n"[..]]);
    }

    #[test]
    fn the_policy_hashes_inline_scripts_and_allows_google_only_when_on() {
        let html = b"<script>alert(1)</script>";
        let off = content_security_policy("http://127.0.0.1:8080", Some(html), false);
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        assert!(
            off.contains("script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"),
            "{off}"
        );
        assert!(off.contains("frame-ancestors 'none'"), "{off}");
        assert!(!off.contains("google"), "{off}");
        assert!(!off.contains("unsafe-eval"), "{off}");
        let on = content_security_policy("https://shop.example", None, true);
        assert!(
            on.contains("script-src 'self' https://accounts.google.com/gsi/client;"),
            "{on}"
        );
        assert!(
            on.contains("frame-src https://accounts.google.com/gsi/;"),
            "{on}"
        );
        assert!(
            on.contains(
                "connect-src 'self' https://shop.example https://accounts.google.com/gsi/;"
            ),
            "{on}"
        );
    }
}
