//! An operator's removal of a customer's purchased traffic (grants go through
//! `traffic::add_purchased`, as a purchase does). Run it inside the transaction that writes the
//! change's `traffic_purchases` and audit rows.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::traffic_balances;
use diesel::prelude::*;
use domain::{ProxyKind, UserId};

/// Takes `bytes` (> 0) of unused, unexpired traffic of `kind` away: one conditional UPDATE, so
/// it never leaves less purchased than used, whatever the gateway records meanwhile. `false`
/// (nothing written) when the customer has fewer unused bytes than that.
pub fn remove_purchased(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: ProxyKind,
    bytes: i64,
) -> DbResult<bool> {
    if bytes <= 0 {
        return Ok(false);
    }
    let t = now();
    let changed = diesel::update(
        traffic_balances::table
            .find((user_id, kind))
            .filter(
                traffic_balances::expires_at
                    .is_null()
                    .or(traffic_balances::expires_at.gt(t)),
            )
            .filter((traffic_balances::purchased_bytes - bytes).ge(traffic_balances::used_bytes)),
    )
    .set((
        traffic_balances::purchased_bytes.eq(traffic_balances::purchased_bytes - bytes),
        traffic_balances::updated_at.eq(t),
    ))
    .execute(conn)?;
    Ok(changed == 1)
}
