//! Accounts. Emails are stored lower-cased, so equality is case-insensitive; beside each email
//! the mailbox it reaches (`domain::canonical_email`) is kept unique in `mailboxes`, so
//! `a.b+x@gmail.com` cannot open a second account beside `ab@gmail.com`.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::{mailboxes, user_logins, users};
use diesel::prelude::*;
use domain::{Cents, UserId};

/// `Debug` leaves out the password hash and the proxy password. Serde lets a row be written as
/// JSON (the API benchmark's baseline, `api/examples/hello.rs`); the balance travels as whole
/// cents.
#[derive(Clone, Queryable, Selectable, serde::Serialize, serde::Deserialize)]
#[diesel(table_name = users)]
pub struct UserRow {
    pub id: UserId,
    pub email: String,
    pub password_hash: Option<String>,
    pub google_sub: Option<String>,
    pub name: String,
    pub phone: Option<String>,
    pub avatar_url: Option<String>,
    pub role: String,
    #[serde(with = "whole_cents")]
    pub balance_cents: Cents,
    pub ref_code: String,
    pub referred_by: Option<UserId>,
    pub proxy_username: String,
    pub proxy_password: String,
    pub disabled: bool,
    pub created_at: i64,
    pub updated_at: i64,
    /// Set on the sign-in of a sub-user (docs/subusers.md): the account may then see only that
    /// sub-user's data.
    #[serde(default)]
    pub subuser_id: Option<i64>,
    /// Set on a reseller's client (docs/resellers.md): the reseller that owns the account. Such
    /// an account may use only its own dashboard (`api::client_access`).
    #[serde(default)]
    pub reseller_id: Option<UserId>,
    /// The reseller switched the client off; always together with `disabled`.
    #[serde(default)]
    pub suspended: bool,
    /// The reseller's own note on the client.
    #[serde(default)]
    pub client_note: Option<String>,
}

/// `Cents` as its integer count (its own `Serialize` writes dollars for the API).
mod whole_cents {
    use domain::Cents;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(cents: &Cents, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(cents.get())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Cents, D::Error> {
        i64::deserialize(d).map(Cents::new)
    }
}

impl std::fmt::Debug for UserRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UserRow")
            .field("id", &self.id)
            .field("email", &self.email)
            .field("role", &self.role)
            .field("proxy_username", &self.proxy_username)
            .field("disabled", &self.disabled)
            .finish_non_exhaustive()
    }
}

/// `Debug` leaves out the password hash and the proxy password.
#[derive(Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub email: &'a str,
    pub password_hash: Option<&'a str>,
    pub google_sub: Option<&'a str>,
    pub name: &'a str,
    pub avatar_url: Option<&'a str>,
    pub role: &'a str,
    pub ref_code: &'a str,
    pub referred_by: Option<UserId>,
    pub proxy_username: &'a str,
    pub proxy_password: &'a str,
    pub created_at: i64,
    pub updated_at: i64,
}

impl std::fmt::Debug for NewUser<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewUser")
            .field("email", &self.email)
            .field("role", &self.role)
            .field("proxy_username", &self.proxy_username)
            .finish_non_exhaustive()
    }
}

/// Inserts the user and its mailbox (derived from the email) together; returns the stored row.
/// A taken email is a `UniqueViolation` naming `email`, a taken mailbox one naming `mailboxes`.
/// Runs in a savepoint (a transaction of its own outside one): a refused insert writes nothing
/// and, on PostgreSQL, leaves the caller's transaction usable for another attempt.
pub fn insert(conn: &mut DbConnection, new: &NewUser<'_>) -> DbResult<UserRow> {
    conn.transaction(|c| {
        let id: UserId = diesel::insert_into(users::table)
            .values(new)
            .returning(users::id)
            .get_result(c)?;
        diesel::insert_into(mailboxes::table)
            .values((
                mailboxes::email_normalized.eq(domain::canonical_email(new.email)),
                mailboxes::user_id.eq(id),
            ))
            .execute(c)?;
        Ok(users::table
            .find(id)
            .select(UserRow::as_select())
            .first(c)?)
    })
}

pub fn find_by_id(conn: &mut DbConnection, id: UserId) -> DbResult<Option<UserRow>> {
    Ok(users::table
        .find(id)
        .select(UserRow::as_select())
        .first(conn)
        .optional()?)
}

/// `email` must already be normalised (lower case), as `domain::Email` gives it.
pub fn find_by_email(conn: &mut DbConnection, email: &str) -> DbResult<Option<UserRow>> {
    Ok(users::table
        .filter(users::email.eq(email))
        .select(UserRow::as_select())
        .first(conn)
        .optional()?)
}

pub fn find_by_google_sub(conn: &mut DbConnection, sub: &str) -> DbResult<Option<UserRow>> {
    Ok(users::table
        .filter(users::google_sub.eq(sub))
        .select(UserRow::as_select())
        .first(conn)
        .optional()?)
}

pub fn find_by_ref_code(conn: &mut DbConnection, code: &str) -> DbResult<Option<UserRow>> {
    Ok(users::table
        .filter(users::ref_code.eq(code))
        .select(UserRow::as_select())
        .first(conn)
        .optional()?)
}

