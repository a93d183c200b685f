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

mod handle;
pub mod middleware;
mod state;
pub mod store;

pub use handle::{Session, SessionExt};
pub use middleware::{COOKIE_NAME, Sessions};
pub use state::{Client, Loaded, State, USER_ID_KEY};
pub use store::DbSessionStore;
