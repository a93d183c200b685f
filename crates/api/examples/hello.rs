//! The baselines of the API benchmark (bench/api/run.sh), with actix's defaults (one worker per
//! core, like `proxyshop serve`) and no middleware:
//! - `GET /`: a bare "Hello world!", no database;
//! - `GET /read`: the least a signed-in read can cost here, given one database read per
//!   request: the same session-and-user query the API's session store makes
//!   (`persistence::sessions::load_with_user`), on a pooled SQLite connection in WAL mode, run
//!   on the worker itself (as the session store does on SQLite), and the user's row as JSON. The
//!   database is a fresh one in a temporary folder holding one user and one session.
//!
//!     cargo run --release -p api --example hello -- 127.0.0.1:8090
// A benchmark fixture: a setup step that fails ends it, with the reason.
#![allow(clippy::expect_used)]

use actix_web::{App, HttpResponse, HttpServer, web};
use persistence::{DbPool, PoolOptions, now, sessions, users};

/// The hash the session row is stored under (the store keys rows by the cookie key's SHA-256).
const SESSION_ID: &str = "0000000000000000000000000000000000000000000000000000000000000000";

fn database(folder: &std::path::Path) -> DbPool {
    let url = format!("sqlite://{}", folder.join("hello.db").display());
    let pool = persistence::connect(&url, &PoolOptions::default()).expect("open the database");
    let mut conn = pool.get().expect("a connection");
    persistence::run_migrations(&mut conn).expect("migrations");
    let at = now();
    let user = users::insert(
        &mut conn,
        &users::NewUser {
            email: "reader@example.com",
            password_hash: None,
            google_sub: None,
            name: "Reader",
            avatar_url: None,
            role: "user",
            ref_code: "HELLO0001",
            referred_by: None,
            proxy_username: "hello0001",
            proxy_password: "not-a-real-password",
            created_at: at,
            updated_at: at,
        },
    )
    .expect("a user");
    let state = format!(r#"{{"user_id":"{}"}}"#, user.id);
    sessions::insert(
        &mut conn,
        SESSION_ID,
        Some(user.id),
        &state,
        at + 86_400,
        at,
    )
    .expect("a session");
    pool
}

async fn read(pool: web::Data<DbPool>) -> HttpResponse {
    let mut conn = pool.get().expect("a connection");
    match sessions::load_with_user(&mut conn, SESSION_ID, now()) {
        Ok(Some(sessions::LoadedSession {
            user: Some(user), ..
        })) => HttpResponse::Ok().json(user),
        other => HttpResponse::InternalServerError().body(format!("{:?}", other.map(|_| ()))),
    }
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:8090".to_owned());
    let folder = tempfile::tempdir()?;
    let pool = web::Data::new(database(folder.path()));
    HttpServer::new(move || {
        App::new()
            .app_data(pool.clone())
            .route(
                "/",
                web::get().to(|| async { HttpResponse::Ok().body("Hello world!") }),
            )
            .route("/read", web::get().to(read))
    })
    .bind(&addr)?
    .run()
    .await
}