/// Whether an account holds `email` or another spelling of its mailbox (`a.b+x@gmail.com`
/// for `ab@gmail.com`).
pub fn email_exists(conn: &mut DbConnection, email: &str) -> DbResult<bool> {
    let mailbox = domain::canonical_email(email);
    let by_email: bool = diesel::select(diesel::dsl::exists(
        users::table.filter(users::email.eq(email)),
    ))
    .get_result(conn)?;
    Ok(by_email
        || diesel::select(diesel::dsl::exists(mailboxes::table.find(&mailbox))).get_result(conn)?)
}

pub fn admin_exists(conn: &mut DbConnection) -> DbResult<bool> {
    Ok(diesel::select(diesel::dsl::exists(
        users::table.filter(users::role.eq("admin")),
    ))
    .get_result(conn)?)
}

/// Links a Google account to an existing user, filling the avatar only where none is set.
pub fn link_google(
    conn: &mut DbConnection,
    id: UserId,
    sub: &str,
    picture: Option<&str>,
) -> DbResult<()> {
    diesel::update(users::table.find(id))
        .set((users::google_sub.eq(sub), users::updated_at.eq(now())))
        .execute(conn)?;
    if let Some(picture) = picture {
        diesel::update(users::table.find(id).filter(users::avatar_url.is_null()))
            .set(users::avatar_url.eq(picture))
            .execute(conn)?;
    }
    Ok(())
}

pub fn set_password_hash(conn: &mut DbConnection, id: UserId, hash: &str) -> DbResult<()> {
    diesel::update(users::table.find(id))
        .set((users::password_hash.eq(hash), users::updated_at.eq(now())))
        .execute(conn)?;
    Ok(())
}

pub fn set_role(conn: &mut DbConnection, id: UserId, role: &str) -> DbResult<()> {
    diesel::update(users::table.find(id))
        .set((users::role.eq(role), users::updated_at.eq(now())))
        .execute(conn)?;
    Ok(())
}

/// One page of users, newest first, and the total count.
pub fn list(conn: &mut DbConnection, limit: i64, offset: i64) -> DbResult<(Vec<UserRow>, i64)> {
    let rows = users::table
        .order(users::id.desc())
        .limit(limit)
        .offset(offset)
        .select(UserRow::as_select())
        .load(conn)?;
    let total = users::table.count().get_result(conn)?;
    Ok((rows, total))
}

/// Records a successful sign-in (shown to operators as "last sign-in").
pub fn record_login(conn: &mut DbConnection, id: UserId) -> DbResult<()> {
    let at = now();
    crate::upsert::update_or_insert(
        conn,
        |c| {
            diesel::update(user_logins::table.find(id.get()))
                .set(user_logins::last_login_at.eq(at))
                .execute(c)
        },
        |c| {
            diesel::insert_into(user_logins::table)
                .values((
                    user_logins::user_id.eq(id.get()),
                    user_logins::last_login_at.eq(at),
                ))
                .execute(c)
        },
    )?;
    Ok(())
}

pub fn update_profile(
    conn: &mut DbConnection,
    id: UserId,
    name: &str,
    phone: Option<&str>,
) -> DbResult<()> {
    diesel::update(users::table.find(id))
        .set((
            users::name.eq(name),
            users::phone.eq(phone),
            users::updated_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}

pub fn set_avatar_url(conn: &mut DbConnection, id: UserId, url: Option<&str>) -> DbResult<()> {
    diesel::update(users::table.find(id))
        .set((users::avatar_url.eq(url), users::updated_at.eq(now())))
        .execute(conn)?;
    Ok(())
}

/// Moves the account to `email` (lower case) and its mailbox with it, in a savepoint: a taken
/// address is a `UniqueViolation` naming `email`, a taken mailbox one naming `mailboxes`, and
/// nothing is written then.
pub fn change_email(conn: &mut DbConnection, id: UserId, email: &str) -> DbResult<()> {
    conn.transaction(|c| {
        diesel::update(users::table.find(id))
            .set((users::email.eq(email), users::updated_at.eq(now())))
            .execute(c)?;
        diesel::delete(mailboxes::table.filter(mailboxes::user_id.eq(id))).execute(c)?;
        diesel::insert_into(mailboxes::table)
            .values((
                mailboxes::email_normalized.eq(domain::canonical_email(email)),
                mailboxes::user_id.eq(id),
            ))
            .execute(c)?;
        Ok(())
    })
}

/// Whether the account signs in with a second factor (a TOTP enrolment that was confirmed).
/// The password reset asks this before it signs in.
pub fn two_factor_enabled(conn: &mut DbConnection, id: UserId) -> DbResult<bool> {
    use crate::schema::user_totp;
    Ok(diesel::select(diesel::dsl::exists(
        user_totp::table
            .filter(user_totp::user_id.eq(id))
            .filter(user_totp::enabled_at.is_not_null()),
    ))
    .get_result(conn)?)
}

/// Locks the customer's row until the transaction ends (PostgreSQL; nothing on SQLite, whose
/// write transactions are exclusive already): what is decided per customer under it (slots of a
/// limit, a coupon's uses by one customer) is decided one transaction at a time.
pub fn lock_row(conn: &mut DbConnection, user_id: UserId) -> DbResult<()> {
    if let DbConnection::Postgres(pg) = conn {
        users::table
            .find(user_id)
            .select(users::id)
            .for_no_key_update()
            .first::<UserId>(pg)
            .optional()?;
    }
    Ok(())
}
