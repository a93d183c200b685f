//! Buying a traffic plan from the wallet: the debit and the traffic it buys commit together or
//! not at all, then the traffic moves to the customer's provider account.

use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::traffic::upstream_sync::sync_customer;
use domain::units::GB;
use domain::{PlanId, ProxyKind, UserId, messages as msg};
use persistence::traffic_purchases::{self, NewTrafficPurchase, Source};
use persistence::wallet::{self, EntryKind};
use persistence::{DbPool, plans, traffic, users};
use upstream::ResidentialSource;

/// Which plan of a traffic kind is bought.
#[derive(Debug, Clone, Copy)]
pub enum PlanChoice {
    /// The plan's id.
    Id(PlanId),
    /// The plan's amount in GB.
    Amount(i64),
}

/// Buys the plan `choice` names for `kind` (a traffic kind) and answers the updated customer.
pub async fn buy_plan(
    pool: &DbPool,
    residential: &dyn ResidentialSource,
    user_id: UserId,
    kind: ProxyKind,
    choice: PlanChoice,
) -> Result<users::UserRow, ApiError> {
    let reference = domain::random::alphanumeric(20);
    let updated = in_transaction(pool, move |conn| {
        let plan = match choice {
            PlanChoice::Id(id) => plans::find(conn, id)?.filter(|p| p.kind == kind),
            PlanChoice::Amount(gb) => plans::find_by_amount(conn, kind, gb)?,
        };
        let plan = plan.ok_or(ApiError::NotFoundWith(msg::PLAN_NOT_FOUND))?;
        if !plan.on_sale(persistence::now()) {
            return Err(ApiError::Gone(msg::PLAN_UNAVAILABLE));
        }
        let note = format!("{} plan {} ({} GB)", kind, plan.name, plan.amount);
        let reference = format!("plan_{reference}");
        wallet::debit(
            conn,
            user_id,
            plan.price_cents,
            EntryKind::Purchase,
            &reference,
            Some(&note),
        )?;
        let expires_at = persistence::now() + i64::from(plan.validity_days) * 86_400;
        let bytes = plan.amount.saturating_mul(GB);
        traffic::add_purchased(conn, user_id, kind, bytes, Some(expires_at))?;
        traffic_purchases::record(
            conn,
            &NewTrafficPurchase {
                user_id,
                kind,
                plan_id: Some(plan.id),
                bytes,
                price: plan.price_cents,
                source: Source::Purchase,
            },
        )?;
        users::find_by_id(conn, user_id)?.ok_or(ApiError::NotFound)
    })
    .await?;
    // With a residential provider the bought traffic moves to the customer's sub-user now; if
    // the provider is down the background sync moves it later (our balance is the truth).
    if let Err(err) = sync_customer(pool, residential, user_id, kind).await {
        tracing::warn!(%user_id, %kind, %err, "moving bought traffic to the provider failed");
    }
    Ok(updated)
}
