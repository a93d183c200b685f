//! How the domain types are stored (feature `diesel`): enums as their stored names in TEXT, money
//! and ids as BIGINT. Generic over the backend, so they work through the persistence crate's
//! MultiConnection as on each database. A stored name that does not parse is a deserialisation
//! error, never a silently skipped row.

use crate::abuse::CaseStatus;
use crate::ids::{PlanId, UserId};
use crate::kind::ProxyKind;
use crate::ledger::EntryKind;
use crate::money::Cents;
use crate::order::OrderStatus;
use crate::payment::PaymentStatus;
use crate::payout::{PayoutStatus, ReferralEntryKind};
use crate::resellers::{Direction, PieceDirection};
use crate::upstream_pool::PoolProtocol;
use crate::usage::{CredentialKind, ExportFormat, Outcome};
use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::{BigInt, Text};

/// Types with `as_str(self) -> &'static str` and `parse(&str) -> Option<Self>`.
macro_rules! stored_as_text {
    ($($ty:ty: $what:literal),* $(,)?) => {$(
        impl<DB: Backend> ToSql<Text, DB> for $ty
        where
            str: ToSql<Text, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                self.as_str().to_sql(out)
            }
        }

        impl<DB: Backend> FromSql<Text, DB> for $ty
        where
            String: FromSql<Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                let stored = String::from_sql(bytes)?;
                <$ty>::parse(&stored)
                    .ok_or_else(|| format!(concat!("unknown ", $what, " {:?} stored"), stored).into())
            }
        }
    )*};
}

stored_as_text!(
    ProxyKind: "proxy kind",
    OrderStatus: "order status",
    PaymentStatus: "payment status",
    EntryKind: "ledger entry kind",
    CredentialKind: "credential kind",
    Outcome: "connection outcome",
    ExportFormat: "export format",
    PoolProtocol: "pool protocol",
    CaseStatus: "abuse case status",
    ReferralEntryKind: "referral ledger kind",
    PayoutStatus: "payout status",
    Direction: "transfer direction",
    PieceDirection: "piece move direction",
);

/// Types with `new(i64)` and `get(self) -> i64`.
macro_rules! stored_as_bigint {
    ($($ty:ty),* $(,)?) => {$(
        impl<DB: Backend> ToSql<BigInt, DB> for $ty
        where
            i64: ToSql<BigInt, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                // `to_sql` borrows for the output's lifetime: hand over the field, not a copy.
                self.0.to_sql(out)
            }
        }

        impl<DB: Backend> FromSql<BigInt, DB> for $ty
        where
            i64: FromSql<BigInt, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                i64::from_sql(bytes).map(<$ty>::new)
            }
        }
    )*};
}

stored_as_bigint!(Cents, UserId, PlanId);
