//! Why a wallet ledger row was written.

use serde::Serialize;

/// The kind of a ledger row; stored as text, unique together with the row's reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(
    feature = "diesel",
    derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)
)]
#[cfg_attr(feature = "diesel", diesel(sql_type = diesel::sql_types::Text))]
pub enum EntryKind {
    Topup,
    Purchase,
    ReferralBonus,
    Refund,
    AdminAdjustment,
}

impl EntryKind {
    pub const ALL: [EntryKind; 5] = [
        EntryKind::Topup,
        EntryKind::Purchase,
        EntryKind::ReferralBonus,
        EntryKind::Refund,
        EntryKind::AdminAdjustment,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Topup => "topup",
            EntryKind::Purchase => "purchase",
            EntryKind::ReferralBonus => "referral_bonus",
            EntryKind::Refund => "refund",
            EntryKind::AdminAdjustment => "admin_adjustment",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == value)
    }
}

impl std::fmt::Display for EntryKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_through_its_stored_name() {
        for kind in EntryKind::ALL {
            assert_eq!(EntryKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(EntryKind::parse("bonus"), None);
    }
}
