//! Why a wallet ledger row was written.

use crate::names::names;

names! {
    /// The kind of a ledger row; stored as text, unique together with the row's reference.
    pub enum EntryKind {
        Topup => "topup",
        Purchase => "purchase",
        ReferralBonus => "referral_bonus",
        Refund => "refund",
        AdminAdjustment => "admin_adjustment",
        /// A credit for a month a kind was less available than promised (docs/status.md).
        SlaCredit => "sla_credit",
        /// A reseller's takings from a client's purchase in its catalogue (docs/resellers.md).
        ClientSale => "client_sale",
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
