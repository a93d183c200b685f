//! Server-side sessions: a cookie holding a random key, and a row of the `sessions` table that
//! holds its state.
//!
//! - `middleware`: reads the cookie, loads the session (and its signed-in user, in the same
//!   query) before the handler, and after it stores what changed and sets or clears the cookie.
//! - `store`: the `sessions` table, keyed by the SHA-256 of the cookie's key.
//! - `handle`: `Session`, what handlers and extractors see; `get`, `insert`, `remove`, `renew`
//!   (a new key for the same state, at every sign-in), `purge` (end the session, clear the
//!   cookie).
//! - `state`: the state (a few named JSON values), the client, a loaded session.
//!
//! The cookie's key is 64 random letters and digits (about 381 bits), unguessable on its own, so
//! it is neither signed nor encrypted: a made-up cookie finds no row and the request is served
//! signed out. The database keeps only the key's hash, so its contents cannot be replayed as a
//! cookie. A session ends for good when its row is deleted (logout, revoked from the session
//! list, password changed, account disabled): the next request finds no row, and a request
//! that was in flight then stores nothing of it, neither an update nor a renewal (`store`).
//!
//! # Why not actix-session
//!
//! The shop first ran on `actix-session` (0.11) with a `SessionStore` over the `sessions` table,
//! until this middleware replaced it. It stays replaced because actix-session cannot keep these
//! rules on its own (read in its 0.11.0 source, `middleware.rs`):
//! - **A renewal never brings back an ended session.** actix-session renews with two store
//!   calls, `delete(old key)` then `save(state)`, and `save` is not told which session it
//!   replaces: a store cannot refuse to carry over a session that ended while the request ran
//!   (signed out in another tab, revoked from the session list, its account's sessions ended by
//!   a password change), so the ended sign-in comes back under the new key. Here `renew` moves
//!   the row in one transaction, only while it is still there (`store::DbSessionStore::renew`;
//!   the test `a_renewal_moves_a_live_session_and_never_an_ended_one`). On actix-session this
//!   takes a request-scoped channel from `delete` to `save` (a task-local, opened by a further
//!   middleware), and the delete and the insert still run as two transactions.
//! - **The cookie is the key.** actix-session always signs (HMAC) or encrypts (AES-GCM) the
//!   cookie's value (`CookieContentSecurity` has no plain mode), so the cookie would no longer
//!   be the 64-character key (`tests/it/sessions.rs` asserts it is) and every request would pay
//!   a cookie-jar parse and a MAC check for a key that is unguessable on its own. Switching the
//!   format signs every customer out once.
//! - **One query per signed-in read.** `SessionStore::load` returns only the state (a
//!   `HashMap<String, String>`): the user row read in the same query (`tests/request_queries.rs`
//!   asserts one query) would reach the extractors through a task-local slot opened by yet
//!   another middleware (what the project did before), or as JSON in the state.
//! - **A made-up cookie writes no log line.** actix-session logs a WARN for every cookie that
//!   fails its check and an INFO for every key without a row; keeping anyone from writing log
//!   lines at full speed means turning its log target off, its real warnings with them.
//! - **A foreign cookie does not hide ours.** actix-web's `HttpRequest::cookies`, which
//!   actix-session reads, rejects the whole `Cookie` header when one cookie holds a byte that is
//!   not UTF-8 (a sibling subdomain's, a site script's), and the customer is served signed out;
//!   `middleware::cookie_key` reads bytes.
//!
//! Measured when it was replaced: callgrind over 3,000 signed-in reads counted 120,690
//! instructions per request on actix-session (with the task-local slot) and 93,747 here (the
//! same change also stopped recording the request span's status on every request), the floor
//! being 49,435 (the bare session-and-user query of `examples/hello.rs`). bench/api puts a
//! signed-in `GET /api/getuserinfo` at 0.49× a bare actix-web hello's requests per second
//! (`bench/results/latest.md`), far more than the shop needs.
//! That cost alone would not keep this code; the first two rules do.

mod handle;
pub mod middleware;
mod state;
pub mod store;

pub use handle::{Session, SessionExt};
pub use middleware::{COOKIE_NAME, Sessions};
pub use state::{Client, Loaded, State, USER_ID_KEY};
pub use store::DbSessionStore;
