//! How the built front end goes over the wire (`api::spa`), against the real server and its
//! middleware over a temporary build whose precompressed copies hold marker bytes, so that any
//! recompression would show: the copy the request's `Accept-Encoding` takes best (br, then gzip,
//! then the file; `q=0` refuses), with `Content-Encoding` and `Vary: Accept-Encoding`, left as it
//! is by the compression middleware; hashed files `immutable` for a year, the page `no-cache`; a
//! byte range of the file itself; an unknown asset (or a copy asked for by name) the app's 404.
//! And the API's own answers (`api::compress`): gzip when asked for, except a body under 1 KiB.

use crate::common::TestApp;
use reqwest::header::HeaderMap;
use serde_json::json;
use std::path::Path;

const INDEX: &str = "<!doctype html><html><head><script type=\"module\" crossorigin \
                     src=\"/assets/app-1a2b.js\"></script></head><body><div id=\"root\"></div></body></html>";
const APP_JS: &str = "export const app = () => 'the app';\n";
const STYLE_CSS: &str = "body { margin: 0 }\n";
const PLAIN_JS: &str = "export const plain = 1;\n";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A build as `npm run build` leaves it: `app-1a2b.js` and the page with both copies, the
/// stylesheet with a gzip copy only, `plain-5e6f.js` with none.
fn build() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let files: [(&str, &[u8]); 10] = [
        ("index.html", INDEX.as_bytes()),
        ("index.html.br", b"BR(index.html)"),
        ("index.html.gz", b"GZ(index.html)"),
        ("routes.json", br#"["/","/login","*"]"#),
        ("assets/app-1a2b.js", APP_JS.as_bytes()),
        ("assets/app-1a2b.js.br", b"BR(app-1a2b.js)"),
        ("assets/app-1a2b.js.gz", b"GZ(app-1a2b.js)"),
        ("assets/style-3c4d.css", STYLE_CSS.as_bytes()),
        ("assets/style-3c4d.css.gz", b"GZ(style-3c4d.css)"),
        ("assets/plain-5e6f.js", PLAIN_JS.as_bytes()),
    ];
    for (name, bytes) in files {
        write(dir.path(), name, bytes);
    }
    dir
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

struct Raw {
    status: u16,
    headers: HeaderMap,
    body: Vec<u8>,
}

impl Raw {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Every `Content-Encoding` line: exactly one when a copy is sent, none for the file.
    fn encodings(&self) -> Vec<&str> {
        self.headers
            .get_all("content-encoding")
            .iter()
            .map(|v| v.to_str().unwrap())
            .collect()
    }

    fn varies_on_accept_encoding(&self) -> bool {
        self.headers
            .get_all("vary")
            .iter()
            .flat_map(|v| v.to_str().unwrap().split(','))
            .any(|v| v.trim().eq_ignore_ascii_case("accept-encoding"))
    }

    fn text(&self) -> &str {
        std::str::from_utf8(&self.body).unwrap()
    }
}

/// `GET path` with these request headers; the client decodes nothing (reqwest is built without
/// its decompression features), so the body is the bytes on the wire.
async fn get(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> Raw {
    let mut request = app.client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    Raw {
        status: response.status().as_u16(),
        headers: response.headers().clone(),
        body: response.bytes().await.unwrap().to_vec(),
    }
}

async fn with_accept(app: &TestApp, path: &str, accept: &str) -> Raw {
    get(app, path, &[("accept-encoding", accept)]).await
}

async fn start(backend: persistence::Backend) -> (TestApp, tempfile::TempDir) {
    let dist = build();
    let dir = dist.path().to_owned();
    let app = TestApp::start(backend, |s| s.static_dir = Some(dir)).await;
    (app, dist)
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_best_accepted_copy_is_sent_as_stored(backend) {
        let (app, _dist) = start(backend).await;

        for (accept, body, encoding) in [
            ("gzip, deflate, br, zstd", "BR(app-1a2b.js)", Some("br")),
            ("br", "BR(app-1a2b.js)", Some("br")),
            ("gzip", "GZ(app-1a2b.js)", Some("gzip")),
            ("GZIP;Q=1.0", "GZ(app-1a2b.js)", Some("gzip")),
            ("br;q=0, gzip", "GZ(app-1a2b.js)", Some("gzip")),
            ("br;q=0.4, gzip;q=0.8", "GZ(app-1a2b.js)", Some("gzip")),
            ("br;q=0.8, gzip;q=0.8", "BR(app-1a2b.js)", Some("br")),
            ("*", "BR(app-1a2b.js)", Some("br")),
            ("gzip;q=0, br;q=0", APP_JS, None),
            ("*;q=0, identity", APP_JS, None),
            ("identity", APP_JS, None),
        ] {
            let reply = with_accept(&app, "/assets/app-1a2b.js", accept).await;
            assert_eq!(reply.status, 200, "{accept}");
            assert_eq!(reply.text(), body, "{accept}: the stored bytes, compressed once");
            assert_eq!(reply.encodings(), encoding.into_iter().collect::<Vec<_>>(), "{accept}");
            assert!(reply.varies_on_accept_encoding(), "{accept}: {:?}", reply.headers);
            assert!(reply.header("content-type").unwrap().contains("javascript"), "{accept}: {:?}", reply.headers);
            assert_eq!(reply.header("cache-control"), Some(IMMUTABLE), "{accept}");
            assert_eq!(reply.header("content-disposition"), None, "{accept}: not a download");
        }
        let plain = get(&app, "/assets/app-1a2b.js", &[]).await;
        assert_eq!(plain.text(), APP_JS, "no Accept-Encoding: the file itself");
        assert_eq!(plain.encodings(), Vec::<&str>::new());
        assert!(plain.varies_on_accept_encoding());
    }

    async fn a_missing_copy_falls_back_to_the_next_one_or_the_file(backend) {
        let (app, _dist) = start(backend).await;

        let css = with_accept(&app, "/assets/style-3c4d.css", "br, gzip").await;
        assert_eq!(css.text(), "GZ(style-3c4d.css)");
        assert_eq!(css.encodings(), ["gzip"]);
        assert!(css.header("content-type").unwrap().starts_with("text/css"), "{:?}", css.headers);
        assert_eq!(css.header("cache-control"), Some(IMMUTABLE));
        assert!(css.varies_on_accept_encoding());

        let css = with_accept(&app, "/assets/style-3c4d.css", "br").await;
        assert_eq!(css.text(), STYLE_CSS, "only br accepted, only gzip stored: the file");
        assert_eq!(css.encodings(), Vec::<&str>::new());

        // No copies at all: the file, still cached for a year.
        let plain = with_accept(&app, "/assets/plain-5e6f.js", "br").await;
        assert_eq!(plain.status, 200);
        assert_eq!(plain.text(), PLAIN_JS);
        assert_eq!(plain.header("cache-control"), Some(IMMUTABLE));
    }

    async fn the_page_and_app_routes_are_no_cache_and_precompressed(backend) {
        let (app, _dist) = start(backend).await;

        for path in ["/", "/login", "/index.html"] {
            let reply = with_accept(&app, path, "gzip, deflate, br").await;
            assert_eq!(reply.status, 200, "{path}");
            assert_eq!(reply.text(), "BR(index.html)", "{path}");
            assert_eq!(reply.encodings(), ["br"], "{path}");
            assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
            assert!(reply.header("content-type").unwrap().starts_with("text/html"), "{path}");
            assert!(reply.varies_on_accept_encoding(), "{path}");

            let reply = with_accept(&app, path, "gzip").await;
            assert_eq!(reply.text(), "GZ(index.html)", "{path}");
            assert_eq!(reply.encodings(), ["gzip"], "{path}");

            let reply = get(&app, path, &[]).await;
            assert_eq!(reply.text(), INDEX, "{path}");
            assert_eq!(reply.encodings(), Vec::<&str>::new(), "{path}");
            assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
        }
        let missing = with_accept(&app, "/nope", "br").await;
        assert_eq!(missing.status, 404);
        assert_eq!(missing.text(), "BR(index.html)", "the app's not-found page");
        assert_eq!(missing.header("cache-control"), Some("no-cache"));
    }

    async fn an_unknown_asset_or_a_copy_by_name_is_the_apps_404(backend) {
        let (app, _dist) = start(backend).await;

        for path in ["/assets/missing-0000.js", "/assets/app-1a2b.js.br", "/assets/app-1a2b.js.gz", "/assets/", "/assets/%2e%2e%2findex.html"] {
            let reply = get(&app, path, &[]).await;
            assert_eq!(reply.status, 404, "{path}");
            assert_eq!(reply.text(), INDEX, "{path}");
            assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}: never cached for a year");
        }
        let put = app.send(app.client.put(app.url("/assets/app-1a2b.js"))).await;
        assert_eq!(put.status, 404);
        assert_eq!(put.body, json!({ "message": "Not found" }));
    }

    async fn a_byte_range_and_revalidation_are_of_the_sent_representation(backend) {
        let (app, _dist) = start(backend).await;

        // A range is of the file itself, whatever the request accepts.
        let range = get(&app, "/assets/app-1a2b.js", &[("accept-encoding", "br, gzip"), ("range", "bytes=0-5")]).await;
        assert_eq!(range.status, 206);
        assert_eq!(range.text(), &APP_JS[..6]);
        assert!(range.encodings().iter().all(|e| *e == "identity"), "{:?}", range.headers);

        // Each copy has its own validator; a revalidation is answered 304 with the same caching.
        let br = with_accept(&app, "/assets/app-1a2b.js", "br").await;
        let gz = with_accept(&app, "/assets/app-1a2b.js", "gzip").await;
        let etag = br.header("etag").unwrap().to_owned();
        assert_ne!(Some(etag.as_str()), gz.header("etag"));
        let again = get(&app, "/assets/app-1a2b.js", &[("accept-encoding", "br"), ("if-none-match", &etag)]).await;
        assert_eq!(again.status, 304);
        assert_eq!(again.header("cache-control"), Some(IMMUTABLE));
        assert!(again.body.is_empty());
    }

    async fn api_answers_are_gzipped_when_asked_for_except_short_ones(backend) {
        use std::io::Read;
        let (app, _dist) = start(backend).await;

        // Short: a guest's user info, 13 bytes of JSON, goes as it is, with its length.
        let short = with_accept(&app, "/api/getuserinfo", "gzip, deflate, br, zstd").await;
        assert_eq!(short.status, 200);
        assert_eq!(short.text(), r#"{"user":null}"#);
        assert_eq!(short.encodings(), Vec::<&str>::new());
        assert_eq!(short.header("content-length"), Some("13"));
        assert!(short.varies_on_accept_encoding(), "{:?}", short.headers);

        // Long: the OpenAPI document, gzip when asked for, as it is otherwise.
        let plain = get(&app, "/api/openapi.json", &[]).await;
        assert!(plain.body.len() as u64 > api::compress::MIN_BYTES);
        assert_eq!(plain.encodings(), Vec::<&str>::new());
        let gzip = with_accept(&app, "/api/openapi.json", "gzip, deflate, br, zstd").await;
        assert_eq!(gzip.status, 200);
        assert_eq!(gzip.encodings(), ["gzip"]);
        assert!(gzip.varies_on_accept_encoding(), "{:?}", gzip.headers);
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(&gzip.body[..]).read_to_end(&mut unpacked).unwrap();
        assert_eq!(unpacked, plain.body);
        assert!(gzip.body.len() < plain.body.len() / 4);

        // Refusing the body as it is gets even a short one compressed; refusing all we have, 406.
        let refused = with_accept(&app, "/api/getuserinfo", "gzip, identity;q=0").await;
        assert_eq!(refused.encodings(), ["gzip"]);
        let mut unpacked = String::new();
        flate2::read::GzDecoder::new(&refused.body[..]).read_to_string(&mut unpacked).unwrap();
        assert_eq!(unpacked, r#"{"user":null}"#);
        let nothing = with_accept(&app, "/api/getuserinfo", "br, identity;q=0").await;
        assert_eq!(nothing.status, 406);
        let refusal: serde_json::Value = serde_json::from_slice(&nothing.body).unwrap();
        assert_eq!(refusal, json!({ "message": domain::messages::NOT_ACCEPTABLE }));
    }
}
