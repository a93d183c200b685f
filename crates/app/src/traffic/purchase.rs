//! Buying a traffic plan from the wallet: the debit and the traffic it buys commit together or
//! not at all. The gateway meters the traffic against that balance, whatever pool carries it.

use crate::blocking::in_transaction;
use crate::error::AppError;
use domain::{PlanId, ProxyKind, UserId, messages as msg};
use persistence::plan_purchase::{self, PlanPurchase};
use persistence::prices::{self, Amount};
use persistence::{DbConnection, DbPool, plans, users};

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
/// With `custom`, that many GB instead of the plan's amount, at the plan's volume tier for it
/// (or its price over its GB, rounded up to the cent); the plan's validity. The customer's own
/// price of the kind and `coupon` apply (`persistence::prices`), the coupon's use counted in the
/// same transaction.
pub async fn buy_plan(
    pool: &DbPool,
    user_id: UserId,
    kind: ProxyKind,
    choice: PlanChoice,
    custom: Option<CustomGb>,
    coupon: Option<String>,
) -> Result<users::UserRow, AppError> {
    let reference = domain::random::alphanumeric(20);
    let updated = in_transaction(pool, move |conn| {
        let plan = find_plan(conn, kind, choice)?;
        let (gb, amount) = match custom {
            None => (plan.amount, Amount::Plan),
            Some(CustomGb(gb)) => (gb, Amount::CustomGb(gb)),
        };
        let (quote, coupon) = prices::quote(conn, user_id, &plan, amount, coupon.as_deref())?;
        let mut note = match custom {
            None => format!("{} plan {} ({} GB)", kind, plan.name, plan.amount),
            Some(_) => format!("{} plan {} (custom {gb} GB)", kind, plan.name),
        };
        if let Some(code) = &quote.coupon {
            note.push_str(&format!(", coupon {code}"));
        }
        let reference = format!("plan_{reference}");
        plan_purchase::buy(
            conn,
            &PlanPurchase {
                user_id,
                plan: &plan,
                gb,
                price: quote.price,
                reference: &reference,
                note: &note,
            },
        )?;
        prices::settle(conn, user_id, &quote, coupon.as_ref(), &reference)?;
        users::find_by_id(conn, user_id)?.ok_or(AppError::NotFound)
    })
    .await?;
    Ok(updated)
}

/// The plan `choice` names of `kind`, on sale.
pub fn find_plan(
    conn: &mut DbConnection,
    kind: ProxyKind,
    choice: PlanChoice,
) -> Result<plans::PlanRow, AppError> {
    let plan = match choice {
        PlanChoice::Id(id) => plans::find(conn, id)?.filter(|p| p.kind == kind),
        PlanChoice::Amount(gb) => plans::find_by_amount(conn, kind, gb)?,
    };
    let plan = plan.ok_or(AppError::NotFoundWith(msg::PLAN_NOT_FOUND))?;
    if !plan.on_sale(persistence::now()) {
        return Err(AppError::Gone(msg::PLAN_UNAVAILABLE));
    }
    Ok(plan)
}
