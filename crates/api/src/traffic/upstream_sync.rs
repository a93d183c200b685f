//! Keeping a customer's account at the residential provider in line with what they bought
//! (DESIGN.md §5; UPSTREAM.md §4 point 3): our balance is the source of truth, the provider's
//! sub-user gets the difference, and its usage comes back into our meter by difference.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use domain::ProxyKind;
use persistence::{DbPool, traffic, upstream_accounts};
use upstream::{ResidentialError, ResidentialSource, SyncRequest, UpstreamAccount};

pub(crate) fn residential_error(err: ResidentialError) -> ApiError {
    match err {
        ResidentialError::UnknownLocation => {
            ApiError::field("country", domain::messages::UNKNOWN_LOCATION)
        }
        other => ApiError::ProviderDown(other.to_string()),
    }
}

/// Syncs one customer's account of `kind`; returns it (`None` for sources without accounts).
pub async fn sync_customer(
    pool: &DbPool,
    source: &dyn ResidentialSource,
    user_id: i64,
    kind: ProxyKind,
) -> Result<Option<UpstreamAccount>, ApiError> {
    let provider = source.provider();
    let (stored, purchased) = with_conn(pool, move |conn| {
        let stored = upstream_accounts::find(conn, user_id, kind.as_str(), provider)?;
        let (purchased, _) = traffic::balance(conn, user_id, kind.as_str())?;
        Ok((stored, purchased))
    })
    .await?;
    let stored = stored.map(|a| UpstreamAccount {
        external_id: a.external_id,
        username: a.username,
        password: a.password,
    });
    let report = source
        .sync(SyncRequest {
            kind,
            user_id,
            account: stored.as_ref(),
            purchased_bytes: purchased,
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
            kind.as_str(),
            provider,
            &a.external_id,
            &a.username,
            &a.password,
        )?;
        let day = domain::calendar::utc_day(persistence::now());
        upstream_accounts::record_reported_usage(
            conn,
            user_id,
            kind.as_str(),
            provider,
            &day,
            report.used_bytes,
        )?;
        Ok(())
    })
    .await?;
    Ok(Some(account))
}

/// One pass over every customer with bought residential traffic; returns how many synced.
pub async fn sync_all(pool: &DbPool, source: &dyn ResidentialSource) -> Result<usize, ApiError> {
    let mut synced = 0;
    for kind in [ProxyKind::Premium, ProxyKind::Budget] {
        let customers = with_conn(pool, move |conn| {
            Ok(upstream_accounts::customers_with_traffic(
                conn,
                kind.as_str(),
            )?)
        })
        .await?;
        for user_id in customers {
            match sync_customer(pool, source, user_id, kind).await {
                Ok(_) => synced += 1,
                Err(err) => tracing::warn!(user_id, %kind, %err, "residential sync failed"),
            }
        }
    }
    Ok(synced)
}
