//! The built single-page app: real files (assets) as they are, the app's own routes get
//! `index.html` with 200, and every other path the same page with 404, so the browser shows the
//! app's not-found screen under a truthful status.
//!
//! The route list is `routes.json` beside `index.html`, written at build time from the router
//! (`frontend/src/app/app-routes.tsx`, see `frontend/scripts/route-list.ts`): patterns such as
//! `/use-case/:slug`, matched here segment by segment and case-insensitively like the router.

use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::web::Bytes;
use actix_web::{HttpResponse, guard, web};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The front end found at start-up.
#[derive(Clone)]
pub struct FrontEnd {
    dir: PathBuf,
    /// `index.html` as read at start-up (its inline scripts are hashed into the CSP).
    index: Bytes,
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
        Some(FrontEnd {
            dir: dir.to_owned(),
            index: Bytes::from(index),
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

    fn page(&self, path: &str) -> HttpResponse {
        let status = if self.knows(path) {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        HttpResponse::build(status)
            .insert_header((CONTENT_TYPE, "text/html; charset=utf-8"))
            .insert_header((CACHE_CONTROL, "no-cache"))
            .body(self.index.clone())
    }

    /// `/` and the app's routes from memory, the build's files from disk, the rest 404.
    pub fn configure(&self, cfg: &mut web::ServiceConfig) {
        let root = self.clone();
        cfg.service(web::resource("/").to(move || {
            let root = root.clone();
            async move { root.page("/") }
        }));
        let fallback = self.clone();
        let dir = self.dir.clone();
        cfg.service(
            actix_files::Files::new("/", &self.dir)
                // Only reads reach the files; any other method falls through to the default
                // service below (405 with `Allow` on a documented path such as `/healthz`, else
                // the JSON 404), not actix-files' plain-text 405.
                .guard(guard::Any(guard::Get()).or(guard::Head()))
                .use_etag(true)
                // A folder (`/assets/`) is no page either: the app's 404, not a bare error.
                .path_filter(move |path, _| !dir.join(path).is_dir())
                .default_handler(fn_service(move |req: ServiceRequest| {
                    let response = fallback.page(req.path());
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
