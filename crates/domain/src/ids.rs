//! Ids of the rows other rows point at, each a type of its own so that a plan id cannot be passed
//! where a user id is wanted. Stored as BIGINT; JSON shows the bare number.

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        #[cfg_attr(feature = "diesel", derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow))]
        #[cfg_attr(feature = "diesel", diesel(sql_type = diesel::sql_types::BigInt))]
        pub struct $name(pub(crate) i64);

        impl $name {
            pub const fn new(id: i64) -> Self {
                $name(id)
            }

            pub const fn get(self) -> i64 {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    )*};
}

id_type! {
    /// `users.id`.
    UserId;
    /// `plans.id`.
    PlanId;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_shows_the_bare_number() {
        assert_eq!(serde_json::to_string(&UserId::new(7)).unwrap(), "7");
        assert_eq!(
            serde_json::from_str::<PlanId>("12").unwrap(),
            PlanId::new(12)
        );
        assert_eq!(UserId::new(3).to_string(), "3");
    }
}
