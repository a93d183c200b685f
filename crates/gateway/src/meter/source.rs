//! Where a meter's traffic comes from, and what a top-up got.

use persistence::DbError;
use persistence::gateway_leases::LeaseKey;
use std::fmt;
use std::future::Future;
use std::pin::Pin;

/// What a lease top-up got from the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Grant {
    /// Bytes added to this node's lease.
    pub(crate) granted: i64,
    /// The lease size of this balance: a top-up brings the unmoved bytes held back to it.
    pub(crate) size: i64,
    /// Nothing granted because a sub-user's own cap is spent while the balance has traffic.
    pub(crate) capped: bool,
}

pub(crate) type GrantFuture = Pin<Box<dyn Future<Output = Result<Grant, DbError>> + Send>>;

/// Where a meter's traffic comes from: leases taken out of the customer's balance (and a
/// sub-user's cap).
pub(crate) trait Source: Send + Sync + fmt::Debug {
    /// Adds to this node's lease `key`, of which it holds `held` unmoved bytes; `empty`: none
    /// of them is left to reserve (then other leases on the balance may hand some over).
    fn take(&self, key: LeaseKey, held: i64, empty: bool) -> GrantFuture;

    /// Whether other leases of this node on the balance of `key` hold bytes they could hand
    /// over (asked, without the database, by a meter that found nothing left to lease).
    fn spare(&self, _key: LeaseKey) -> bool {
        false
    }
}

/// The outcome of a top-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TopUp {
    /// Bytes are available now.
    Available,
    /// The lease is full, all of it reserved by steps under way: wait for them.
    Full,
    /// The database has nothing more for this customer.
    Dry,
}
