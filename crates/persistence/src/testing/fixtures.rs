//! Rows the tests insert directly: a plain customer, a piece in any state.
#![allow(clippy::expect_used)]

use diesel::prelude::*;

/// Inserts a plain user for tests: email `<tag>@example.com`, proxy username `u<tag>`, proxy
/// password `secretpw`, referral code `R<tag>`; returns its id.
pub fn insert_user(conn: &mut crate::DbConnection, tag: &str) -> domain::UserId {
    insert_user_with_email(conn, &format!("{tag}@example.com"), tag).expect("insert test user")
}

/// [`insert_user`] with its own email; the insert's error (a taken email or mailbox) is the
/// caller's to check.
pub fn insert_user_with_email(
    conn: &mut crate::DbConnection,
    email: &str,
    tag: &str,
) -> crate::DbResult<domain::UserId> {
    let t = crate::now();
    let user = crate::users::insert(
        conn,
        &crate::users::NewUser {
            email,
            password_hash: None,
            google_sub: None,
            name: tag,
            avatar_url: None,
            role: "user",
            ref_code: &format!("R{tag}"),
            referred_by: None,
            proxy_username: &format!("u{tag}"),
            proxy_password: "secretpw",
            created_at: t,
            updated_at: t,
        },
    )?;
    Ok(user.id)
}

/// A one-piece order and its piece as raw rows: kind and status are text, so a test can also
/// store values the typed code never writes.
pub struct RawPiece<'a> {
    pub kind: &'a str,
    pub status: &'a str,
    pub source: &'a str,
    pub username: &'a str,
    pub expires_at: i64,
}

/// Inserts `piece` for `user_id` (password `pw-<username>`); returns the piece's id.
pub fn insert_raw_piece(
    conn: &mut crate::DbConnection,
    user_id: domain::UserId,
    piece: &RawPiece,
) -> i64 {
    use crate::schema::{piece_orders, piece_proxies};
    let t = crate::now();
    let order_id: i64 = diesel::insert_into(piece_orders::table)
        .values((
            piece_orders::user_id.eq(user_id),
            piece_orders::kind.eq(piece.kind),
            piece_orders::quantity.eq(1),
            piece_orders::price_cents.eq(300),
            piece_orders::status.eq(piece.status),
            piece_orders::source.eq(piece.source),
            piece_orders::created_at.eq(t),
            piece_orders::updated_at.eq(t),
        ))
        .returning(piece_orders::id)
        .get_result(conn)
        .expect("insert test order");
    diesel::insert_into(piece_proxies::table)
        .values((
            piece_proxies::order_id.eq(order_id),
            piece_proxies::user_id.eq(user_id),
            piece_proxies::kind.eq(piece.kind),
            piece_proxies::host.eq("127.0.0.1"),
            piece_proxies::port.eq(8000),
            piece_proxies::username.eq(piece.username),
            piece_proxies::password.eq(format!("pw-{}", piece.username)),
            piece_proxies::expires_at.eq(piece.expires_at),
            piece_proxies::created_at.eq(t),
        ))
        .returning(piece_proxies::id)
        .get_result(conn)
        .expect("insert test piece")
}
