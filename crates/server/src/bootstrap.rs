//! Each `proxyshop` command assembled at start-up from the modules below: the database and
//! session secret (`storage`), the outside clients (`clients`), the API (`services`), the
//! metering gateway (`gateway_runtime`), the admin accounts (`admin`) and the upstream pools the
//! configuration gives (`upstreams`).

mod admin;
mod backup;
mod clients;
mod gateway_runtime;
mod metrics;
mod services;
mod stop;
mod storage;
mod upstreams;

use crate::config::Config;
use anyhow::Context;
pub use backup::{run_backup, run_restore};
use gateway_runtime::start_gateway;
use stop::StopSignal;

/// `proxyshop migrate`: applies pending migrations; returns how many ran.
pub fn migrate(config: &Config) -> anyhow::Result<usize> {
    storage::migrate(&storage::open_pool(config)?)
}

/// `proxyshop serve`: migrations, the default catalogue and the configured upstream pools, the
/// gateway (unless `--no-gateway`: an API instance of a fleet whose gateway nodes run apart),
/// then the API until stopped; the gateway drains and settles its meters and leases on the way
/// out.
/// `fd_limit`: the process's open-file limit (the gateway's descriptor budget is taken from
/// it).
pub fn run_serve(config: Config, with_gateway: bool, fd_limit: Option<u64>) -> anyhow::Result<()> {
    let pool = storage::open_pool(&config)?;
    storage::migrate(&pool)?;
    {
        let mut conn = pool.get().context("connecting to the database")?;
        app::catalog::seed_defaults(&mut conn)?;
    }
    upstreams::add_configured(&config, &pool)?;
    // The first stop signal (`signal.clone().first()`) is where the API's readiness turns
    // unready; the gateway drains on it.
    let signal = StopSignal::listen()?;
    let gateway_pool = if with_gateway {
        Some(storage::open_gateway_pool(&config)?)
    } else {
        None
    };
    let mut pools = vec![("main", pool.clone())];
    pools.extend(gateway_pool.clone().map(|p| ("gateway", p)));
    let metrics =
        metrics::prepare(&config, pools)?.map(|server| server.with_sessions(pool.clone()));
    let gateway = match gateway_pool {
        Some(gateway_pool) => Some(start_gateway(&config, gateway_pool, &signal, fd_limit)?),
        None => None,
    };
    // Generated proxies name the gateway: this process's, or the fleet's configured address.
    let endpoints = gateway
        .as_ref()
        .map_or((config.gateway_http_addr, config.gateway_socks_addr), |g| {
            (g.http, g.socks)
        });
    let served = actix_web::rt::System::new().block_on(async move {
        if let Some(metrics) = metrics {
            actix_web::rt::spawn(metrics.run());
        }
        services::serve(config, pool, endpoints, signal).await
    });
    let stopped = gateway.map_or(Ok(()), |g| g.stop());
    served.and(stopped)
}

/// `proxyshop gateway`: the metering gateway alone (scale it apart from the API), until a
/// stop signal: it drains, then settles its counts and leases.
pub fn run_gateway(config: &Config, fd_limit: Option<u64>) -> anyhow::Result<()> {
    let pool = storage::open_pool(config)?;
    let gateway_pool = storage::open_gateway_pool(config)?;
    let metrics = metrics::prepare(
        config,
        vec![("main", pool), ("gateway", gateway_pool.clone())],
    )?;
    let signal = StopSignal::listen()?;
    // The gateway logs its bound addresses itself.
    let gateway = start_gateway(config, gateway_pool, &signal, fd_limit)?;
    let _metrics = metrics.map(|metrics| {
        std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map(|runtime| runtime.block_on(metrics.run()))
        })
    });
    gateway.wait()
}

/// `proxyshop create-admin`: creates the admin account, or makes an existing one admin (its
/// password reset, its sessions ended); prints the password when it was generated.
pub async fn create_admin(
    config: &Config,
    email: &str,
    password: Option<String>,
) -> anyhow::Result<()> {
    let email = domain::Email::parse(email).map_err(|m| anyhow::anyhow!("--email: {m}"))?;
    if let Some(p) = &password {
        domain::Password::parse_new(p).map_err(|m| anyhow::anyhow!("--password: {m}"))?;
    }
    let pool = storage::open_pool(config)?;
    storage::migrate(&pool)?;
    let generated = password.is_none();
    let password = password.unwrap_or_else(domain::random::strong_password);
    let created = admin::create_or_promote(&pool, &email, &password).await?;
    let what = if created {
        "created admin"
    } else {
        "made admin (password reset, sessions ended)"
    };
    println!("{what}: {}", email.as_str());
    if generated {
        println!("password: {password}");
    }
    Ok(())
}

/// `proxyshop payments reconcile`: settles payments still pending after their invoice expired.
/// `proxyshop jobs run sla-credits [--month YYYY-MM]`: the month's SLA credits (the last month
/// by default), printed per kind.
pub async fn credit_sla(config: &Config, month: Option<String>) -> anyhow::Result<()> {
    let pool = storage::open_pool(config)?;
    let now = persistence::now();
    let month = month.unwrap_or_else(|| domain::calendar::previous_month(now));
    let kinds = app::status::sla::credit_month(&pool, &month, config.sla, now)
        .await
        .map_err(|e| match e {
            app::AppError::Validation(fields) => {
                anyhow::anyhow!("{}", fields.first_message().unwrap_or("invalid month"))
            }
            other => anyhow::anyhow!("{other}"),
        })?;
    for kind in kinds {
        let availability = domain::status::uptime_percent(kind.up_minutes, kind.down_minutes)
            .map_or("not measured".to_owned(), |p| format!("{p}%"));
        println!(
            "{month} {}: available {availability} ({} of {} minutes down), {} customers credited",
            kind.kind,
            kind.down_minutes,
            kind.up_minutes + kind.down_minutes,
            kind.credited
        );
    }
    Ok(())
}

/// `proxyshop jobs run usage-purge`: the usage records past `PROXYSHOP_USAGE_RECORDS_DAYS` and
/// the hourly rollups past `PROXYSHOP_USAGE_HOURLY_DAYS`, purged now by the hourly job's code
/// (its batches and pauses; the rollups' back-fill first), printed.
pub async fn purge_usage(config: &Config) -> anyhow::Result<()> {
    let pool = storage::open_pool(config)?;
    let records = app::jobs::purge_usage(&pool, config.usage_records_days)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let hourly = app::jobs::purge_hourly(&pool, config.usage_hourly_days)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "usage records older than {} days: {} day tables dropped, {} rows deleted; hourly rollups older than {} days: {} deleted",
        config.usage_records_days, records.days, records.rows, config.usage_hourly_days, hourly
    );
    Ok(())
}

pub async fn reconcile_payments(config: &Config) -> anyhow::Result<()> {
    let pool = storage::open_pool(config)?;
    let secret = storage::session_secret(config)?;
    let gateway = clients::reconcile_gateway(config, &secret)?;
    let terms = app::wallet::ReferralTerms {
        percent: config.referral_percent,
        cap_cents: config.referral_cap_cents,
    };
    let outcome = app::wallet::reconcile::run(&pool, gateway.as_ref(), terms)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "reconciled: {} credited, {} updated, {} expired, {} left pending (gateway did not answer)",
        outcome.credited, outcome.recorded, outcome.expired, outcome.failed
    );
    Ok(())
}
