//! Keeping a customer's account at the residential provider in line with what they bought
//! (docs/providers.md#iproyal): our balance is the source of truth, the provider's
//! sub-user gets the difference, and its usage comes back into our meter by difference. Usage
//! read back may make an automatic top-up due: `check_auto_topup` runs it and moves what it
//! bought to the provider with the same sync.

use crate::blocking::{in_transaction, with_conn};
use crate::error::AppError;
use domain::{ProxyKind, UserId};
use persistence::auto_topup::{self, Outcome};
use persistence::{DbPool, traffic, upstream_accounts};
use std::time::Duration;
use upstream::{ResidentialError, ResidentialSource, SyncRequest, UpstreamAccount};

/// `ResidentialSource::provider()` of our own gateway, which keeps no upstream accounts.
pub const LOCAL: &str = upstream::LocalResidential::PROVIDER;

pub fn residential_error(err: ResidentialError) -> AppError {
    match err {
        ResidentialError::UnknownLocation => {
            AppError::field("country", domain::messages::UNKNOWN_LOCATION)
        }
        other => AppError::ProviderDown(other.to_string()),
    }
}

/// How long a sync may hold an account before another may take over (longer than the
/// provider client's timeouts for the few calls of one sync).
const LEASE_SECONDS: i64 = 90;

/// Syncs one customer's account of `kind`; returns it (`None` for sources without accounts).
/// One sync at a time per account, across instances: while another sync holds it, this one
/// returns the stored account without calling the provider.
pub async fn sync_customer(
    pool: &DbPool,
    source: &dyn ResidentialSource,
    user_id: domain::UserId,
    kind: ProxyKind,
) -> Result<Option<UpstreamAccount>, AppError> {
    let provider = source.provider();
    if provider == LOCAL {
        return Ok(None);
    }
    let (leased, stored, purchased, used) = with_conn(pool, move |conn| {
        let until = persistence::now() + LEASE_SECONDS;
        let leased = upstream_accounts::try_lease(conn, user_id, kind, provider, until)?;
        let stored = upstream_accounts::find(conn, user_id, kind, provider)?;
        let (purchased, used) = traffic::balance(conn, user_id, kind)?;
        Ok((leased, stored, purchased, used))
    })
    .await?;
    let account = stored.as_ref().map(|a| UpstreamAccount {
        external_id: a.external_id.clone(),
        username: a.username.clone(),
        password: a.password.clone(),
    });
    if !leased {
        return Ok(account);
    }
    // What this sub-user should have been given in all: what is left to use, plus what it has
    // used itself (traffic used elsewhere, e.g. on our gateway before, is not given again).
    let counted_here = stored.as_ref().map_or(0, |a| a.used_bytes);
    let target = (purchased - used).max(0) + counted_here;
    let result = sync_leased(pool, source, user_id, kind, account.as_ref(), target).await;
    let released = with_conn(pool, move |conn| {
        Ok(upstream_accounts::end_lease(conn, user_id, kind, provider)?)
    })
    .await;
    if let Err(err) = released {
        tracing::warn!(%user_id, %kind, %err, "ending a sync lease failed; it times out");
    }
    result
}

async fn sync_leased(
    pool: &DbPool,
    source: &dyn ResidentialSource,
    user_id: domain::UserId,
    kind: ProxyKind,
    stored: Option<&UpstreamAccount>,
    target: i64,
) -> Result<Option<UpstreamAccount>, AppError> {
    let provider = source.provider();
    let report = source
        .sync(SyncRequest {
            kind,
            user_id: user_id.get(),
            account: stored,
            purchased_bytes: target,
        })
        .await
        .map_err(residential_error)?;
    let Some(report) = report else {
        return Ok(None);
    };
    let account = report.account.clone();
    in_transaction(pool, move |conn| {
        let a = &report.account;
        upstream_accounts::save(
            conn,
            user_id,
            kind,
            provider,
            &a.external_id,
            &a.username,
            &a.password,
        )?;
        let day = domain::calendar::utc_day(persistence::now());
        upstream_accounts::record_reported_usage(
            conn,
            user_id,
            kind,
            provider,
            &day,
            report.used_bytes,
        )?;
        Ok(())
    })
    .await?;
    Ok(Some(account))
}

/// The customer's account at the residential provider: the stored one, or a first sync's;
/// `None` for sources without accounts (local).
pub async fn account_for(
    pool: &DbPool,
    source: &dyn ResidentialSource,
    user_id: domain::UserId,
    kind: ProxyKind,
) -> Result<Option<UpstreamAccount>, AppError> {
    let provider = source.provider();
    if provider == LOCAL {
        return Ok(None);
    }
    let stored = with_conn(pool, move |conn| {
        Ok(upstream_accounts::find(conn, user_id, kind, provider)?)
    })
    .await?;
    match stored {
        Some(a) => Ok(Some(UpstreamAccount {
            external_id: a.external_id,
            username: a.username,
            password: a.password,
        })),
        None => sync_customer(pool, source, user_id, kind).await,
    }
}

/// One pass over every customer with bought residential traffic; returns how many synced.
/// Usage read back from the provider may take a customer below their automatic top-up's
/// threshold (the provider, not our gateway, carried the traffic): each sync runs the check,
/// with `topup_window`.
pub async fn sync_all(
    pool: &DbPool,
    source: &dyn ResidentialSource,
    topup_window: Duration,
) -> Result<usize, AppError> {
    let mut synced = 0;
    for kind in [ProxyKind::Premium, ProxyKind::Budget] {
        let customers = with_conn(pool, move |conn| {
            Ok(upstream_accounts::customers_with_traffic(conn, kind)?)
        })
        .await?;
        for user_id in customers {
            match sync_customer(pool, source, user_id, kind).await {
                Ok(_) => synced += 1,
                Err(err) => tracing::warn!(%user_id, %kind, %err, "residential sync failed"),
            }
            let topup = check_auto_topup(pool, source, user_id, kind, topup_window).await;
            if let Err(err) = topup {
                tracing::warn!(%user_id, %kind, %err, "automatic top-up check failed");
            }
        }
    }
    Ok(synced)
}

/// Runs the customer's top-up of `kind` if due; bought traffic then moves to the residential
/// provider like a purchase's (a failed move is retried by the background sync).
pub async fn check_auto_topup(
    pool: &DbPool,
    residential: &dyn ResidentialSource,
    user_id: UserId,
    kind: ProxyKind,
    window: Duration,
) -> Result<Outcome, AppError> {
    let window = i64::try_from(window.as_secs()).unwrap_or(i64::MAX / 2);
    let outcome = with_conn(pool, move |conn| {
        Ok(auto_topup::check(
            conn,
            user_id,
            kind,
            persistence::now(),
            window,
        )?)
    })
    .await?;
    if matches!(outcome, Outcome::Bought { .. }) {
        tracing::info!(%user_id, %kind, "automatic top-up bought a plan");
        let moved = sync_customer(pool, residential, user_id, kind).await;
        if let Err(err) = moved {
            tracing::warn!(%user_id, %kind, %err, "moving topped-up traffic to the provider failed");
        }
    }
    Ok(outcome)
}
