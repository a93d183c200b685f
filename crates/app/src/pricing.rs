//! A coupon checked before the purchase (`POST /api/user/coupons/check`): the price the customer
//! would pay with it, or why it does not apply, by the same rules the purchase applies
//! (`persistence::prices`). Reads only: the purchase decides again in its own transaction.

use crate::blocking::with_conn;
use crate::error::AppError;
use crate::traffic::{PlanChoice, find_plan};
use domain::pricing::Quote;
use domain::{Cents, ProxyKind, UserId, messages as msg};
use persistence::plans;
use persistence::prices::{self, Amount, PriceError};

/// What a coupon would do to one purchase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponCheck {
    pub valid: bool,
    /// The price before any discount.
    pub list_price: Cents,
    /// Everything taken off (the customer's own price and the coupon's).
    pub discount: Cents,
    /// What the customer would pay (without the coupon when it does not apply).
    pub price: Cents,
    /// "Coupon applied", or why not.
    pub message: String,
}

/// What is priced: a plan of `kind` (`plan`; a piece kind's cheapest plan on sale when None, as a
/// purchase without a plan buys) and how much of it.
#[derive(Debug, Clone, Copy)]
pub struct Priced {
    pub kind: ProxyKind,
    pub plan: Option<PlanChoice>,
    pub amount: Amount,
}

fn answer(quote: &Quote, valid: bool, message: String) -> CouponCheck {
    CouponCheck {
        valid,
        list_price: quote.item.list,
        discount: quote.discount(),
        price: quote.price,
        message,
    }
}

/// Checks `code` against the purchase `priced` of `user`.
pub async fn check_coupon(
    pool: &persistence::DbPool,
    user: UserId,
    priced: Priced,
    code: String,
) -> Result<CouponCheck, AppError> {
    with_conn(pool, move |conn| {
        let plan = match priced.plan {
            Some(choice) => find_plan(conn, priced.kind, choice)?,
            None if !priced.kind.is_traffic() => plans::active_for_kind(conn, priced.kind)?
                .into_iter()
                .min_by_key(|p| p.price_cents)
                .ok_or(AppError::NotFoundWith(msg::PLAN_NOT_FOUND))?,
            None => return Err(AppError::field("planId", msg::SELECT_ALL_FIELDS)),
        };
        match prices::quote(conn, user, &plan, priced.amount, Some(&code)) {
            Ok((quote, _)) => Ok(answer(&quote, true, msg::COUPON_APPLIED.to_owned())),
            Err(PriceError::Coupon(why)) => {
                let (quote, _) = prices::quote(conn, user, &plan, priced.amount, None)?;
                Ok(answer(&quote, false, why))
            }
            Err(other) => Err(other.into()),
        }
    })
    .await
}
