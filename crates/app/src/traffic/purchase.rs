//! Buying a traffic plan from the wallet: the debit and the traffic it buys commit together or
//! not at all. The gateway meters the traffic against that balance, whatever pool carries it.

use crate::blocking::in_transaction;
use crate::error::AppError;
use domain::{PlanId, ProxyKind, UserId, messages as msg};
use persistence::plan_purchase::{self, PlanPurchase};
use persistence::{DbPool, plans, users};

/// Which plan of a traffic kind is bought.
#[derive(Debug, Clone, Copy)]
pub enum PlanChoice {
    /// The plan's id.
    Id(PlanId),
    /// The plan's amount in GB.
    Amount(i64),
}

/// The largest custom amount one purchase may buy, in GB.
pub const MAX_CUSTOM_GB: i64 = 10_000;

/// A custom amount of GB, 1 to [`MAX_CUSTOM_GB`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CustomGb(i64);

impl CustomGb {
    pub fn parse(gb: i64) -> Result<CustomGb, AppError> {
        if (1..=MAX_CUSTOM_GB).contains(&gb) {
            Ok(CustomGb(gb))
        } else {
            Err(AppError::field("customGb", msg::CUSTOM_GB_RANGE))
        }
    }
}

/// Buys the plan `choice` names for `kind` (a traffic kind) and answers the updated customer.
/// With `custom`, that many GB instead of the plan's amount, at the plan's per-GB tier: the
/// plan's price divided by its GB, rounded up to the cent, times the GB; the plan's validity.
pub async fn buy_plan(
    pool: &DbPool,
    user_id: UserId,
    kind: ProxyKind,
    choice: PlanChoice,
    custom: Option<CustomGb>,
) -> Result<users::UserRow, AppError> {
    let reference = domain::random::alphanumeric(20);
    let updated = in_transaction(pool, move |conn| {
        let plan = match choice {
            PlanChoice::Id(id) => plans::find(conn, id)?.filter(|p| p.kind == kind),
            PlanChoice::Amount(gb) => plans::find_by_amount(conn, kind, gb)?,
        };
        let plan = plan.ok_or(AppError::NotFoundWith(msg::PLAN_NOT_FOUND))?;
        if !plan.on_sale(persistence::now()) {
            return Err(AppError::Gone(msg::PLAN_UNAVAILABLE));
        }
        let (gb, price) = match custom {
            None => (plan.amount, plan.price_cents),
            Some(CustomGb(gb)) => {
                let price = plan
                    .price_cents
                    .per_unit_rounded_up(plan.amount)
                    .and_then(|tier| tier.times(gb))
                    .ok_or(AppError::Gone(msg::PLAN_UNAVAILABLE))?;
                (gb, price)
            }
        };
        let note = match custom {
            None => format!("{} plan {} ({} GB)", kind, plan.name, plan.amount),
            Some(_) => format!("{} plan {} (custom {gb} GB)", kind, plan.name),
        };
        let reference = format!("plan_{reference}");
        plan_purchase::buy(
            conn,
            &PlanPurchase {
                user_id,
                plan: &plan,
                gb,
                price,
                reference: &reference,
                note: &note,
            },
        )?;
        users::find_by_id(conn, user_id)?.ok_or(AppError::NotFound)
    })
    .await?;
    Ok(updated)
}
