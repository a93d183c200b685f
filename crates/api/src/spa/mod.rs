//! The built single-page app: real files (assets) as they are, the app's own routes get
//! `index.html` with 200, and every other path the same page with 404, so the browser shows the
//! app's not-found screen under a truthful status.
//!
//! The route list is `routes.json` beside `index.html`, written at build time from the router
//! (`frontend/src/app/app-routes.tsx`, see `frontend/scripts/route-list.ts`): patterns such as
//! `/use-case/:slug`, matched segment by segment and case-insensitively like the router (`routes`).
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

mod routes;

use crate::content_coding::{Copies, Encoding, negotiate};
use routes::Routes;

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
