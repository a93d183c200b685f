//! The refund rules (docs/refunds.md), without I/O: whether the latest traffic purchase of a
//! kind or a failing piece may be refunded, and for how much. The callers read the facts and
//! decide in the database that a purchase or piece is refunded once.

use crate::Cents;
use crate::messages as msg;

/// The shop's refund terms (`PROXYSHOP_REFUND_DAYS`, `PROXYSHOP_REFUND_MAX_USED_PERCENT`,
/// `PROXYSHOP_PIECE_REFUND_HOURS`); the terms page states them from the same values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefundPolicy {
    /// A traffic purchase is refundable for this many days after it was made (0: never).
    pub days: u32,
    /// ... when less than this percent of it was used (1 to 100).
    pub max_used_percent: u32,
    /// A piece whose check failed is refundable for this many hours after delivery (0: never).
    pub piece_hours: u32,
}

impl Default for RefundPolicy {
    fn default() -> Self {
        RefundPolicy {
            days: 7,
            max_used_percent: 10,
            piece_hours: 24,
        }
    }
}

/// What the rules read of the latest traffic purchase of a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PurchaseFacts {
    /// Bytes bought and their price.
    pub bytes: i64,
    pub price: Cents,
    /// When it was bought (seconds).
    pub bought_at: i64,
    /// Bytes of the kind used since it was bought: the newest purchase is used first.
    pub used_since: i64,
    /// Unused, unexpired bytes of the kind now (what can be taken away).
    pub left: i64,
    pub refunded: bool,
}

/// The rules' answer: refund `bytes` for `amount`, or the reason it is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Refund { bytes: i64, amount: Cents },
    Refused(&'static str),
}

impl Verdict {
    /// The customer-facing reason: why it is refused, or that it may be refunded.
    pub fn reason(&self) -> &'static str {
        match self {
            Verdict::Refund { .. } => msg::REFUND_ELIGIBLE,
            Verdict::Refused(why) => why,
        }
    }
}

impl RefundPolicy {
    /// Whether the purchase in `facts` may be refunded at `now`, and for what: the unused part
    /// (at most what is left of the kind), at the purchase's own price per byte, rounded down
    /// to the cent.
    pub fn assess(&self, facts: &PurchaseFacts, now: i64) -> Verdict {
        if facts.refunded {
            return Verdict::Refused(msg::REFUND_ALREADY);
        }
        if now >= facts.bought_at + i64::from(self.days) * 86_400 {
            return Verdict::Refused(msg::REFUND_TOO_LATE);
        }
        let used = i128::from(facts.used_since.max(0));
        let bytes = i128::from(facts.bytes);
        if bytes <= 0 || used * 100 >= i128::from(self.max_used_percent) * bytes {
            return Verdict::Refused(msg::REFUND_TOO_MUCH_USED);
        }
        let unused = (facts.bytes - facts.used_since.max(0)).min(facts.left);
        let amount = i128::from(facts.price.get()) * i128::from(unused.max(0)) / bytes;
        match i64::try_from(amount) {
            Ok(cents) if unused > 0 && cents > 0 => Verdict::Refund {
                bytes: unused,
                amount: Cents::new(cents),
            },
            _ => Verdict::Refused(msg::REFUND_NOTHING_LEFT),
        }
    }

    /// Whether a piece delivered at `delivered_at` may be refunded at `now`: within the first
    /// `piece_hours`, when its last check (made in that time) failed.
    pub fn assess_piece(&self, piece: &PieceFacts, now: i64) -> Result<(), &'static str> {
        let end = piece.delivered_at + i64::from(self.piece_hours) * 3600;
        if piece.refunded {
            return Err(msg::PIECE_REFUND_ALREADY);
        }
        if now >= end {
            return Err(msg::PIECE_REFUND_TOO_LATE);
        }
        match piece.last_check {
            Some((false, at)) if at >= piece.delivered_at && at < end => {}
            _ => return Err(msg::PIECE_REFUND_NOT_FAILED),
        }
        if !piece.cancellable {
            return Err(msg::PIECE_REFUND_PROVIDER);
        }
        Ok(())
    }
}

