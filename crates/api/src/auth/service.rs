//! The account rules that handlers share: password hashing, code hashing, creating users with
//! unique codes, starting a session, and rate-limit checks.

use crate::auth::{argon, guard, hashing};
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::session::Session;
use crate::session::USER_ID_KEY;
use domain::{CanonicalEmail, canonical_email, messages as msg, random};
use hmac::{Hmac, Mac};
use persistence::users::{self, NewUser, UserRow};
use persistence::{DbConnection, DbError, DbPool, login_networks, now, rate_windows};
use sha2::Sha256;
use std::sync::OnceLock;

/// argon2id with the crate's default cost (19 MiB, 2 passes), on the hashing pool.
pub async fn hash_password(password: String) -> Result<String, ApiError> {
    hashing::run(move || {
        argon::hash(password.as_bytes()).map_err(|e| ApiError::internal("argon2", e))
    })
    .await?
}

/// A hash of a random password, verified against when the account does not exist, so that a
/// wrong email costs as long as a wrong password (no account enumeration by timing).
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| argon::hash(random::proxy_password().as_bytes()).unwrap_or_default())
}

/// Whether `password` matches `hash` (or the dummy hash when there is no account).
pub async fn verify_password(password: String, hash: Option<String>) -> Result<bool, ApiError> {
    hashing::run(move || {
        let stored = hash.as_deref().unwrap_or_else(|| dummy_hash());
        let ok = argon::verify(stored, password.as_bytes())
            .map_err(|e| ApiError::internal("stored hash", e))?;
        Ok(ok && hash.is_some())
    })
    .await?
}

/// HMAC-SHA256 of the code, bound to its email address, keyed by a server secret.
pub fn code_hash(key: &[u8; 32], email: &str, code: &str) -> String {
    let Ok(mut mac) = <Hmac<Sha256> as Mac>::new_from_slice(key) else {
        unreachable!("HMAC takes keys of any length")
    };
    mac.update(email.as_bytes());
    mac.update(b":");
    mac.update(code.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

pub fn code_matches(key: &[u8; 32], email: &str, code: &str, stored: &str) -> bool {
    use subtle::ConstantTimeEq;
    code_hash(key, email, code)
        .as_bytes()
        .ct_eq(stored.as_bytes())
        .into()
}

pub struct NewAccount<'a> {
    pub email: &'a str,
    pub password_hash: Option<&'a str>,
    pub google_sub: Option<&'a str>,
    pub name: &'a str,
    pub avatar_url: Option<&'a str>,
    pub role: &'a str,
    pub referred_by: Option<domain::UserId>,
}

/// Creates the account with a fresh referral code and proxy credentials, drawing again if a
/// random value collides. A taken email or mailbox (another spelling of a registered address)
/// is `Conflict` with the duplicate-account message.
pub fn create_user(conn: &mut DbConnection, account: &NewAccount<'_>) -> Result<UserRow, ApiError> {
    create_user_drawing(conn, account, || {
        (
            random::ref_code(),
            random::proxy_username(),
            random::proxy_password(),
        )
    })
}

/// `create_user` with the random values from `draw` (referral code, proxy username, proxy
/// password), so that tests can make them collide. Each attempt runs in a savepoint
/// (`users::insert`): on PostgreSQL a unique violation aborts the whole transaction otherwise,
/// and the next attempt could not run in it.
pub fn create_user_drawing(
    conn: &mut DbConnection,
    account: &NewAccount<'_>,
    mut draw: impl FnMut() -> (String, String, String),
) -> Result<UserRow, ApiError> {
    for _ in 0..5 {
        let (ref_code, proxy_user, proxy_pass) = draw();
        let t = now();
        let new = NewUser {
            email: account.email,
            password_hash: account.password_hash,
            google_sub: account.google_sub,
            name: account.name,
            avatar_url: account.avatar_url,
            role: account.role,
            ref_code: &ref_code,
            referred_by: account.referred_by,
            proxy_username: &proxy_user,
            proxy_password: &proxy_pass,
            created_at: t,
            updated_at: t,
        };
        match users::insert(conn, &new) {
            Ok(user) => return Ok(user),
            Err(DbError::UniqueViolation(c))
                if c.contains("email") || c.contains("mailboxes") || c.contains("google_sub") =>
            {
                return Err(ApiError::Conflict(msg::EMAIL_TAKEN));
            }
            Err(DbError::UniqueViolation(_)) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::internal(
        "create user",
        "could not draw unique codes",
    ))
}

/// The account a sign-up's referral code names, unless it is the newcomer's own mailbox (a
/// self-referral earns nothing). An unknown code is ignored rather than failing the sign-up.
pub fn referrer_for(
    conn: &mut DbConnection,
    ref_code: Option<&str>,
    mailbox: &CanonicalEmail,
) -> Result<Option<domain::UserId>, ApiError> {
    let Some(code) = ref_code else {
        return Ok(None);
    };
    Ok(users::find_by_ref_code(conn, code)?
        .filter(|referrer| canonical_email(&referrer.email) != mailbox.as_str())
        .map(|referrer| referrer.id))
}

/// The display name for an account that has none: the email's local part.
pub fn default_name(email: &str) -> String {
    email.split('@').next().unwrap_or(email).to_owned()
}

/// Records the sign-in, then starts a signed-in session under a new id (defeats session
/// fixation). In that order: a sign-in answered with an error leaves nobody signed in.
pub async fn sign_in(
    pool: &DbPool,
    session: &Session,
    ip: &ClientIp,
    user: &UserRow,
) -> Result<(), ApiError> {
    let id = user.id;
    let network = ip.network();
    let pair = guard::pair_key(&user.email, &network);
    with_conn(pool, move |conn| {
        users::record_login(conn, id)?;
        // The network is known from now on, and its failed attempts on this account are
        // forgiven (`crate::auth::guard`).
        login_networks::record(conn, id, &network, now())?;
        Ok(rate_windows::forget(conn, &pair)?)
    })
    .await?;
    session.renew();
    session
        .insert(USER_ID_KEY, id)
        .map_err(|e| ApiError::internal("session insert", e))?;
    metrics::counter!("proxyshop_sessions_started_total").increment(1);
    Ok(())
}
