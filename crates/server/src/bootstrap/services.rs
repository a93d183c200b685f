//! The API application: its settings and dependencies from the configuration, then served until
//! stopped (after the first start's admin is in place).

use super::admin;
use super::clients::Clients;
use super::stop::StopSignal;
use super::storage::session_secret;
use crate::config::{Config, url_host};
use api::{
    Application, CheckSettings, Dependencies, GatewayEndpoints, Payments, RateLimits, Settings,
};
use persistence::DbPool;
use secrecy::SecretString;
use std::net::SocketAddr;
use std::time::Duration;
use upstream::LocalResidential;

/// Serves the API until stopped; `gateway` is the running gateway's (HTTP, SOCKS5) addresses.
/// At the first stop signal `/readyz` turns unready, so that a load balancer sends no more, and
/// the background jobs stop after their runs in progress; the API goes on answering for
/// `PROXYSHOP_SHUTDOWN_GRACE_SECS`, then stops accepting and lets requests in flight finish (up
/// to 30 s, and the jobs' runs as long again). A second stop signal stops it at once.
pub(super) async fn serve(
    config: Config,
    pool: DbPool,
    (gateway_http, gateway_socks): (SocketAddr, SocketAddr),
    stopping: StopSignal,
) -> anyhow::Result<()> {
    let secret = session_secret(&config)?;
    let gateway = GatewayEndpoints {
        host: gateway_host(&config, gateway_http),
        http_port: gateway_http.port(),
        socks_port: gateway_socks.port(),
        allow_private: config.gateway_allow_private,
    };
    let lines = LocalResidential {
        host: gateway.host.clone(),
        http_port: gateway.http_port,
        socks_port: gateway.socks_port,
    };
    let clients = Clients::build(&config, &secret, lines)?;
    let top_ups_off = matches!(clients.payments, Payments::Off);
    let settings = Settings {
        addr: config.addr.clone(),
        public_url: config.public_url.clone(),
        cors_origins: config.cors_origins.clone(),
        static_dir: Some(config.static_dir.clone()),
        session_secret: SecretString::from(secret),
        session_ttl: Duration::from_secs(14 * 24 * 3600),
        google_client_id: config.google_client_id.clone(),
        trusted_proxies: config.trusted_proxies.clone(),
        admin_2fa_required: config.admin_2fa_required,
        limits: RateLimits {
            code_per_ip: config.code_requests_per_ip,
            register_per_ip: config.register_per_ip,
            login_delay_unit: config.login_delay_unit,
            ..RateLimits::default()
        },
        referral_percent: config.referral_percent,
        referral_cap_cents: config.referral_cap_cents,
        payout_min: domain::Cents::new(config.payout_min_cents),
        trial_mb: config.trial_mb,
        trial_per_ip_per_day: config.trial_per_ip_per_day,
        gateway,
        reconcile_every: config.reconcile_every,
        usage_records_days: config.usage_records_days,
        usage_hourly_days: config.usage_hourly_days,
        sla: config.sla,
        status_fresh: Duration::from_secs(15),
        renewals: config.renewals,
        auto_topup_window: config.auto_topup_window,
        check: CheckSettings {
            url: config.check_url.clone(),
            timeout: config.check_timeout,
        },
        refunds: config.refunds,
        shop: config.shop.clone(),
        display_currencies: config.display_currencies.clone(),
        webhook_allow_private: config.webhook_allow_private,
        password_hashing_normal_priority: config.password_hashing_normal_priority,
        acceptable_use: api::settings::AcceptableUse {
            refused_ports: config.gateway_refused_ports.clone(),
            blocklist_files: config.blocklist_files.clone(),
        },
    };
    let deps = Dependencies {
        pool: pool.clone(),
        mailer: clients.mailer,
        google: clients.google,
        payments: clients.payments,
        pieces: clients.pieces,
        residential: clients.residential,
        payouts: clients.payouts,
        rates: clients.rates,
    };
    let grace = config.shutdown_grace;
    // The first start's admin (and its password file) exist before the server answers: a
    // client that waits for /healthz, then reads the file, finds it.
    admin::first_start(&pool, &config.data_dir).await?;
    let app = Application::build(settings, deps)?;
    let readiness = app.readiness();
    let jobs = app.jobs_stopper();
    let server = app.stop_handle();
    actix_web::rt::spawn(async move {
        stopping.clone().first().await;
        readiness.begin_shutdown();
        // The background jobs finish their runs in progress and start no more.
        jobs.stop();
        tracing::info!(
            grace_secs = grace.as_secs(),
            "unready; the listener closes after the grace"
        );
        let graceful = async {
            tokio::time::sleep(grace).await;
            server.stop(true).await;
        };
        tokio::select! {
            () = graceful => {}
            () = stopping.second() => server.stop(false).await,
        }
    });
    tracing::info!(
        "proxyshop listening on {} (bound {}); gateway: http proxy {gateway_http}, socks5 {gateway_socks}",
        app.public_url(),
        app.addr()
    );
    tracing::info!("{}", clients.described);
    if top_ups_off {
        tracing::warn!(
            "top-ups are off: set PROXYSHOP_CRYPTOMUS_MERCHANT_ID and PROXYSHOP_CRYPTOMUS_API_KEY \
             (or, on a local machine only, PROXYSHOP_LOCAL_CHECKOUT=true)"
        );
    }
    if config.uses_trust_forwarded_for {
        tracing::warn!(
            "PROXYSHOP_TRUST_FORWARDED_FOR is deprecated: list the proxies in front in \
             PROXYSHOP_TRUSTED_PROXIES (the list wins when both are set)"
        );
    }
    if !config.static_dir.join("index.html").is_file() {
        tracing::warn!(dir = %config.static_dir.display(), "no built front end found: serving the API only");
    }
    app.run_until_stopped().await?;
    Ok(())
}

/// The host written into generated proxies: configured, or the gateway's bind address (the
/// public URL's host when it binds all interfaces).
fn gateway_host(config: &Config, bound: SocketAddr) -> String {
    if let Some(host) = &config.gateway_public_host {
        return host.clone();
    }
    if !bound.ip().is_unspecified() {
        return bound.ip().to_string();
    }
    config
        .public_url
        .as_deref()
        .map(url_host)
        .filter(|host| !host.is_empty())
        .unwrap_or_else(|| "127.0.0.1".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Source;

    #[test]
    fn proxies_name_the_public_host_when_the_gateway_binds_everywhere() {
        let config =
            |pairs: &[(&str, &str)]| Config::from_source(&Source::from_pairs(pairs)).unwrap();
        let everywhere: SocketAddr = "0.0.0.0:8000".parse().unwrap();
        let public = config(&[("PROXYSHOP_PUBLIC_URL", "https://shop.example:8443/app")]);
        assert_eq!(gateway_host(&public, everywhere), "shop.example");
        assert_eq!(gateway_host(&config(&[]), everywhere), "127.0.0.1");
        let bound: SocketAddr = "10.0.0.5:8000".parse().unwrap();
        assert_eq!(gateway_host(&public, bound), "10.0.0.5");
        let named = config(&[("PROXYSHOP_GATEWAY_PUBLIC_HOST", "gw.shop.example")]);
        assert_eq!(gateway_host(&named, everywhere), "gw.shop.example");
    }
}
