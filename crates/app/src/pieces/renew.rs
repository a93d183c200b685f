//! Renewing a piece for another period of its plan at the plan's current price, keeping its
//! address and credentials: by hand (`POST /api/user/pieces/{id}/renew`) or by the renewals
//! job (docs/renewals.md).
//!
//! A local piece renews in one transaction: the renewal row, the wallet debit with its ledger
//! row, the new expiry and the notification. A piece bought from a provider is paid first (the
//! renewal row `pending` with the debit), then the provider's renewal is asked for once; its
//! answer settles the row (`done` with the new expiry, or `refunded` with the money back), and
//! a lost answer leaves it `unknown` for an operator, never retried. The renewal row is unique
//! per (piece, the expiry it extends), so one period is never paid twice.

use crate::blocking::in_transaction;
use crate::error::AppError;
use crate::settings::RenewalPolicy;
use domain::{Cents, PlanId, UserId, messages as msg};
use persistence::DbConnection;
use persistence::notifications::{self, Kind};
use persistence::pieces::renewals::{self, NewRenewal, RenewablePiece, RenewalStatus};
use persistence::wallet::{self, EntryKind};
use persistence::{DbPool, plans};
use std::sync::Arc;
use upstream::{PieceError, PieceSource};

const DAY: i64 = 86_400;

/// A renewal that went through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Renewed {
    pub piece_id: i64,
    pub expires_at: i64,
    pub price: Cents,
}

/// What the paying transaction settled, for the provider step.
struct Paid {
    renewal: i64,
    piece: RenewablePiece,
    days: i32,
    to: i64,
    price: Cents,
}

/// Which renewal is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RenewalAsk {
    pub user: UserId,
    pub piece_id: i64,
    /// The expiry the caller saw: when the piece's differs (renewed meanwhile, by another
    /// instance or another click), nothing is renewed (409). `None`: whatever it is now.
    pub seen_expiry: Option<i64>,
    /// By the job: the piece must still have auto-renew on.
    pub automatic: bool,
}

/// Renews the piece `ask` names at `now`.
pub async fn renew_piece(
    pool: &DbPool,
    source: Option<Arc<dyn PieceSource>>,
    ask: RenewalAsk,
    policy: RenewalPolicy,
    now: i64,
) -> Result<Renewed, AppError> {
    let has_source = source.is_some();
    let paid = in_transaction(pool, move |conn| pay(conn, ask, policy, has_source, now)).await?;
    let (paid, source) = match (paid, source) {
        (Ok(done), _) => return Ok(done),
        (Err(paid), Some(source)) => (paid, source),
        // `pay` wrote a pending renewal only with a source at hand.
        (Err(_), None) => return Err(AppError::Unavailable(msg::PROXY_PROVIDER_DOWN)),
    };
    let upstream = paid.piece.upstream_id.clone().unwrap_or_default();
    let outcome = source
        .prolong(paid.piece.kind, &[upstream.as_str()], paid.days)
        .await;
    settle(pool, paid, outcome, now).await
}

/// The paying transaction: `Ok` when a local piece is renewed outright, `Err(Paid)` when the
/// provider must renew it next.
fn pay(
    conn: &mut DbConnection,
    ask: RenewalAsk,
    policy: RenewalPolicy,
    has_source: bool,
    now: i64,
) -> Result<Result<Renewed, Paid>, AppError> {
    let RenewalAsk {
        user,
        piece_id,
        automatic,
        ..
    } = ask;
    let piece = renewals::find_owned(conn, piece_id, user)?
        .ok_or(AppError::NotFoundWith(msg::PIECE_NOT_FOUND))?;
    if piece.released_at.is_some() || piece.expires_at + policy.grace_secs <= now {
        return Err(AppError::Gone(msg::RENEWAL_TOO_LATE));
    }
    if ask.seen_expiry.is_some_and(|seen| seen != piece.expires_at)
        || (automatic && !piece.auto_renew)
    {
        return Err(AppError::Conflict(msg::RENEWAL_UNDER_WAY));
    }
    let plan = match piece.plan_id {
        Some(id) => plans::find(conn, PlanId::new(id))?.filter(|p| p.kind == piece.kind),
        None => None,
    }
    .filter(|p| p.on_sale(now))
    .ok_or(AppError::Gone(msg::PLAN_UNAVAILABLE))?;
    let from = piece.expires_at;
    // A period starts where the last one ends, or now for a piece renewed in its grace period.
    let to = from.max(now) + i64::from(plan.validity_days) * DAY;
    let provider = piece.source != "local";
    if provider && (!has_source || piece.upstream_id.is_none()) {
        return Err(AppError::Unavailable(msg::PROXY_PROVIDER_DOWN));
    }
    let status = if provider {
        RenewalStatus::Pending
    } else {
        RenewalStatus::Done
    };
    // The customer's own price of the kind applies to a renewal; a coupon does not.
    let quote = persistence::prices::plan_price(conn, user, &plan)?;
    let price = quote.price;
    let renewal = renewals::begin(
        conn,
        &NewRenewal {
            piece_id,
            user_id: user,
            from_expires_at: from,
            to_expires_at: to,
            price,
            status,
            automatic,
            now,
        },
    )?
    .ok_or(AppError::Conflict(msg::RENEWAL_UNDER_WAY))?;
    let note = format!(
        "Renewal of {} {} for {}",
        piece.kind.label(),
        piece.host,
        domain::plural::plural(plan.validity_days, "day", "days")
    );
    wallet::debit(
        conn,
        user,
        price,
        EntryKind::Purchase,
        &reference(renewal),
        Some(&note),
    )?;
    persistence::prices::settle(conn, user, &quote, None, &reference(renewal))?;
    if provider {
        return Ok(Err(Paid {
            renewal,
            piece,
            days: plan.validity_days,
            to,
            price,
        }));
    }
    if !renewals::extend(conn, piece_id, from, to)? {
        return Err(AppError::Conflict(msg::RENEWAL_UNDER_WAY));
    }
    notify_renewed(conn, &piece, to, price, now)?;
    Ok(Ok(Renewed {
        piece_id,
        expires_at: to,
        price,
    }))
}

