//! The renewals job (every minute, once per period across instances): every piece with
//! auto-renew on that expires within the lead time, or expired within the grace period, is
//! renewed; one the wallet cannot pay (or whose plan is no longer sold) is reported once per
//! period and tried again on the next run until it goes back to stock.

use crate::blocking::{in_transaction, with_conn};
use crate::error::AppError;
use crate::pieces::renew::{RenewalAsk, renew_piece, report_failure};
use crate::settings::RenewalPolicy;
use domain::messages as msg;
use persistence::DbPool;
use persistence::pieces::renewals;
use std::sync::Arc;
use upstream::{Mailer, OutgoingMail, PieceSource};

/// Pieces one run looks at; the rest wait for the next minute.
const BATCH: i64 = 500;

/// What one run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RenewalRun {
    pub renewed: usize,
    /// Could not be paid or sold now (reported once per period).
    pub refused: usize,
    /// Failed otherwise (the provider, the database); logged.
    pub failed: usize,
}

/// Renews what is due at `now`.
pub async fn renew_due(
    pool: &DbPool,
    source: Option<Arc<dyn PieceSource>>,
    mailer: Arc<dyn Mailer>,
    policy: RenewalPolicy,
    now: i64,
) -> Result<RenewalRun, AppError> {
    let until = now + policy.lead_secs;
    let due = with_conn(pool, move |conn| Ok(renewals::due(conn, until, BATCH)?)).await?;
    let mut run = RenewalRun::default();
    for (piece, user, expires_at) in due {
        let ask = RenewalAsk {
            user,
            piece_id: piece,
            seen_expiry: Some(expires_at),
            automatic: true,
        };
        let reason = match renew_piece(pool, source.clone(), ask, policy, now).await {
            Ok(_) => {
                run.renewed += 1;
                continue;
            }
            Err(AppError::PaymentRequired(_)) => "your wallet does not cover it",
            Err(AppError::Gone(m)) if m == msg::PLAN_UNAVAILABLE => "its plan is no longer sold",
            // Refunded; the job does not repeat a refused period, the customer may by hand.
            Err(AppError::ProviderDown(_)) => {
                "the provider refused it (nothing was charged); try again from the Generated \
                 Proxies page"
            }
            // Another instance or the customer renewed it at the same moment.
            Err(AppError::Conflict(_)) => continue,
            Err(AppError::Gone(_)) => continue,
            Err(err) => {
                tracing::warn!(piece, %user, %err, "automatic renewal failed");
                run.failed += 1;
                continue;
            }
        };
        run.refused += 1;
        let mail = in_transaction(pool, move |conn| {
            let Some(found) = renewals::find_owned(conn, piece, user)? else {
                return Ok(None);
            };
            let Some((subject, body)) = report_failure(conn, &found, reason, now)? else {
                return Ok(None);
            };
            let wants_mail = persistence::alerts::settings(conn, user)?.email;
            let to = persistence::users::find_by_id(conn, user)?.map(|u| u.email);
            Ok(to.filter(|_| wants_mail).map(|to| OutgoingMail {
                to,
                subject,
                text: format!(
                    "{body}\n\nProxyShop: turn auto-renew off on the Generated Proxies page.\n"
                ),
            }))
        })
        .await;
        match mail {
            Ok(Some(mail)) => {
                if let Err(err) = mailer.send(mail).await {
                    tracing::warn!(%err, %user, "renewal failure mail not sent");
                }
            }
            Ok(None) => {}
            Err(err) => tracing::warn!(piece, %err, "could not report a failed renewal"),
        }
    }
    Ok(run)
}
