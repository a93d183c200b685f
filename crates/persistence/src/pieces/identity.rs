//! What tells one bought piece from another (docs/renewals.md#what-a-piece-shows): the
//! customer's own credential of it, where it exits and through whom (the stock's IP and ISP when
//! the operator recorded them), and the last check of it (`piece_checks`).

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::{piece_checks, piece_proxies, piece_stock};
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::UserId;
use std::collections::HashMap;

/// The last check of a piece: whether a request through it worked, the exit IP the echo service
/// saw and the latency (when it worked), or the reason in words.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = piece_checks)]
pub struct PieceCheck {
    pub piece_id: i64,
    pub ok: bool,
    pub exit_ip: Option<String>,
    pub latency_ms: Option<i64>,
    pub error: Option<String>,
    pub checked_at: i64,
}

/// One piece's identity. `Debug` leaves out the password.
#[derive(Clone, PartialEq, Eq)]
pub struct PieceIdentity {
    pub id: i64,
    /// The customer's proxy username of this piece (a provider's piece: the login it delivered).
    pub username: String,
    pub password: String,
    pub city: Option<String>,
    /// The ISP's name (the stock's, else the code the order named).
    pub isp: Option<String>,
    /// The exit IP the stock entry records, when the operator recorded one.
    pub stock_ip: Option<String>,
    /// Served by our own gateway (not a provider's piece): it can be checked from here.
    pub ours: bool,
    pub last_check: Option<PieceCheck>,
}

impl std::fmt::Debug for PieceIdentity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PieceIdentity")
            .field("id", &self.id)
            .field("username", &self.username)
            .field("isp", &self.isp)
            .field("stock_ip", &self.stock_ip)
            .field("ours", &self.ours)
            .field("last_check", &self.last_check)
            .finish_non_exhaustive()
    }
}

type Row = (
    i64,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// A provider's login is stored as `<login>#<provider id>` (logins are not unique across
/// orders); the customer's credential is the login.
fn login(username: String, upstream_id: Option<&str>) -> String {
    match upstream_id {
        Some(id) => match username.strip_suffix(&format!("#{id}")) {
            Some(login) => login.to_owned(),
            None => username,
        },
        None => username,
    }
}

/// The identities of `user`'s pieces among `ids`, by id (another customer's ids are left out).
pub fn identities(
    conn: &mut DbConnection,
    user: UserId,
    ids: &[i64],
) -> DbResult<HashMap<i64, PieceIdentity>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<Row> = piece_proxies::table
        .left_join(piece_stock::table.on(piece_stock::id.nullable().eq(piece_proxies::stock_id)))
        .filter(piece_proxies::user_id.eq(user))
        .filter(piece_proxies::id.eq_any(ids.to_vec()))
        .select((
            piece_proxies::id,
            piece_proxies::username,
            piece_proxies::password,
            piece_proxies::city,
            piece_proxies::isp,
            piece_proxies::upstream_id,
            piece_stock::isp_name.nullable(),
            piece_stock::ip.nullable(),
        ))
        .load(conn)?;
    let mut checks: HashMap<i64, PieceCheck> = piece_checks::table
        .filter(piece_checks::piece_id.eq_any(ids.to_vec()))
        .select(PieceCheck::as_select())
        .load(conn)?
        .into_iter()
        .map(|check| (check.piece_id, check))
        .collect();
    Ok(rows
        .into_iter()
        .map(
            |(id, username, password, city, isp, upstream_id, isp_name, ip)| {
                let identity = PieceIdentity {
                    id,
                    username: login(username, upstream_id.as_deref()),
                    password,
                    city,
                    isp: isp_name.or(isp),
                    stock_ip: ip,
                    ours: upstream_id.is_none(),
                    last_check: checks.remove(&id),
                };
                (id, identity)
            },
        )
        .collect())
}

/// Keeps `check` as its piece's last check (replacing the one before).
pub fn record_check(conn: &mut DbConnection, check: &PieceCheck) -> DbResult<()> {
    update_or_insert(
        conn,
        |c| {
            diesel::update(piece_checks::table.find(check.piece_id))
                .set((
                    piece_checks::ok.eq(check.ok),
                    piece_checks::exit_ip.eq(&check.exit_ip),
                    piece_checks::latency_ms.eq(check.latency_ms),
                    piece_checks::error.eq(&check.error),
                    piece_checks::checked_at.eq(check.checked_at),
                ))
                .execute(c)
        },
        |c| {
            diesel::insert_into(piece_checks::table)
                .values(check)
                .execute(c)
        },
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::login;

    #[test]
    fn a_provider_login_loses_its_provider_id() {
        assert_eq!(login("ab12#9001".into(), Some("9001")), "ab12");
        assert_eq!(login("ab12#9001".into(), None), "ab12#9001");
        assert_eq!(login("ab12".into(), Some("9001")), "ab12");
    }
}
