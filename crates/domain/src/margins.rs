//! The arithmetic of the operator's margins (docs/admin-api/margins.md): what customers paid for
//! the traffic they used (revenue) against what the upstream pools charged for carrying it
//! (cost). Amounts are kept in nanocents (10^-9 cent) until they are shown: bytes times a price
//! in cents per GB is exactly that unit, since a GB is 10^9 bytes, so nothing is rounded before
//! the sums are made.

use crate::Cents;

/// Nanocents in a cent.
pub const NANOCENTS_PER_CENT: i128 = 1_000_000_000;

/// What `bytes` cost at `cents_per_gb`, in nanocents (saturating: 92 TB at $1,000/GB fit).
pub fn cost_nanocents(bytes: i64, cents_per_gb: Cents) -> i64 {
    bytes.saturating_mul(cents_per_gb.get())
}

/// A customer's purchases of one traffic kind: what they paid and how many bytes it bought.
/// Their price per byte is the weighted average `price_cents / bytes` (free grants and trials
/// count with their price of zero).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Paid {
    pub price_cents: i64,
    pub bytes: i64,
}

impl Paid {
    /// What `used` bytes of this customer's traffic brought in, in nanocents (rounded down; zero
    /// when nothing was bought).
    pub fn revenue_nanocents(self, used: i64) -> i128 {
        if self.bytes <= 0 || used <= 0 {
            return 0;
        }
        i128::from(used) * i128::from(self.price_cents.max(0)) * NANOCENTS_PER_CENT
            / i128::from(self.bytes)
    }
}

/// One cell of the margins: a kind's or a pool's figures on a day or over the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Figures {
    /// Bytes customers used (for a pool: the bytes it carried, every one of them metered).
    pub sold_bytes: i64,
    /// What customers paid for them, nanocents.
    pub revenue: i128,
    /// Bytes the pools carried.
    pub carried_bytes: i64,
    /// What the pools charged for them, nanocents.
    pub cost: i128,
}

impl Figures {
    pub fn add(&mut self, other: Figures) {
        self.sold_bytes = self.sold_bytes.saturating_add(other.sold_bytes);
        self.revenue += other.revenue;
        self.carried_bytes = self.carried_bytes.saturating_add(other.carried_bytes);
        self.cost += other.cost;
    }

    /// The revenue, rounded to the cent (half up).
    pub fn revenue_cents(&self) -> Cents {
        to_cents(self.revenue)
    }

    /// The cost, rounded to the cent (half up).
    pub fn cost_cents(&self) -> Cents {
        to_cents(self.cost)
    }

    /// Revenue less cost, of the rounded amounts (so that the three shown add up).
    pub fn margin_cents(&self) -> Cents {
        Cents::new(self.revenue_cents().get() - self.cost_cents().get())
    }

    /// The margin as a share of the revenue, in percent to two decimals; none without revenue.
    pub fn margin_percent(&self) -> Option<f64> {
        let revenue = self.revenue_cents().get();
        (revenue != 0).then(|| {
            let hundredths = (self.margin_cents().get() as f64 * 10_000.0 / revenue as f64).round();
            hundredths / 100.0
        })
    }

    /// A pool's share of this kind-day's revenue for the `carried` bytes it carried: the bytes
    /// times the revenue per byte customers used of the kind that day (zero when none was used
    /// that day).
    pub fn share_of_revenue(&self, carried: i64) -> i128 {
        if self.sold_bytes <= 0 {
            return 0;
        }
        self.revenue * i128::from(carried) / i128::from(self.sold_bytes)
    }
}

/// Nanocents to cents, half up (amounts here are never negative).
fn to_cents(nanocents: i128) -> Cents {
    let cents = (nanocents + NANOCENTS_PER_CENT / 2).div_euclid(NANOCENTS_PER_CENT);
    Cents::new(i64::try_from(cents).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_is_bytes_times_price_exactly() {
        // 1.5 GB at $2.50/GB is $3.75.
        let nc = cost_nanocents(1_500_000_000, Cents::new(250));
        assert_eq!(nc, 375 * 1_000_000_000);
        // 1 byte at $0.01/GB is 1 nanocent: nothing is lost.
        assert_eq!(cost_nanocents(1, Cents::new(1)), 1);
        assert_eq!(cost_nanocents(i64::MAX, Cents::new(2)), i64::MAX);
    }

    #[test]
    fn revenue_is_the_weighted_average_price_per_byte() {
        // $10 for 2 GB plus a free 1 GB grant: $10 / 3 GB; 1.5 GB used brought $5.
        let paid = Paid {
            price_cents: 1_000,
            bytes: 3_000_000_000,
        };
        assert_eq!(
            paid.revenue_nanocents(1_500_000_000),
            500 * NANOCENTS_PER_CENT
        );
        assert_eq!(Paid::default().revenue_nanocents(5), 0);
        assert_eq!(paid.revenue_nanocents(0), 0);
    }

    #[test]
    fn margins_round_once_and_add_up() {
        let mut day = Figures {
            sold_bytes: 2_000_000_000,
            revenue: 1_000 * NANOCENTS_PER_CENT,
            carried_bytes: 2_000_000_000,
            cost: 249_500_000_000,
        };
        assert_eq!(day.cost_cents(), Cents::new(250));
        assert_eq!(day.margin_cents(), Cents::new(750));
        assert_eq!(day.margin_percent(), Some(75.0));
        assert_eq!(day.share_of_revenue(500_000_000), 250 * NANOCENTS_PER_CENT);
        day.add(day);
        assert_eq!(
            (day.revenue_cents(), day.cost_cents()),
            (Cents::new(2_000), Cents::new(499))
        );
        assert_eq!(Figures::default().margin_percent(), None);
        assert_eq!(Figures::default().share_of_revenue(10), 0);
        let loss = Figures {
            revenue: 100 * NANOCENTS_PER_CENT,
            cost: 300 * NANOCENTS_PER_CENT,
            ..Figures::default()
        };
        assert_eq!(loss.margin_cents(), Cents::new(-200));
        assert_eq!(loss.margin_percent(), Some(-200.0));
    }
}
