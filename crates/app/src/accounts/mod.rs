//! Accounts: password hashing and photo decoding on pools of their own (`hashing`, `argon`,
//! `photos`) and creating users with unique codes, shared by sign-up, Google sign-in and the
//! `create-admin` command.

mod argon;
#[cfg(feature = "testing")]
pub use argon::cheap_for_tests as cheap_hashes_for_tests;
pub mod avatar;
pub mod avatar_image;
pub mod codes;
pub mod current_password;
pub mod email_change;
pub mod hashing;
pub mod invitation;
pub mod limits;
pub mod mails;
pub mod password;
pub mod password_reset;
pub mod photos;
pub mod profile;
pub mod registration;
pub mod rules;
pub mod trial;

use crate::error::AppError;
use domain::{CanonicalEmail, canonical_email, messages as msg, random};
use persistence::users::{self, NewUser, UserRow};
use persistence::{DbConnection, DbError, now};
use std::sync::OnceLock;

/// How long a network stays known to an account after its last completed sign-in (the sign-in
/// guard's; the purge job forgets older ones).
pub const KNOWN_NETWORK_SECS: i64 = 90 * 86_400;

/// argon2id with the crate's default cost (19 MiB, 2 passes), on the hashing pool.
pub async fn hash_password(password: String) -> Result<String, AppError> {
    hashing::run(move || {
        argon::hash(password.as_bytes()).map_err(|e| AppError::internal("argon2", e))
    })
    .await?
}

/// [`hash_password`] on a blocking thread at the caller's priority instead of the hashing pool's
/// idle one: for the first start's admin, made before the server answers anyone. On the idle
/// pool a machine with every core busy holds the whole start until a core goes idle (CI starts
/// servers for its browser and process tests beside the Rust tests); this way a debug server
/// beside two busy loops on two cores answered in 0.7-1.4 s with its admin made.
pub async fn hash_password_at_start(password: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || {
        argon::hash(password.as_bytes()).map_err(|e| AppError::internal("argon2", e))
    })
    .await
    .map_err(|_| AppError::internal("password hashing", "the job was dropped"))?
}

/// A hash of a random password, verified against when the account does not exist, so that a
/// wrong email costs as long as a wrong password (no account enumeration by timing).
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| argon::hash(random::proxy_password().as_bytes()).unwrap_or_default())
}

/// Whether `password` matches `hash` (or the dummy hash when there is no account).
pub async fn verify_password(password: String, hash: Option<String>) -> Result<bool, AppError> {
    hashing::run(move || {
        let stored = hash.as_deref().unwrap_or_else(|| dummy_hash());
        let ok = argon::verify(stored, password.as_bytes())
            .map_err(|e| AppError::internal("stored hash", e))?;
        Ok(ok && hash.is_some())
    })
    .await?
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
pub fn create_user(conn: &mut DbConnection, account: &NewAccount<'_>) -> Result<UserRow, AppError> {
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
) -> Result<UserRow, AppError> {
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
                return Err(AppError::Conflict(msg::EMAIL_TAKEN));
            }
            Err(DbError::UniqueViolation(_)) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(AppError::internal(
        "create user",
        "could not draw unique codes",
    ))
}

/// The account a sign-up's referral code names, unless it is the newcomer's own mailbox (a
/// self-referral earns nothing) or a sub-user's sign-in (it holds no money and sees no
/// referrals). An unknown code is ignored rather than failing the sign-up.
pub fn referrer_for(
    conn: &mut DbConnection,
    ref_code: Option<&str>,
    mailbox: &CanonicalEmail,
) -> Result<Option<domain::UserId>, AppError> {
    let Some(code) = ref_code else {
        return Ok(None);
    };
    Ok(users::find_by_ref_code(conn, code)?
        .filter(|referrer| referrer.subuser_id.is_none())
        .filter(|referrer| canonical_email(&referrer.email) != mailbox.as_str())
        .map(|referrer| referrer.id))
}

/// The display name for an account that has none: the email's local part.
pub fn default_name(email: &str) -> String {
    email.split('@').next().unwrap_or(email).to_owned()
}
