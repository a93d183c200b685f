//! The built single-page app: real files (assets) as they are, the app's own routes get
//! `index.html` with 200, and every other path the same page with 404, so the browser shows the
//! app's not-found screen under a truthful status.
//!
//! The route list is `routes.json` beside `index.html`, written at build time from the router
//! (`frontend/src/app/app-routes.tsx`, see `frontend/scripts/route-list.ts`): patterns such as
//! `/use-case/:slug`, matched here segment by segment and case-insensitively like the router.
//!
//! Weight on the wire: the front-end build stores each compressible file beside a brotli
//! (`.br`, quality 11) and a gzip (`.gz`, level 9) copy (`frontend/scripts/precompress.mjs`).
//! The hashed files under `/assets/` and the page itself are sent as the best copy the request's
//! `Accept-Encoding` takes (br, then gzip, then the file itself), with `Content-Encoding` and
//! `Vary: Accept-Encoding`; an encoded answer is left alone by the compression middleware
//! (`compress`), so nothing is compressed per request. A hashed file never changes under its
//! name, so it is cached for a year (`immutable`); the page is `no-cache`, so a new build is seen
//! at once.

use actix_files::NamedFile;
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::StatusCode;
use actix_web::http::header::{
    ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, ContentEncoding, HeaderValue,
    RANGE, VARY,
};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, guard, web};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// `Cache-Control` of the build's hashed files (`/assets/*`): their names change with their bytes.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of the page: always revalidated, so a new build is picked up on the next visit.
pub const NO_CACHE: &str = "no-cache";

/// The front end found at start-up.
#[derive(Clone)]
pub struct FrontEnd {
    dir: PathBuf,
    /// `index.html` as read at start-up (its inline scripts are hashed into the CSP), with its
    /// precompressed copies when the build wrote them.
    index: Bytes,
    index_br: Option<Bytes>,
    index_gz: Option<Bytes>,
    /// The files in `assets/` at start-up, by name, with the precompressed copies each has.
    assets: Arc<HashMap<String, Copies>>,
    /// `None` when the build has no `routes.json`: every path then gets the app with 200.
    routes: Option<Arc<Routes>>,
}

impl FrontEnd {
    /// The front end in `dir`, if it holds an `index.html`.
    pub fn load(dir: &Path) -> Option<FrontEnd> {
        let index = std::fs::read(dir.join("index.html")).ok()?;
        let routes_file = dir.join("routes.json");
        let routes = match std::fs::read_to_string(&routes_file) {
            Ok(text) => match serde_json::from_str::<Vec<String>>(&text) {
                Ok(patterns) => Some(Arc::new(Routes::new(&patterns))),
                Err(err) => {
                    tracing::warn!(file = %routes_file.display(), %err, "unreadable route list: every path answers 200");
                    None
                }
            },
            Err(_) => {
                tracing::warn!(file = %routes_file.display(), "no route list (rebuild the front end): every path answers 200");
                None
            }
        };
        let read = |name: &str| std::fs::read(dir.join(name)).ok().map(Bytes::from);
        Some(FrontEnd {
            dir: dir.to_owned(),
            index: Bytes::from(index),
            index_br: read("index.html.br"),
            index_gz: read("index.html.gz"),
            assets: Arc::new(scan_assets(&dir.join("assets"))),
            routes,
        })
    }

    pub fn index_html(&self) -> &[u8] {
        &self.index
    }

    /// Whether the app has a screen at `path` (the request's raw path).
    pub fn knows(&self, path: &str) -> bool {
        self.routes.as_ref().is_none_or(|r| r.matches(path))
    }

