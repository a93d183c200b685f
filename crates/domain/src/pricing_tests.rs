//! The price order, its rounding and each coupon rule (`pricing.rs`).

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
