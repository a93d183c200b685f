//! The operator's list of payments: filtered by status and a search, newest first, with the
//! customer's email.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::payments::PaymentRow;
use crate::schema::{payments, users};
use diesel::prelude::*;
use domain::PaymentStatus;

/// Which payments `list` answers. `q` matches the payment id, the provider's invoice id, or a
/// substring of the customer's email (case-insensitive).
#[derive(Debug, Clone, Default)]
pub struct PaymentFilter {
    pub status: Option<PaymentStatus>,
    pub q: Option<String>,
}

type Db = <DbConnection as diesel::Connection>::Backend;
type Filtered = diesel::helper_types::IntoBoxed<
    'static,
    diesel::helper_types::InnerJoin<payments::table, users::table>,
    Db,
>;

/// Payments joined to their customer, with `filter` applied.
fn filtered(filter: &PaymentFilter) -> Filtered {
    let mut q = payments::table.inner_join(users::table).into_boxed();
    if let Some(status) = filter.status {
        q = q.filter(payments::status.eq(status));
    }
    if let Some(text) = filter.q.as_deref() {
        let pattern = crate::like::contains(text);
        q = q.filter(
            payments::id
                .eq(text.to_owned())
                .or(payments::provider_uuid.eq(text.to_owned()))
                .or(users::email.like(pattern).escape('\\')),
        );
    }
    q
}

/// One page of payments with their customer's email, newest first, and how many match.
pub fn list(
    conn: &mut DbConnection,
    filter: &PaymentFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<(PaymentRow, String)>, i64)> {
    let query = || filtered(filter);
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order((payments::created_at.desc(), payments::id.desc()))
        .limit(limit)
        .offset(offset)
        .select((PaymentRow::as_select(), users::email))
        .load(conn)?;
    Ok((rows, total))
}

/// Where the export's walk stands: the last payment's creation time and id.
pub type PaymentCursor = (i64, String);

/// Up to `limit` payments `filter` matches after `after` in the list's order (newest first,
/// ties by id), from the start when `None`: the export walks the list by this keyset, so rows
/// written meanwhile neither repeat nor shift the walk.
pub fn after(
    conn: &mut DbConnection,
    filter: &PaymentFilter,
    after: Option<&PaymentCursor>,
    limit: i64,
) -> DbResult<Vec<(PaymentRow, String)>> {
    let mut query = filtered(filter);
    if let Some((created_at, id)) = after {
        query = query.filter(
            payments::created_at.lt(*created_at).or(payments::created_at
                .eq(*created_at)
                .and(payments::id.lt(id.clone()))),
        );
    }
    Ok(query
        .order((payments::created_at.desc(), payments::id.desc()))
        .limit(limit)
        .select((PaymentRow::as_select(), users::email))
        .load(conn)?)
}

/// The payment `id` with its customer's email.
pub fn find_with_email(
    conn: &mut DbConnection,
    id: &str,
) -> DbResult<Option<(PaymentRow, String)>> {
    Ok(payments::table
        .inner_join(users::table)
        .filter(payments::id.eq(id))
        .select((PaymentRow::as_select(), users::email))
        .first(conn)
        .optional()?)
}