    fn page(&self, req: &HttpRequest, path: &str) -> HttpResponse {
        let status = if self.knows(path) {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        let copies = Copies {
            br: self.index_br.is_some(),
            gzip: self.index_gz.is_some(),
        };
        let mut page = HttpResponse::build(status);
        page.insert_header((CONTENT_TYPE, "text/html; charset=utf-8"))
            .insert_header((CACHE_CONTROL, NO_CACHE));
        if copies.any() {
            page.insert_header((VARY, "Accept-Encoding"));
        }
        let encoded = match negotiate(accept_encoding(req), copies) {
            Encoding::Br => self.index_br.clone().map(|body| ("br", body)),
            Encoding::Gzip => self.index_gz.clone().map(|body| ("gzip", body)),
            Encoding::Identity => None,
        };
        match encoded {
            Some((encoding, body)) => page.insert_header((CONTENT_ENCODING, encoding)).body(body),
            None => page.body(self.index.clone()),
        }
    }

    /// A hashed build file: the copy the request takes best, cached for a year; the app's 404
    /// page for a name the build does not have.
    fn asset(&self, req: &HttpRequest, name: &str) -> HttpResponse {
        let Some(&copies) = self.assets.get(name) else {
            return self.page(req, req.path());
        };
        let file = self.dir.join("assets").join(name);
        // A byte range is of the file itself: ranges of a compressed copy would be
        // indistinguishable from ranges of the file to the client.
        let encoding = if req.headers().contains_key(RANGE) {
            Encoding::Identity
        } else {
            negotiate(accept_encoding(req), copies)
        };
        let (path, content_encoding) = match encoding {
            Encoding::Br => (with_suffix(&file, ".br"), Some(ContentEncoding::Brotli)),
            Encoding::Gzip => (with_suffix(&file, ".gz"), Some(ContentEncoding::Gzip)),
            Encoding::Identity => (file.clone(), None),
        };
        let opened = match NamedFile::open(&path) {
            Ok(opened) => opened,
            Err(err) => {
                tracing::warn!(file = %path.display(), %err, "build file gone since start-up");
                return self.page(req, req.path());
            }
        };
        let extension = file.extension().and_then(|e| e.to_str()).unwrap_or("");
        let mut opened = opened
            .set_content_type(actix_files::file_extension_to_mime(extension))
            .disable_content_disposition();
        if let Some(content_encoding) = content_encoding {
            opened = opened.set_content_encoding(content_encoding);
        }
        let mut response = opened.into_response(req);
        let headers = response.headers_mut();
        headers.insert(CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
        if copies.any() {
            headers.append(VARY, HeaderValue::from_static("Accept-Encoding"));
        }
        response
    }

    /// `/` and the app's routes from memory, the build's files from disk, the rest 404.
    pub fn configure(&self, cfg: &mut web::ServiceConfig) {
        let reads = || guard::Any(guard::Get()).or(guard::Head());
        let root = self.clone();
        cfg.service(web::resource("/").to(move |req: HttpRequest| {
            let root = root.clone();
            async move { root.page(&req, "/") }
        }));
        // The page under its file name too, with the page's headers (not as a plain file).
        let named = self.clone();
        cfg.service(
            web::resource("/index.html")
                .guard(reads())
                .to(move |req: HttpRequest| {
                    let named = named.clone();
                    async move { named.page(&req, "/") }
                }),
        );
        let assets = self.clone();
        cfg.service(
            web::resource("/assets/{name}")
                .guard(reads())
                .to(move |req: HttpRequest| {
                    let assets = assets.clone();
                    async move {
                        let name = req.match_info().get("name").unwrap_or_default().to_owned();
                        assets.asset(&req, &name)
                    }
                }),
        );
        let fallback = self.clone();
        let dir = self.dir.clone();
        cfg.service(
            actix_files::Files::new("/", &self.dir)
                // Only reads reach the files; any other method falls through to the default
                // service below (405 with `Allow` on a documented path such as `/healthz`, else
                // the JSON 404), not actix-files' plain-text 405.
                .guard(reads())
                .use_etag(true)
                // A folder (`/assets/`) is no page either: the app's 404, not a bare error.
                .path_filter(move |path, _| !dir.join(path).is_dir())
                .default_handler(fn_service(move |req: ServiceRequest| {
                    let response = fallback.page(req.request(), req.path());
                    async move {
                        Ok::<_, actix_web::Error>(ServiceResponse::new(
                            req.into_parts().0,
                            response,
                        ))
                    }
                })),
        );
        cfg.default_service(web::to(crate::routes::not_found));
    }
}

/// Which precompressed copies of a file the build wrote beside it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Copies {
    pub br: bool,
    pub gzip: bool,
}

impl Copies {
    fn any(self) -> bool {
        self.br || self.gzip
    }
}

/// How a file is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Br,
    Gzip,
    Identity,
}

/// Every regular file of `assets/` (none of the `.br`/`.gz` copies themselves) and its copies.
fn scan_assets(dir: &Path) -> HashMap<String, Copies> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return HashMap::new();
    };
    let names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    let has = |name: String| names.contains(&name);
    names
        .iter()
        .filter(|name| !is_copy(name, &names))
        .map(|name| {
            let copies = Copies {
                br: has(format!("{name}.br")),
                gzip: has(format!("{name}.gz")),
            };
            (name.clone(), copies)
        })
        .collect()
}

