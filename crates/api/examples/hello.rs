//! The baseline of the API benchmark (bench/api/run.sh): a bare actix-web "Hello world!" with
//! actix's defaults (one worker per core, like `proxyshop serve`), no middleware, no database.
//!
//!     cargo run --release -p api --example hello -- 127.0.0.1:8090

use actix_web::{App, HttpResponse, HttpServer, web};

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:8090".to_owned());
    HttpServer::new(|| {
        App::new().route(
            "/",
            web::get().to(|| async { HttpResponse::Ok().body("Hello world!") }),
        )
    })
    .bind(&addr)?
    .run()
    .await
}
