//! The `webhooks` job: makes the due webhook calls. Each due delivery is claimed with one
//! conditional UPDATE (`persistence::webhook_deliveries::claim`) before it is sent, so several
//! instances running the job at once make each attempt once. A 2xx answer delivers it; any
//! other answer or no answer schedules a retry (`domain::webhook::next_attempt`: 30 s doubling
//! to an hour) until 24 hours after the notification, when it fails for good.

use crate::blocking::with_conn;
use crate::error::AppError;
use crate::secret_box::{self, Purpose};
use domain::UserId;
use futures_util::StreamExt;
use persistence::webhook_deliveries::{self, DeliveryRow};
use persistence::{DbPool, alerts};
use secrecy::SecretString;
use std::sync::Arc;
use upstream::{WebhookCall, WebhookSender};

/// How long a claim holds an attempt: well past the call's 10 s limit, so that no other
/// instance retries a call still in flight; a sender that dies mid-call loses it after this.
pub const CLAIM_SECS: i64 = 60;
/// Deliveries claimed per run, and calls in flight at once.
const BATCH: i64 = 64;
const IN_FLIGHT: usize = 8;

/// A claimed attempt: the row as claimed, and what to do with it.
struct Claimed {
    row: DeliveryRow,
    call: Result<WebhookCall, &'static str>,
}

/// What an attempt came to.
struct Attempt {
    row: DeliveryRow,
    answer: Result<u16, String>,
    /// A failure no retry can mend (the webhook was changed or removed).
    final_failure: bool,
}

/// Claims and makes the calls due at `now`; records each outcome. Returns how many calls
/// this run claimed.
pub async fn send_webhooks(
    pool: &DbPool,
    sender: Arc<dyn WebhookSender>,
    session_secret: &SecretString,
    now: i64,
) -> Result<usize, AppError> {
    let key = session_secret.clone();
    let claimed = with_conn(pool, move |conn| {
        let mut out = Vec::new();
        for row in webhook_deliveries::due(conn, now, BATCH)? {
            if !webhook_deliveries::claim(conn, &row, now + CLAIM_SECS)? {
                continue;
            }
            let settings = alerts::settings(conn, UserId::new(row.user_id))?;
            let call = prepare(&row, settings, &key, now);
            out.push(Claimed { row, call });
        }
        Ok(out)
    })
    .await?;
    let count = claimed.len();
    let attempts: Vec<Attempt> = futures_util::stream::iter(claimed)
        .map(|c| {
            let sender = sender.clone();
            async move {
                match c.call {
                    Err(why) => Attempt {
                        row: c.row,
                        answer: Err(why.to_owned()),
                        final_failure: true,
                    },
                    Ok(call) => Attempt {
                        answer: sender.send(&call).await.map_err(|e| e.to_string()),
                        row: c.row,
                        final_failure: false,
                    },
                }
            }
        })
        .buffer_unordered(IN_FLIGHT)
        .collect()
        .await;
    with_conn(pool, move |conn| {
        for attempt in attempts {
            record(conn, attempt, now)?;
        }
        Ok(())
    })
    .await?;
    Ok(count)
}

/// The call for `row`, or why it cannot be made: the webhook was removed or pointed elsewhere
/// since the notification (its old address is not called), or the secret cannot be read.
fn prepare(
    row: &DeliveryRow,
    settings: alerts::AlertSettings,
    key: &SecretString,
    now: i64,
) -> Result<WebhookCall, &'static str> {
    if settings.webhook_url.as_deref() != Some(row.url.as_str()) {
        return Err("the webhook URL was changed or removed");
    }
    let sealed = settings
        .webhook_secret
        .ok_or("the webhook has no signing secret")?;
    let secret = secret_box::open_for(Purpose::Webhook, key, &sealed)
        .ok()
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .ok_or_else(|| {
            tracing::warn!(delivery = row.id, "a webhook secret could not be opened");
            "the signing secret could not be read"
        })?;
    Ok(WebhookCall {
        url: row.url.clone(),
        delivery_id: row.id,
        body: row.body.clone(),
        secret: SecretString::from(secret),
        timestamp: now,
    })
}

fn record(
    conn: &mut persistence::DbConnection,
    attempt: Attempt,
    now: i64,
) -> Result<(), AppError> {
    let Attempt {
        row,
        answer,
        final_failure,
    } = attempt;
    let claimed_until = now + CLAIM_SECS;
    let held = match answer {
        Ok(code) if (200..300).contains(&code) => {
            webhook_deliveries::delivered(conn, row.id, claimed_until, i32::from(code), now)?
        }
        answer => {
            let (code, error) = match answer {
                Ok(code) => (Some(i32::from(code)), format!("HTTP {code}")),
                Err(error) => (None, error),
            };
            let retry_at = if final_failure {
                None
            } else {
                domain::webhook::next_attempt(row.created_at, row.attempts + 1, now)
            };
            webhook_deliveries::failed(conn, row.id, claimed_until, code, &error, retry_at)?
        }
    };
    if !held {
        tracing::warn!(
            delivery = row.id,
            "a webhook call outlived its claim; another instance may have made it too"
        );
    }
    Ok(())
}