/// `x.js.br` beside `x.js` is a copy, not a file of its own.
fn is_copy(name: &str, names: &[String]) -> bool {
    [".br", ".gz"].iter().any(|suffix| {
        name.strip_suffix(suffix)
            .is_some_and(|original| names.iter().any(|n| n == original))
    })
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn accept_encoding(req: &HttpRequest) -> Option<&str> {
    req.headers()
        .get(ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
}

/// The copy to send for an `Accept-Encoding` header: of the copies there are (and the file
/// itself), the one with the highest quality value above 0; on a tie br, then gzip, then the
/// file. Without the header, or when nothing listed is there, the file itself. The file
/// (`identity`) is acceptable unless excluded (`identity;q=0`, or `*;q=0` without naming it), but
/// unnamed it ranks below every coding the client names.
pub fn negotiate(header: Option<&str>, copies: Copies) -> Encoding {
    let Some(header) = header else {
        return Encoding::Identity;
    };
    let mut br = None;
    let mut gzip = None;
    let mut identity = None;
    let mut any = None;
    for item in header.split(',') {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        let mut q = 1.0_f32;
        for param in parts {
            let param = param.trim();
            if let Some(value) = param
                .strip_prefix("q=")
                .or_else(|| param.strip_prefix("Q="))
            {
                // An unreadable weight excludes the coding rather than guessing.
                q = value
                    .trim()
                    .parse::<f32>()
                    .ok()
                    .filter(|q| (0.0..=1.0).contains(q))
                    .unwrap_or(0.0);
            }
        }
        let slot = match coding.as_str() {
            "br" => &mut br,
            "gzip" | "x-gzip" => &mut gzip,
            "identity" => &mut identity,
            "*" => &mut any,
            _ => continue,
        };
        *slot = Some(q);
    }
    let candidates = [
        (Encoding::Br, copies.br, br.or(any).unwrap_or(0.0)),
        (Encoding::Gzip, copies.gzip, gzip.or(any).unwrap_or(0.0)),
        // Unnamed, the file is acceptable but below any coding the client does name.
        (Encoding::Identity, true, identity.or(any).unwrap_or(0.001)),
    ];
    let mut best: Option<(Encoding, f32)> = None;
    for (encoding, present, q) in candidates {
        if present && q > 0.0 && best.is_none_or(|(_, top)| q > top) {
            best = Some((encoding, q));
        }
    }
    best.map_or(Encoding::Identity, |(encoding, _)| encoding)
}

/// The app's route patterns, each a list of segments.
#[derive(Debug)]
pub struct Routes(Vec<Vec<Segment>>);

#[derive(Debug)]
enum Segment {
    Literal(String),
    Param,
}

impl Routes {
    /// Splat (`*`) patterns are the app's own not-found screens and never count as known.
    pub fn new(patterns: &[String]) -> Routes {
        Routes(
            patterns
                .iter()
                .filter(|p| p.starts_with('/') && !p.contains('*'))
                .map(|p| {
                    segments(p)
                        .map(|s| match s.strip_prefix(':') {
                            Some(_) => Segment::Param,
                            None => Segment::Literal(s.to_lowercase()),
                        })
                        .collect()
                })
                .collect(),
        )
    }

    pub fn matches(&self, raw_path: &str) -> bool {
        let path = percent_decode(raw_path).to_lowercase();
        let parts: Vec<&str> = segments(&path).collect();
        self.0.iter().any(|pattern| {
            pattern.len() == parts.len()
                && pattern.iter().zip(&parts).all(|(seg, part)| match seg {
                    Segment::Param => true,
                    Segment::Literal(lit) => lit == part,
                })
        })
    }
}

/// Non-empty segments: `/a//b/` is `a`, `b`, as the router sees it.
fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter(|s| !s.is_empty())
}

/// `%26` to `&`; invalid escapes stay as they are.
fn percent_decode(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && let (Some(hi), Some(lo)) = (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            )
        {
            out.push((hi * 16 + lo) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn routes() -> Routes {
        let list = [
            "/",
            "/login",
            "/use-case/:slug",
            "/user&guide",
            "/onboard",
            "/onboard/wallet",
            "/onboard/*",
            "*",
        ];
        Routes::new(&list.map(String::from))
    }

    #[test]
    fn known_paths_match_like_the_router() {
        let r = routes();
        for path in [
            "/",
            "/login",
            "/login/",
            "/LOGIN",
            "/use-case/gaming",
            "/user&guide",
            "/user%26guide",
            "/onboard",
            "/onboard/wallet",
        ] {
            assert!(r.matches(path), "{path}");
        }
    }

    #[test]
    fn negotiation_takes_the_best_copy_there_is() {
        let both = Copies {
            br: true,
            gzip: true,
        };
        let gzip_only = Copies {
            br: false,
            gzip: true,
        };
        for (header, copies, expected) in [
            (None, both, Encoding::Identity),
            (Some(""), both, Encoding::Identity),
            (Some("gzip, deflate, br"), both, Encoding::Br),
            (Some("gzip, deflate, br"), gzip_only, Encoding::Gzip),
            (Some("br"), gzip_only, Encoding::Identity),
            (Some("br;q=0, gzip"), both, Encoding::Gzip),
            (Some("br;q=0.5, gzip;q=0.9"), both, Encoding::Gzip),
            (Some("br;q=0.9, gzip;q=0.9"), both, Encoding::Br),
            (Some("gzip;q=0, br;q=0"), both, Encoding::Identity),
            (Some("*"), both, Encoding::Br),
            (Some("*;q=0, gzip"), both, Encoding::Gzip),
            (Some("identity;q=1, br;q=0.5"), both, Encoding::Identity),
            (Some("BR;Q=1"), both, Encoding::Br),
            (Some("br;q=bad, x-gzip"), both, Encoding::Gzip),
            (Some("deflate, zstd"), both, Encoding::Identity),
        ] {
            assert_eq!(negotiate(header, copies), expected, "{header:?} {copies:?}");
        }
    }

    #[test]
    fn other_paths_do_not() {
        let r = routes();
        for path in [
            "/nope",
            "/use-case",
            "/use-case/a/b",
            "/onboard/nope",
            "/login/x",
            "/wallet",
        ] {
            assert!(!r.matches(path), "{path}");
        }
    }
}
