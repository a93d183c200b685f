//! Every proxy a customer generated or bought, per kind, newest first. A row stands for
//! `quantity` identical lines: a rotating generation of N lines is one row, not N.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::schema::proxy_history;
use diesel::prelude::*;
use domain::{ProxyKind, UserId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = proxy_history)]
pub struct HistoryRow {
    pub id: i64,
    pub user_id: UserId,
    pub kind: ProxyKind,
    pub proxy: String,
    pub expires_at: Option<i64>,
    pub created_at: i64,
    /// How many identical lines the row stands for (1 for sticky lines and pieces).
    pub quantity: i32,
}

/// One line (a piece, or one sticky session).
pub fn insert(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    proxy: &str,
    expires_at: Option<i64>,
    created_at: i64,
) -> DbResult<()> {
    insert_lines(conn, user_id, kind, proxy, 1, expires_at, created_at)
}

/// `quantity` identical lines (1 or more) as one row.
pub fn insert_lines(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    proxy: &str,
    quantity: i32,
    expires_at: Option<i64>,
    created_at: i64,
) -> DbResult<()> {
    debug_assert!(quantity >= 1, "a history row stands for at least one line");
    diesel::insert_into(proxy_history::table)
        .values((
            proxy_history::user_id.eq(user_id),
            proxy_history::kind.eq(kind),
            proxy_history::proxy.eq(proxy),
            proxy_history::quantity.eq(quantity),
            proxy_history::expires_at.eq(expires_at),
            proxy_history::created_at.eq(created_at),
        ))
        .execute(conn)?;
    Ok(())
}

/// A user's history for one kind, newest first.
pub fn for_user(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    limit: i64,
) -> DbResult<Vec<HistoryRow>> {
    Ok(proxy_history::table
        .filter(proxy_history::user_id.eq(user_id))
        .filter(proxy_history::kind.eq(kind))
        .order(proxy_history::id.desc())
        .limit(limit)
        .select(HistoryRow::as_select())
        .load(conn)?)
}

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// One page of a user's history across kinds (or of one kind), newest first, optionally only
/// the proxies containing `search` (case-insensitive); with the total count of matches.
pub fn page(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: Option<ProxyKind>,
    search: Option<&str>,
    offset: i64,
    limit: i64,
) -> DbResult<(Vec<HistoryRow>, i64)> {
    let pattern = search.map(|s| {
        let escaped: String = s
            .to_lowercase()
            .chars()
            .flat_map(|c| match c {
                '\\' | '%' | '_' => vec!['\\', c],
                _ => vec![c],
            })
            .collect();
        format!("%{escaped}%")
    });
    let filtered = || {
        let mut query = proxy_history::table
            .filter(proxy_history::user_id.eq(user_id))
            .into_boxed();
        if let Some(kind) = kind {
            query = query.filter(proxy_history::kind.eq(kind));
        }
        if let Some(pattern) = &pattern {
            query = query.filter(
                lower(proxy_history::proxy)
                    .like(pattern.clone())
                    .escape('\\'),
            );
        }
        query
    };
    let total = filtered().count().get_result(conn)?;
    let rows = filtered()
        .order(proxy_history::id.desc())
        .offset(offset)
        .limit(limit)
        .select(HistoryRow::as_select())
        .load(conn)?;
    Ok((rows, total))
}
