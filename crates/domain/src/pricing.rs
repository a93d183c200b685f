//! What a purchase costs (docs/admin-api/prices.md): the list price (a custom amount of GB at the
//! plan's volume tier for it), then the customer's own price of the kind (a per-cent discount the
//! operator gives them), then a coupon. Every step rounds in the shop's favour to the cent, and no
//! step takes a price to zero: percentages stop at 90, and an amount-off coupon applies only to a
//! price above its amount.

use crate::messages as msg;
use crate::{Cents, PlanId, ProxyKind};

/// The most tiers one plan carries.
pub const MAX_TIERS: usize = 10;
/// The largest percentage a customer price or a coupon takes off.
pub const MAX_PERCENT_OFF: i32 = 90;

/// A volume price of a traffic plan: from `min_gb` GB up, each GB costs `price_per_gb`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tier {
    pub min_gb: i64,
    pub price_per_gb: Cents,
}

/// The tier that prices `gb` GB: the one with the largest `min_gb` not above it.
pub fn tier_for(tiers: &[Tier], gb: i64) -> Option<Tier> {
    tiers
        .iter()
        .filter(|t| t.min_gb <= gb)
        .max_by_key(|t| t.min_gb)
        .copied()
}

/// `percent` of `price`, rounded down to the cent: what a percentage discount takes off.
pub fn percent_of(price: Cents, percent: i32) -> Cents {
    let percent = percent.clamp(0, MAX_PERCENT_OFF);
    Cents::new(price.get().saturating_mul(i64::from(percent)) / 100)
}

/// A coupon's discount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Discount {
    /// This many per cent off (1 to 90).
    Percent(i32),
    /// This many dollars off a price above it.
    Amount(Cents),
}

/// A coupon's rules: what the operator sets, and what a purchase checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponRules {
    pub code: String,
    pub discount: Discount,
    /// The kinds it applies to; empty: every kind.
    pub kinds: Vec<ProxyKind>,
    /// The plans it applies to; empty: every plan.
    pub plan_ids: Vec<PlanId>,
    /// The least price (after the customer's own price) it applies to.
    pub min_spend: Option<Cents>,
    pub max_uses: Option<i32>,
    pub max_uses_per_customer: i32,
    pub first_purchase_only: bool,
    pub valid_from: Option<i64>,
    pub valid_until: Option<i64>,
    pub active: bool,
}

/// How a coupon was used so far, by everyone and by the customer who applies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CouponHistory {
    /// Its uses by every customer.
    pub uses: i32,
    /// Their purchases with this coupon so far.
    pub uses_by_customer: i64,
    /// Whether they bought anything before.
    pub bought_before: bool,
}

/// What a purchase is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item {
    pub kind: ProxyKind,
    pub plan: PlanId,
    /// The price before any discount: the plan's price (times the quantity), or a custom amount
    /// of GB at its tier.
    pub list: Cents,
    /// The volume tier that priced a custom amount.
    pub tier: Option<Tier>,
}

/// How the price was reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub item: Item,
    /// The customer's own per-cent discount of the kind, when they have one.
    pub customer_percent: Option<i32>,
    pub customer_discount: Cents,
    /// The coupon applied, when one was.
    pub coupon: Option<String>,
    pub coupon_discount: Cents,
    /// What the customer pays.
    pub price: Cents,
}

impl Quote {
    /// Both discounts together.
    pub fn discount(&self) -> Cents {
        Cents::new(self.customer_discount.get() + self.coupon_discount.get())
    }

    /// Whether anything but the list price applied (a purchase records how its price was
    /// reached only then).
    pub fn is_list_price(&self) -> bool {
        self.item.tier.is_none() && self.discount() == Cents::ZERO
    }
}

/// The price of `item` for a customer with `customer_percent` off its kind, before any coupon.
pub fn quote(item: Item, customer_percent: Option<i32>) -> Quote {
    let customer_percent = customer_percent.filter(|p| *p > 0);
    let customer_discount = customer_percent.map_or(Cents::ZERO, |p| percent_of(item.list, p));
    Quote {
        item,
        customer_percent,
        customer_discount,
        coupon: None,
        coupon_discount: Cents::ZERO,
        price: Cents::new(item.list.get() - customer_discount.get()),
    }
}

/// `quote` with the coupon applied, or the message that says why it does not apply.
pub fn apply_coupon(
    quote: Quote,
    coupon: &CouponRules,
    history: CouponHistory,
    now: i64,
) -> Result<Quote, String> {
    let refuse = |message: &str| Err(message.to_owned());
    if !coupon.active {
        return refuse(msg::COUPON_INACTIVE);
    }
    if coupon.valid_from.is_some_and(|from| now < from) {
        return refuse(msg::COUPON_NOT_YET);
    }
    if coupon.valid_until.is_some_and(|until| now >= until) {
        return refuse(msg::COUPON_EXPIRED);
    }
    if !coupon.kinds.is_empty() && !coupon.kinds.contains(&quote.item.kind) {
        return refuse(msg::COUPON_WRONG_KIND);
    }
    if !coupon.plan_ids.is_empty() && !coupon.plan_ids.contains(&quote.item.plan) {
        return refuse(msg::COUPON_WRONG_PLAN);
    }
    if coupon.max_uses.is_some_and(|max| history.uses >= max) {
        return refuse(msg::COUPON_USED_UP);
    }
    if history.uses_by_customer >= i64::from(coupon.max_uses_per_customer) {
        return refuse(msg::COUPON_USED_BY_YOU);
    }
    if coupon.first_purchase_only && history.bought_before {
        return refuse(msg::COUPON_FIRST_PURCHASE);
    }
    let least = least_price(coupon);
    if least.is_some_and(|least| quote.price < least) {
        return Err(min_spend_message(least.unwrap_or(Cents::ZERO)));
    }
    let coupon_discount = match coupon.discount {
        Discount::Percent(p) => percent_of(quote.price, p),
        Discount::Amount(amount) => amount,
    };
    Ok(Quote {
        coupon: Some(coupon.code.clone()),
        coupon_discount,
        price: Cents::new(quote.price.get() - coupon_discount.get()),
        ..quote
    })
}

/// The least price a coupon applies to: its minimum spend, and above an amount-off coupon's
/// amount (a price never reaches zero).
fn least_price(coupon: &CouponRules) -> Option<Cents> {
    let above_amount = match coupon.discount {
        Discount::Amount(amount) => Some(Cents::new(amount.get() + 1)),
        Discount::Percent(_) => None,
    };
    match (coupon.min_spend, above_amount) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}

/// "This coupon applies to purchases from $25.00".
pub fn min_spend_message(least: Cents) -> String {
    format!("This coupon applies to purchases from {least}")
}

/// A coupon code as stored and compared: trimmed and upper-case; None when it is not 3 to 32
/// letters, digits, dashes or underscores.
pub fn coupon_code(code: &str) -> Option<String> {
    let code = code.trim();
    let ok = (3..=32).contains(&code.len())
        && code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    ok.then(|| code.to_ascii_uppercase())
}

#[cfg(test)]
#[path = "pricing_tests.rs"]
mod tests;
