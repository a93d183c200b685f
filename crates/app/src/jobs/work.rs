//! What each background job does when its period comes (`crate::jobs` schedules them): each
//! function gives the run, or nothing when the job has nothing to work on here (no provider
//! configured), in which case the job never ticks.

use super::schedule::JobRun;
use crate::state::Services;

pub(super) fn purge_expired(services: &Services) -> Option<JobRun> {
    let pool = services.pool.clone();
    let grace = services.settings.renewals.grace_secs;
    Some(Box::pin(async move {
        let (sessions, codes, windows, pieces, trial_days) =
            crate::blocking::with_conn(&pool, move |conn| {
                let now = persistence::now();
                Ok((
                    persistence::sessions::purge_expired(conn, now)?,
                    persistence::email_codes::purge_expired(conn, now)?
                        + persistence::password_resets::purge_expired(conn, now)?
                        // Invitations to sub-user sign-ins that ran out unused free their
                        // addresses.
                        + persistence::subuser_logins::purge_expired(
                            conn,
                            crate::accounts::invitation::REQUESTER,
                            now,
                        )?,
                    // The longest attempt window is an hour; older windows would start over
                    // anyway.
                    persistence::rate_windows::purge_older_than(conn, now - 86_400)?
                        + persistence::login_networks::purge_older_than(
                            conn,
                            now - crate::accounts::KNOWN_NETWORK_SECS,
                        )?,
                    // An expired piece keeps its stock slot (its address) through the grace
                    // period, in which it can still be renewed.
                    persistence::write_transaction(conn, |c| {
                        persistence::pieces::release_expired(c, now - grace, now)
                    })?,
                    // Per-address trial counts matter for their own day only.
                    persistence::trials::purge_days_before(
                        conn,
                        &domain::calendar::utc_day(now - 86_400),
                    )?,
                ))
            })
            .await?;
        tracing::debug!(
            sessions,
            codes,
            windows,
            pieces,
            trial_days,
            "purged expired rows"
        );
        Ok(())
    }))
}

pub(super) fn check_alerts(services: &Services) -> Option<JobRun> {
    let (pool, mailer) = (services.pool.clone(), services.mailer.clone());
    Some(Box::pin(async move {
        let fired = crate::alerts::check_alerts(&pool, mailer, persistence::now()).await?;
        if fired > 0 {
            tracing::info!(fired, "alerts fired");
        }
        Ok(())
    }))
}

pub(super) fn daily_reports(services: &Services) -> Option<JobRun> {
    let (pool, mailer) = (services.pool.clone(), services.mailer.clone());
    Some(Box::pin(async move {
        let run =
            crate::daily_reports::send_daily_reports(&pool, mailer, persistence::now()).await?;
        if run != crate::daily_reports::ReportRun::default() {
            tracing::info!(sent = run.sent, quiet = run.quiet, "daily usage reports");
        }
        Ok(())
    }))
}

pub(super) fn renew_pieces(services: &Services) -> Option<JobRun> {
    let (pool, mailer, source) = (
        services.pool.clone(),
        services.mailer.clone(),
        services.pieces.clone(),
    );
    let policy = services.settings.renewals;
    Some(Box::pin(async move {
        let run =
            crate::pieces::renew_due(&pool, source, mailer, policy, persistence::now()).await?;
        if run != crate::pieces::RenewalRun::default() {
            tracing::info!(
                renewed = run.renewed,
                refused = run.refused,
                failed = run.failed,
                "pieces renewed"
            );
        }
        Ok(())
    }))
}

pub(super) fn send_webhooks(services: &Services) -> Option<JobRun> {
    let (pool, sender) = (services.pool.clone(), services.webhooks.clone());
    let key = services.settings.webhook_key.clone();
    Some(Box::pin(async move {
        let calls = crate::alerts::send_webhooks(&pool, sender, &key, persistence::now()).await?;
        if calls > 0 {
            tracing::debug!(calls, "webhooks called");
        }
        Ok(())
    }))
}

pub(super) fn poll_deliveries(services: &Services) -> Option<JobRun> {
    let source = services.pieces.clone()?;
    let pool = services.pool.clone();
    Some(Box::pin(async move {
        let orders = crate::pieces::poll_deliveries(&pool, source.as_ref()).await?;
        if orders > 0 {
            tracing::info!(orders, "piece orders delivered");
        }
        Ok(())
    }))
}

pub(super) fn reconcile_payments(services: &Services) -> Option<JobRun> {
    let gateway = services.payments.clone()?;
    let pool = services.pool.clone();
    let terms = services.settings.referral;
    Some(Box::pin(async move {
        let outcome = crate::wallet::reconcile::run(&pool, gateway.as_ref(), terms).await?;
        tracing::info!(
            credited = outcome.credited,
            updated = outcome.recorded,
            expired = outcome.expired,
            pending = outcome.failed,
            "payments reconciled"
        );
        Ok(())
    }))
}

pub(super) fn probe_upstreams(services: &Services) -> Option<JobRun> {
    let pool = services.pool.clone();
    let settings = services.settings.pool_probe.clone();
    Some(Box::pin(async move {
        let probed = crate::upstream_pools::probe_all(&pool, &settings).await?;
        tracing::debug!(probed, "upstream pools probed");
        Ok(())
    }))
}

pub(super) fn measure_status(services: &Services) -> Option<JobRun> {
    let pool = services.pool.clone();
    let settings = services.settings.status.clone();
    Some(Box::pin(async move {
        let counted = crate::status::measure_minute(&pool, &settings, persistence::now()).await?;
        tracing::debug!(counted, "status minute measured");
        Ok(())
    }))
}

pub(super) fn credit_sla(services: &Services) -> Option<JobRun> {
    let pool = services.pool.clone();
    let terms = services.settings.sla;
    Some(Box::pin(async move {
        let now = persistence::now();
        let month = domain::calendar::previous_month(now);
        for kind in crate::status::sla::credit_month(&pool, &month, terms, now).await? {
            if kind.credited > 0 {
                tracing::info!(kind = %kind.kind, month, credited = kind.credited, "SLA credits added");
            }
        }
        Ok(())
    }))
}

pub(super) fn refresh_rates(services: &Services) -> Option<JobRun> {
    let source = services.rates.clone()?;
    if services.settings.display_currencies.is_empty() {
        return None;
    }
    let pool = services.pool.clone();
    let currencies = services.settings.display_currencies.clone();
    Some(Box::pin(async move {
        let refresh =
            crate::currency::refresh_rates(&pool, source.as_ref(), &currencies, persistence::now())
                .await?;
        if let crate::currency::Refresh::Stored(rates) = refresh {
            tracing::info!(rates, "exchange rates refreshed");
        }
        Ok(())
    }))
}

pub(super) fn check_payouts(services: &Services) -> Option<JobRun> {
    let sender = services.payouts.clone()?;
    let pool = services.pool.clone();
    Some(Box::pin(async move {
        let run = crate::payout_tracking::check_payouts(&pool, sender.as_ref(), persistence::now())
            .await?;
        if run.asked > 0 {
            tracing::info!(
                asked = run.asked,
                changed = run.changed,
                failed = run.failed,
                "payout statuses checked"
            );
        }
        Ok(())
    }))
}
