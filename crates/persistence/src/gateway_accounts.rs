//! What the metering gateway re-reads about the owners of its live connections at each flush.

use crate::schema::users;
use crate::{DbConnection, DbResult};
use diesel::prelude::*;
use domain::UserId;

/// The ids among `user_ids` whose account is disabled or gone, in the order given.
pub fn disabled_among(conn: &mut DbConnection, user_ids: &[UserId]) -> DbResult<Vec<UserId>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    let enabled: Vec<UserId> = users::table
        .filter(users::id.eq_any(user_ids.to_vec()))
        .filter(users::disabled.eq(false))
        .select(users::id)
        .load(conn)?;
    Ok(user_ids
        .iter()
        .copied()
        .filter(|id| !enabled.contains(id))
        .collect())
}
