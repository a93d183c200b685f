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
mod tests {
    use super::*;

    fn item(list: i64) -> Item {
        Item {
            kind: ProxyKind::Premium,
            plan: PlanId::new(1),
            list: Cents::new(list),
            tier: None,
        }
    }

    fn coupon(discount: Discount) -> CouponRules {
        CouponRules {
            code: "SAVE20".into(),
            discount,
            kinds: vec![],
            plan_ids: vec![],
            min_spend: None,
            max_uses: None,
            max_uses_per_customer: 1,
            first_purchase_only: false,
            valid_from: None,
            valid_until: None,
            active: true,
        }
    }

    const FRESH: CouponHistory = CouponHistory {
        uses: 0,
        uses_by_customer: 0,
        bought_before: false,
    };

    #[test]
    fn the_tier_with_the_largest_minimum_not_above_the_amount_prices_it() {
        let tiers = [
            Tier {
                min_gb: 250,
                price_per_gb: Cents::new(180),
            },
            Tier {
                min_gb: 25,
                price_per_gb: Cents::new(270),
            },
        ];
        assert_eq!(tier_for(&tiers, 24), None);
        assert_eq!(tier_for(&tiers, 25).map(|t| t.min_gb), Some(25));
        assert_eq!(tier_for(&tiers, 249).map(|t| t.min_gb), Some(25));
        assert_eq!(
            tier_for(&tiers, 300).map(|t| t.price_per_gb),
            Some(Cents::new(180))
        );
    }

    #[test]
    fn the_customer_price_comes_first_then_the_coupon_each_rounded_for_the_shop() {
        let q = quote(item(2800), Some(15));
        assert_eq!(
            (q.customer_discount, q.price),
            (Cents::new(420), Cents::new(2380))
        );
        let q = apply_coupon(q, &coupon(Discount::Percent(20)), FRESH, 0).unwrap();
        assert_eq!(q.coupon_discount, Cents::new(476));
        assert_eq!(q.price, Cents::new(1904));
        assert_eq!(q.discount(), Cents::new(896));
        // 33 % of 1 cent and of 99 cents round down.
        assert_eq!(percent_of(Cents::new(1), 33), Cents::ZERO);
        assert_eq!(percent_of(Cents::new(99), 33), Cents::new(32));
        assert!(quote(item(100), None).is_list_price());
        assert!(quote(item(100), Some(0)).is_list_price());
    }

    #[test]
    fn no_discount_takes_a_price_to_zero() {
        assert_eq!(percent_of(Cents::new(1000), 100), Cents::new(900));
        let amount = coupon(Discount::Amount(Cents::new(500)));
        let refused = apply_coupon(quote(item(500), None), &amount, FRESH, 0).unwrap_err();
        assert_eq!(refused, "This coupon applies to purchases from $5.01");
        let q = apply_coupon(quote(item(501), None), &amount, FRESH, 0).unwrap();
        assert_eq!(q.price, Cents::new(1));
    }

    #[test]
    fn each_rule_refuses_with_its_message() {
        let q = quote(item(2000), None);
        let check = |c: &CouponRules, h: CouponHistory| apply_coupon(q.clone(), c, h, 100);
        let base = coupon(Discount::Percent(10));
        assert!(check(&base, FRESH).is_ok());
        let used_up = CouponHistory { uses: 3, ..FRESH };
        assert_eq!(
            check(
                &CouponRules {
                    max_uses: Some(3),
                    ..base.clone()
                },
                used_up
            )
            .unwrap_err(),
            msg::COUPON_USED_UP
        );
        assert!(
            check(
                &CouponRules {
                    max_uses: Some(4),
                    ..base.clone()
                },
                used_up
            )
            .is_ok()
        );
        let cases: Vec<(CouponRules, &str)> = vec![
            (
                CouponRules {
                    active: false,
                    ..base.clone()
                },
                msg::COUPON_INACTIVE,
            ),
            (
                CouponRules {
                    valid_from: Some(101),
                    ..base.clone()
                },
                msg::COUPON_NOT_YET,
            ),
            (
                CouponRules {
                    valid_until: Some(100),
                    ..base.clone()
                },
                msg::COUPON_EXPIRED,
            ),
            (
                CouponRules {
                    kinds: vec![ProxyKind::Budget],
                    ..base.clone()
                },
                msg::COUPON_WRONG_KIND,
            ),
            (
                CouponRules {
                    plan_ids: vec![PlanId::new(2)],
                    ..base.clone()
                },
                msg::COUPON_WRONG_PLAN,
            ),
        ];
        for (c, message) in cases {
            assert_eq!(check(&c, FRESH).unwrap_err(), message);
        }
        let used_up = CouponHistory { uses: 3, ..FRESH };
        let three = CouponRules {
            max_uses: Some(3),
            ..base.clone()
        };
        assert_eq!(check(&three, used_up).unwrap_err(), msg::COUPON_USED_UP);
        let four = CouponRules {
            max_uses: Some(4),
            ..base.clone()
        };
        assert!(check(&four, used_up).is_ok());
        let used = CouponHistory {
            uses: 1,
            uses_by_customer: 1,
            bought_before: true,
        };
        assert_eq!(check(&base, used).unwrap_err(), msg::COUPON_USED_BY_YOU);
        let twice = CouponRules {
            max_uses_per_customer: 2,
            ..base.clone()
        };
        assert!(check(&twice, used).is_ok());
        let first = CouponRules {
            first_purchase_only: true,
            max_uses_per_customer: 2,
            ..base.clone()
        };
        assert_eq!(check(&first, used).unwrap_err(), msg::COUPON_FIRST_PURCHASE);
        let min = CouponRules {
            min_spend: Some(Cents::new(2001)),
            ..base.clone()
        };
        assert_eq!(
            check(&min, FRESH).unwrap_err(),
            "This coupon applies to purchases from $20.01"
        );
        let min = CouponRules {
            min_spend: Some(Cents::new(2000)),
            ..base
        };
        assert!(check(&min, FRESH).is_ok());
    }

    #[test]
    fn codes_are_compared_upper_case() {
        assert_eq!(coupon_code(" save-20 ").as_deref(), Some("SAVE-20"));
        assert_eq!(coupon_code("ab"), None);
        assert_eq!(coupon_code("with space"), None);
        assert_eq!(coupon_code(&"A".repeat(33)), None);
    }
}
