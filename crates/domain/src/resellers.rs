//! Resellers (docs/resellers.md): the operator's terms for a reseller account, the rules of a
//! reseller's requests, and the direction of a move of traffic between a reseller and a client.

use crate::names::names;
use crate::rules::{Controls, Hundredths, TrimmedText, Whole};

/// `discountPercent`: the reseller's discount on its own purchases, a whole percent. At most 90,
/// as every percentage off in the shop (`pricing`): no price reaches zero.
pub const DISCOUNT_PERCENT: Whole = Whole { min: 0, max: 90 };

/// `maxClients`: how many clients the reseller may have.
pub const MAX_CLIENTS: Whole = Whole {
    min: 1,
    max: 10_000,
};

/// `gb` of a move: above 0 with at most two decimals, at most 100000 (the shop's rule for an
/// amount of GB typed as a JSON number, `rules::POSITIVE_AMOUNT`).
pub const MOVE_GB: Hundredths = crate::rules::POSITIVE_AMOUNT;

/// `validityDays` of an allocation: whole days, as a plan's validity.
pub const VALIDITY_DAYS: Whole = Whole { min: 1, max: 3650 };

/// The reseller's note on a client: blank clears it.
pub const CLIENT_NOTE: TrimmedText = TrimmedText {
    min_chars: 1,
    max_chars: 500,
    controls: Controls::LineBreaks,
};

/// A client's name, as the reseller types it (the profile's rule).
pub const CLIENT_NAME: TrimmedText = crate::account_forms::PROFILE_NAME;

names! {
    /// Which way a move of traffic went.
    pub enum Direction {
        /// From the reseller's traffic to the client's.
        Allocate => "allocate",
        /// From the client's unused traffic back to the reseller's.
        Reclaim => "reclaim",
    }
}

names! {
    /// Which way a piece went between a reseller and its client.
    pub enum PieceDirection {
        /// The reseller gave the client one of its pieces.
        Assign => "assign",
        /// The reseller took it back (its password changed).
        TakeBack => "take_back",
    }
}
