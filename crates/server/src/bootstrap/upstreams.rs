//! The upstream pools the configuration gives, added at start-up when their name is new: the
//! pools of the `PROXYSHOP_UPSTREAMS` file and, with IPRoyal's token, the shop's IPRoyal
//! account. `api::admin::upstreams::configured` checks them with the admin API's rules and adds
//! them, audited as the system's; the console's edits of a pool already there win.

use crate::config::Config;
use anyhow::Context;
use api::admin::upstreams::configured::{self, Env};
use persistence::DbPool;
use persistence::upstream_pools::NewPool;
use secrecy::ExposeSecret;
use serde_json::json;

/// The name of the pool IPRoyal's keys give.
pub(super) const IPROYAL_POOL: &str = "IPRoyal";

/// Every pool the configuration gives, checked; an error lists every wrong field, naming the
/// file (or the keys), the pool and the field, never a value.
pub(super) fn configured_pools(config: &Config, env: Env<'_>) -> anyhow::Result<Vec<NewPool>> {
    let mut pools = Vec::new();
    let mut errors = Vec::new();
    if let Some(path) = &config.providers.upstreams_file {
        let file = path.display().to_string();
        let key = config.key_name("PROXYSHOP_UPSTREAMS");
        let text = std::fs::read_to_string(path).with_context(|| format!("{key}: {file}"))?;
        match configured::parse_file(&file, &text, env) {
            Ok(found) => pools.extend(found),
            Err(found) => errors.extend(found),
        }
    }
    if let Some(iproyal) = &config.providers.iproyal_pool {
        let fields = json!({
            "name": IPROYAL_POOL,
            "kinds": ["premium", "budget"],
            "protocol": "http",
            "host": iproyal.host,
            "port": iproyal.port,
            "username": iproyal.username,
            "password": iproyal.password.expose_secret(),
            "preset": "iproyal",
            "costPerGb": iproyal.cost_per_gb_cents as f64 / 100.0,
        });
        let fields = fields.as_object().cloned().unwrap_or_default();
        match configured::check(fields) {
            Ok(pool) => pools.push(pool),
            Err(found) => errors.extend(found.iter().map(|(field, message)| {
                format!(
                    "PROXYSHOP_IPROYAL_PROXY_*: upstream \"{IPROYAL_POOL}\": {field}: {message}"
                )
            })),
        }
    }
    if errors.is_empty() {
        Ok(pools)
    } else {
        anyhow::bail!("invalid upstream pools:\n  {}", errors.join("\n  "))
    }
}

/// Adds the configured pools whose names are new; logs their names (nothing else).
pub(super) fn add_configured(config: &Config, pool: &DbPool) -> anyhow::Result<()> {
    let env = |name: &str| std::env::var(name).ok();
    let pools = configured_pools(config, &env)?;
    if pools.is_empty() {
        return Ok(());
    }
    let mut conn = pool.get().context("connecting to the database")?;
    let added = configured::add_missing(&mut conn, &pools)?;
    let kept = pools.len() - added.len();
    tracing::info!(
        added = %added.join(", "),
        kept,
        "upstream pools from the configuration (a pool whose name exists is kept as it is)"
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Source;

    fn config(pairs: &[(&str, &str)]) -> Config {
        Config::from_source(&Source::from_pairs(pairs)).unwrap()
    }

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn iproyal_keys_give_a_pool_with_its_preset() {
        let c = config(&[
            ("PROXYSHOP_IPROYAL_API_TOKEN", "t"),
            ("PROXYSHOP_IPROYAL_PROXY_USERNAME", "shopuser"),
            ("PROXYSHOP_IPROYAL_PROXY_PASSWORD", "pool-secret-3"),
            ("PROXYSHOP_IPROYAL_COST_PER_GB", "4.5"),
        ]);
        let pools = configured_pools(&c, &no_env).unwrap();
        assert_eq!(pools.len(), 1);
        let p = &pools[0];
        assert_eq!(p.name, IPROYAL_POOL);
        assert_eq!((p.host.as_str(), p.port), ("geo.iproyal.com", 12321));
        assert_eq!(
            (p.username.as_str(), p.password.as_str()),
            ("shopuser", "pool-secret-3")
        );
        assert_eq!(p.cost_per_gb_cents.get(), 450);
        let preset = domain::credential_template::Preset::IpRoyal;
        assert_eq!(p.username_template, preset.username_template());
        assert_eq!(p.password_template, preset.password_template());
        assert!(configured_pools(&config(&[]), &no_env).unwrap().is_empty());
    }

    #[test]
    fn a_missing_file_is_named() {
        let c = config(&[("PROXYSHOP_UPSTREAMS", "/nonexistent/upstreams.toml")]);
        let Err(err) = configured_pools(&c, &no_env) else {
            panic!("a missing file was accepted")
        };
        let err = format!("{err:#}");
        assert!(
            err.contains("PROXYSHOP_UPSTREAMS: /nonexistent/upstreams.toml"),
            "{err}"
        );
    }
}