/// Bytes as GB with two decimals at most, rounded down (a refund never shows more GB than it
/// takes back).
pub fn shown_gb(bytes: i64) -> f64 {
    (bytes / (crate::units::GB / 100)) as f64 / 100.0
}

/// What the rules read of one piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceFacts {
    pub delivered_at: i64,
    /// Its last check: whether it worked, and when (seconds).
    pub last_check: Option<(bool, i64)>,
    /// From the shop's own stock (released back to it) or a provider that cancels orders.
    pub cancellable: bool,
    pub refunded: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    const GB: i64 = 1_000_000_000;
    const DAY: i64 = 86_400;

    fn facts(used_since: i64) -> PurchaseFacts {
        PurchaseFacts {
            bytes: 5 * GB,
            price: Cents::new(1_000),
            bought_at: 1_000_000,
            used_since,
            left: 5 * GB - used_since,
            refunded: false,
        }
    }

    #[test]
    fn the_unused_part_is_refunded_at_the_purchase_price_until_the_limits() {
        let p = RefundPolicy::default();
        let at = 1_000_000 + 6 * DAY;
        assert_eq!(
            p.assess(&facts(GB / 4), at),
            Verdict::Refund {
                bytes: 5 * GB - GB / 4,
                amount: Cents::new(950)
            }
        );
        // 10 % used is not "less than 10 %"; one byte under it is, rounded down to the cent.
        assert_eq!(
            p.assess(&facts(GB / 2), at),
            Verdict::Refused(msg::REFUND_TOO_MUCH_USED)
        );
        assert_eq!(
            p.assess(&facts(GB / 2 - 1), at),
            Verdict::Refund {
                bytes: 4 * GB + GB / 2 + 1,
                amount: Cents::new(900)
            }
        );
        assert_eq!(
            p.assess(&facts(0), 1_000_000 + 7 * DAY),
            Verdict::Refused(msg::REFUND_TOO_LATE)
        );
        let refunded = PurchaseFacts {
            refunded: true,
            ..facts(0)
        };
        assert_eq!(
            p.assess(&refunded, at),
            Verdict::Refused(msg::REFUND_ALREADY)
        );
        // Older traffic used first leaves less of this purchase to take away.
        let expired = PurchaseFacts {
            left: GB,
            ..facts(0)
        };
        assert_eq!(
            p.assess(&expired, at),
            Verdict::Refund {
                bytes: GB,
                amount: Cents::new(200)
            }
        );
        let gone = PurchaseFacts {
            left: 0,
            ..facts(0)
        };
        assert_eq!(
            p.assess(&gone, at),
            Verdict::Refused(msg::REFUND_NOTHING_LEFT)
        );
    }

    #[test]
    fn a_piece_is_refunded_only_after_a_failed_check_in_its_first_hours() {
        let p = RefundPolicy::default();
        let piece = PieceFacts {
            delivered_at: 0,
            last_check: Some((false, 60)),
            cancellable: true,
            refunded: false,
        };
        assert_eq!(p.assess_piece(&piece, 3600), Ok(()));
        assert_eq!(
            p.assess_piece(&piece, 24 * 3600),
            Err(msg::PIECE_REFUND_TOO_LATE)
        );
        for last_check in [None, Some((true, 60))] {
            let checked = PieceFacts {
                last_check,
                ..piece
            };
            assert_eq!(
                p.assess_piece(&checked, 3600),
                Err(msg::PIECE_REFUND_NOT_FAILED)
            );
        }
        let provider = PieceFacts {
            cancellable: false,
            ..piece
        };
        assert_eq!(
            p.assess_piece(&provider, 3600),
            Err(msg::PIECE_REFUND_PROVIDER)
        );
        let again = PieceFacts {
            refunded: true,
            ..piece
        };
        assert_eq!(p.assess_piece(&again, 3600), Err(msg::PIECE_REFUND_ALREADY));
    }
}
