//! Work the API does in the background while it serves: purging expired sessions, codes and
//! per-address trial counts and giving the stock of expired pieces back (every 10 minutes);
//! with a piece provider, collecting the proxies of placed orders (every 15 seconds); with a
//! residential provider, moving bought or expired traffic and reading usage back (every minute).

use crate::state::AppState;
use actix_web::web;
use std::time::Duration;

const PURGE_EVERY: Duration = Duration::from_secs(600);
const DELIVERIES_EVERY: Duration = Duration::from_secs(15);
const RESIDENTIAL_SYNC_EVERY: Duration = Duration::from_secs(60);

/// Runs every job until the task is aborted.
pub async fn run(state: web::Data<AppState>) {
    tokio::join!(
        purge_expired(state.clone()),
        poll_deliveries(state.clone()),
        sync_residential(state)
    );
}

/// A ticker whose first tick comes one period after start, not during start-up's own writes.
fn every(period: Duration) -> actix_web::rt::time::Interval {
    let start = actix_web::rt::time::Instant::now() + period;
    actix_web::rt::time::interval_at(start, period)
}

async fn purge_expired(state: web::Data<AppState>) {
    let mut tick = every(PURGE_EVERY);
    loop {
        tick.tick().await;
        let pool = state.pool.clone();
        let result = web::block(move || -> Result<_, persistence::DbError> {
            let mut conn = pool.get()?;
            let now = persistence::now();
            Ok((
                persistence::sessions::purge_expired(&mut conn, now)?,
                persistence::email_codes::purge_expired(&mut conn, now)?,
                // The longest attempt window is an hour; older windows would start over anyway.
                persistence::rate_windows::purge_older_than(&mut conn, now - 86_400)?,
                persistence::write_transaction(&mut conn, |c| {
                    persistence::pieces::release_expired(c, now)
                })?,
                // Per-address trial counts matter for their own day only.
                persistence::trials::purge_days_before(
                    &mut conn,
                    &domain::calendar::utc_day(now - 86_400),
                )?,
            ))
        })
        .await;
        match result {
            Ok(Ok((sessions, codes, windows, pieces, trial_days))) => {
                tracing::debug!(
                    sessions,
                    codes,
                    windows,
                    pieces,
                    trial_days,
                    "purged expired rows"
                )
            }
            Ok(Err(err)) => tracing::warn!(%err, "purging expired rows failed"),
            Err(err) => tracing::warn!(%err, "purge task failed"),
        }
    }
}

async fn poll_deliveries(state: web::Data<AppState>) {
    let Some(source) = state.pieces.clone() else {
        return;
    };
    let mut tick = every(DELIVERIES_EVERY);
    loop {
        tick.tick().await;
        match crate::pieces::poll_deliveries(&state.pool, source.as_ref()).await {
            Ok(0) => {}
            Ok(orders) => tracing::info!(orders, "piece orders delivered"),
            Err(err) => tracing::warn!(%err, "collecting piece deliveries failed"),
        }
    }
}

async fn sync_residential(state: web::Data<AppState>) {
    if state.residential.provider() == crate::traffic::LOCAL {
        return;
    }
    let mut tick = every(RESIDENTIAL_SYNC_EVERY);
    loop {
        tick.tick().await;
        match crate::traffic::sync_all(&state.pool, state.residential.as_ref()).await {
            Ok(accounts) => tracing::debug!(accounts, "residential accounts synced"),
            Err(err) => tracing::warn!(%err, "residential sync failed"),
        }
    }
}
