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

/// One page of payments with their customer's email, newest first, and how many match.
pub fn list(
    conn: &mut DbConnection,
    filter: &PaymentFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<(PaymentRow, String)>, i64)> {
    let query = || {
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
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order((payments::created_at.desc(), payments::id.desc()))
        .limit(limit)
        .offset(offset)
        .select((PaymentRow::as_select(), users::email))
        .load(conn)?;
    Ok((rows, total))
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