/// The ledger reference of renewal `id` (its debit, and its refund if the provider refuses).
fn reference(id: i64) -> String {
    format!("renewal_{id}")
}

/// Settles a provider renewal by the provider's answer.
async fn settle(
    pool: &DbPool,
    paid: Paid,
    outcome: Result<(), PieceError>,
    now: i64,
) -> Result<Renewed, AppError> {
    let Paid {
        renewal,
        piece,
        to,
        price,
        ..
    } = paid;
    match outcome {
        Ok(()) => {
            in_transaction(pool, move |conn| {
                if renewals::finish(conn, renewal, RenewalStatus::Done, now)? {
                    if !renewals::extend(conn, piece.id, piece.expires_at, to)? {
                        tracing::warn!(
                            piece = piece.id,
                            renewal,
                            "renewed at the provider, but the piece's expiry had moved meanwhile"
                        );
                    }
                    notify_renewed(conn, &piece, to, price, now)?;
                }
                Ok(Renewed {
                    piece_id: piece.id,
                    expires_at: to,
                    price,
                })
            })
            .await
        }
        Err(PieceError::Unknown(cause)) => {
            tracing::error!(piece = piece.id, renewal, %cause,
                "piece renewal outcome unknown; not retried, check with the provider");
            in_transaction(pool, move |conn| {
                renewals::finish(conn, renewal, RenewalStatus::Unknown, now)?;
                Ok(())
            })
            .await?;
            Err(AppError::ProviderUnclear(msg::RENEWAL_UNCONFIRMED))
        }
        Err(err) => {
            tracing::warn!(piece = piece.id, renewal, %err, "the provider refused a renewal");
            let user = piece.user_id;
            in_transaction(pool, move |conn| {
                if renewals::finish(conn, renewal, RenewalStatus::Refunded, now)? {
                    wallet::credit(
                        conn,
                        user,
                        price,
                        EntryKind::Refund,
                        &reference(renewal),
                        Some("renewal refused by the provider"),
                    )?;
                }
                Ok(())
            })
            .await?;
            Err(AppError::ProviderDown(err.to_string()))
        }
    }
}

fn notify_renewed(
    conn: &mut DbConnection,
    piece: &RenewablePiece,
    to: i64,
    price: Cents,
    now: i64,
) -> Result<(), AppError> {
    let label = piece.kind.label();
    notifications::add(
        conn,
        piece.user_id,
        Kind::Renewed,
        &format!("{label} {} renewed", piece.host),
        &format!(
            "Your proxy {} ({label}) now runs until {}; {price} was taken from your wallet.",
            piece.host,
            domain::calendar::utc_minute(to)
        ),
        now,
    )?;
    Ok(())
}

/// Reports once per period that `piece`'s automatic renewal could not be done, and `reason`:
/// a notification in the same transaction as the mark (so one instance reports it). Its title
/// and text when this call reported it.
pub fn report_failure(
    conn: &mut DbConnection,
    piece: &RenewablePiece,
    reason: &str,
    now: i64,
) -> Result<Option<(String, String)>, AppError> {
    if !renewals::note_unpaid(conn, piece.id, piece.expires_at)? {
        return Ok(None);
    }
    let label = piece.kind.label();
    let title = format!("{label} {} could not be renewed", piece.host);
    let body = format!(
        "We could not renew your proxy {} ({label}): {reason}. It expires on {}; we keep trying \
         until then.",
        piece.host,
        domain::calendar::utc_minute(piece.expires_at)
    );
    notifications::add(conn, piece.user_id, Kind::RenewalFailed, &title, &body, now)?;
    Ok(Some((title, body)))
}
