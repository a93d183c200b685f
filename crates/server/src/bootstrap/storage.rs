//! What start-up keeps in the data folder: the database (opened with the folder secured, its lock
//! held shared while the process runs) and the session secret.

use crate::config::Config;
use crate::data_dir::{self, write_private};
use anyhow::Context;
use persistence::{DbPool, PoolOptions};
use secrecy::ExposeSecret;
use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The pool of `PROXYSHOP_DATABASE_URL`, with the data folder secured before and after (SQLite may
/// create the database file on connecting).
pub(super) fn open_pool(config: &Config) -> anyhow::Result<DbPool> {
    data_dir::secure(config)?;
    hold_shared_lock(config)?;
    let pool =
        persistence::connect(&config.database_url, &PoolOptions::default()).with_context(|| {
            format!(
                "opening the database ({})",
                config.key_name("PROXYSHOP_DATABASE_URL")
            )
        })?;
    // Again, now that SQLite may have created the database file.
    data_dir::secure(config)?;
    Ok(pool)
}

/// The gateway's own pool of `PROXYSHOP_DATABASE_URL`, `PROXYSHOP_GATEWAY_DB_POOL_SIZE`
/// connections.
pub(super) fn open_gateway_pool(config: &Config) -> anyhow::Result<DbPool> {
    let options = PoolOptions {
        max_size: config.gateway.pool_size,
        ..PoolOptions::default()
    };
    persistence::connect(&config.database_url, &options).with_context(|| {
        format!(
            "opening the gateway's database pool ({})",
            config.key_name("PROXYSHOP_DATABASE_URL")
        )
    })
}

/// A SQLite database's lock file, held shared by this process until it exits, so that
/// `proxyshop restore` (which takes it exclusively) cannot swap the file under a running process.
fn hold_shared_lock(config: &Config) -> anyhow::Result<()> {
    static HELD: OnceLock<File> = OnceLock::new();
    let Some(db) = persistence::connection::sqlite_file(&config.database_url) else {
        return Ok(());
    };
    if HELD.get().is_some() {
        return Ok(());
    }
    let file = lock_file(Path::new(db))?;
    match file.try_lock_shared() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            anyhow::bail!("{db} is being restored (proxyshop restore); start again when it is done")
        }
        Err(TryLockError::Error(err)) => return Err(err).context("locking the database"),
    }
    let _ = HELD.set(file);
    Ok(())
}

/// The lock file beside a SQLite database (`<db>.lock`, 0600): held shared by every running
/// process, exclusively by `proxyshop restore`.
pub(super) fn lock_file(live: &Path) -> anyhow::Result<File> {
    let path = PathBuf::from(format!("{}.lock", live.display()));
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    data_dir::set_private(&path)?;
    Ok(file)
}

/// Applies the pending migrations; returns how many ran.
pub(super) fn migrate(pool: &DbPool) -> anyhow::Result<usize> {
    let mut conn = pool.get().context("connecting to the database")?;
    Ok(persistence::run_migrations(&mut conn)?)
}

/// The session secret from config, or the one kept in the data folder (made on first start,
/// readable by the owner only), so that `make run` needs no setup and sessions survive restarts.
pub(super) fn session_secret(config: &Config) -> anyhow::Result<String> {
    if let Some(secret) = &config.session_secret {
        return Ok(secret.expose_secret().to_owned());
    }
    let path = config.data_dir.join("session_secret");
    if let Ok(existing) = std::fs::read_to_string(&path) {
        let existing = existing.trim().to_owned();
        if existing.len() >= 32 {
            return Ok(existing);
        }
    }
    let secret = hex::encode(rand::random::<[u8; 32]>()) + &hex::encode(rand::random::<[u8; 32]>());
    write_private(&path, &secret).with_context(|| format!("writing {}", path.display()))?;
    tracing::debug!(path = %path.display(), "generated a session secret");
    Ok(secret)
}
