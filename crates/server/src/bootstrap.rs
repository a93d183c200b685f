//! Each `proxyshop` command assembled at start-up from the modules below: the database and
//! session secret (`storage`), the outside clients (`clients`), the API (`services`), the
//! metering gateway (`gateway_runtime`) and the admin accounts (`admin`).

mod admin;
mod backup;
mod clients;
mod gateway_runtime;
mod metrics;
mod services;
mod storage;

use crate::config::Config;
use anyhow::Context;
pub use backup::{run_backup, run_restore};
use gateway_runtime::start_gateway;

/// `proxyshop migrate`: applies pending migrations; returns how many ran.
pub fn migrate(config: &Config) -> anyhow::Result<usize> {
    storage::migrate(&storage::open_pool(config)?)
}

/// `proxyshop serve`: migrations and the default catalogue, the gateway, then the API until
/// stopped; the gateway flushes its meters on the way out.
pub fn run_serve(config: Config) -> anyhow::Result<()> {
    let pool = storage::open_pool(&config)?;
    storage::migrate(&pool)?;
    {
        let mut conn = pool.get().context("connecting to the database")?;
        api::catalog::seed::seed_defaults(&mut conn)?;
    }
    let metrics = metrics::prepare(&config, vec![("main", pool.clone())])?;
    let gateway = start_gateway(&config, pool.clone())?;
    let endpoints = (gateway.http, gateway.socks);
    let served = actix_web::rt::System::new().block_on(async move {
        if let Some(metrics) = metrics {
            actix_web::rt::spawn(metrics.run());
        }
        services::serve(config, pool, endpoints).await
    });
    let stopped = gateway.stop();
    served.and(stopped)
}

/// `proxyshop gateway`: the metering gateway alone (scale it apart from the API).
pub fn run_gateway(config: &Config) -> anyhow::Result<()> {
    let pool = storage::open_pool(config)?;
    let metrics = metrics::prepare(config, vec![("main", pool.clone())])?;
    // The gateway logs its bound addresses itself.
    let gateway = start_gateway(config, pool)?;
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?
        .block_on(async {
            if let Some(metrics) = metrics {
                tokio::spawn(metrics.run());
            }
            let _ = tokio::signal::ctrl_c().await;
        });
    gateway.stop()
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
pub async fn reconcile_payments(config: &Config) -> anyhow::Result<()> {
    let pool = storage::open_pool(config)?;
    let secret = storage::session_secret(config)?;
    let gateway = clients::reconcile_gateway(config, &secret)?;
    let terms = api::wallet::service::ReferralTerms {
        percent: config.referral_percent,
        cap_cents: config.referral_cap_cents,
    };
    let outcome = api::wallet::reconcile::run(&pool, gateway.as_ref(), terms)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "reconciled: {} credited, {} updated, {} expired, {} left pending (gateway did not answer)",
        outcome.credited, outcome.recorded, outcome.expired, outcome.failed
    );
    Ok(())
}
