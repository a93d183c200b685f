//! The life of an order of proxies sold by the piece.

use crate::names::names;

names! {
    /// Where a piece order stands. Local orders are `delivered` at once; a provider's order goes
    /// `pending` → `placed` → `delivered`, or `failed` (refunded) or `unknown` (left for an operator).
    pub enum OrderStatus {
        /// Paid for and not yet sent to the provider (or its answer not yet recorded).
        Pending => "pending",
        /// The provider accepted it; its proxies are awaited.
        Placed => "placed",
        /// The proxies are written.
        Delivered => "delivered",
        /// Refused by the provider: the money and the stock went back.
        Failed => "failed",
        /// Sent without a known outcome: not retried, the money stays held.
        Unknown => "unknown",
    }
}

names! {
    /// How an operator settles an order the provider never answered or whose answer was lost
    /// (`POST /api/admin/orders/{id}/resolve`).
    pub enum Resolution {
        /// Refunded: the money and the stock go back.
        Failed => "failed",
        /// The operator writes the proxies the provider delivered.
        Delivered => "delivered",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_round_trips_through_its_stored_name() {
        for status in OrderStatus::ALL {
            assert_eq!(OrderStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(OrderStatus::parse("Pending"), None);
    }
}
