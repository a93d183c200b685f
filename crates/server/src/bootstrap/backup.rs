//! `proxyshop backup FILE` and `proxyshop restore FILE` for the SQLite database. A backup is a
//! consistent copy taken while the shop serves; a restore checks the file, refuses while any
//! `proxyshop` process has the database open, keeps the replaced database beside it, and swaps
//! the file in with one rename. PostgreSQL: pg_dump and pg_restore (docs/operations.md#backups).

use super::storage;
use crate::config::Config;
use anyhow::{Context, bail};
use persistence::backup;
use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};

const DATABASE_URL_KEY: &str = "PROXYSHOP_DATABASE_URL";

/// The live SQLite file, or the advice for PostgreSQL.
fn sqlite_file(config: &Config) -> anyhow::Result<PathBuf> {
    let key = config.key_name(DATABASE_URL_KEY);
    match persistence::connection::sqlite_file(&config.database_url) {
        Some(path) => Ok(PathBuf::from(path)),
        None if persistence::Backend::from_url(&config.database_url)?
            == persistence::Backend::Postgres =>
        {
            bail!(
                "{key} is PostgreSQL: back up with \
                 `pg_dump --format=custom --file=FILE \"${key}\"` and restore with \
                 `pg_restore --clean --if-exists --no-owner --dbname=\"${key}\" FILE` \
                 (docs/operations.md)"
            )
        }
        None => bail!("{key} names no database file (an in-memory database)"),
    }
}

/// `proxyshop backup FILE`: a consistent copy of the live database, readable by the owner only.
pub fn run_backup(config: &Config, target: &Path) -> anyhow::Result<()> {
    sqlite_file(config)?;
    if target.exists() {
        bail!("{} exists; choose a new file", target.display());
    }
    let pool = storage::open_pool(config)?;
    let mut conn = pool.get().context("connecting to the database")?;
    // Written beside the target and renamed: the target never exists half-written.
    let partial = sibling(target, "partial")?;
    let _ = std::fs::remove_file(&partial);
    backup::vacuum_into(&mut conn, &partial)
        .with_context(|| format!("writing {}", partial.display()))?;
    crate::data_dir::set_private(&partial)?;
    std::fs::rename(&partial, target)
        .with_context(|| format!("moving the backup to {}", target.display()))?;
    let checked = backup::check_restorable(target)?;
    println!(
        "backed up to {} ({} migrations)",
        target.display(),
        checked.applied
    );
    Ok(())
}

/// `proxyshop restore FILE`: replaces the database with `source` once no `proxyshop` process
/// has it open. The replaced database is kept as `<database>.before-restore-<time>`.
pub fn run_restore(config: &Config, source: &Path) -> anyhow::Result<()> {
    let live = sqlite_file(config)?;
    crate::data_dir::secure(config)?;
    let _lock = exclusive_lock(&live)?;
    // Copied beside the database first, so that the checked bytes are the ones swapped in.
    let incoming = sibling(&live, "restoring")?;
    let _ = std::fs::remove_file(&incoming);
    std::fs::copy(source, &incoming).with_context(|| format!("reading {}", source.display()))?;
    crate::data_dir::set_private(&incoming)?;
    let checked = match backup::check_restorable(&incoming) {
        Ok(checked) => checked,
        Err(err) => {
            let _ = std::fs::remove_file(&incoming);
            let shown = incoming.display().to_string();
            return Err(anyhow::anyhow!(
                "{}",
                err.to_string()
                    .replace(&shown, &source.display().to_string())
            ));
        }
    };
    let kept = if live.is_file() {
        // Everything committed is in the file itself before it is set aside.
        backup::checkpoint(&live)?;
        let kept = sibling(&live, &format!("before-restore-{}", persistence::now()))?;
        std::fs::hard_link(&live, &kept)
            .or_else(|_| std::fs::copy(&live, &kept).map(|_| ()))
            .with_context(|| format!("keeping the current database as {}", kept.display()))?;
        Some(kept)
    } else {
        None
    };
    std::fs::rename(&incoming, &live).with_context(|| format!("replacing {}", live.display()))?;
    // The old database's log and index must not be read with the new file.
    for suffix in ["-wal", "-shm"] {
        let stale = PathBuf::from(format!("{}{suffix}", live.display()));
        if stale.exists() {
            std::fs::remove_file(&stale)
                .with_context(|| format!("removing {}", stale.display()))?;
        }
    }
    println!(
        "restored {} from {} ({} migrations; {} to apply at the next start)",
        live.display(),
        source.display(),
        checked.applied,
        checked.pending
    );
    if let Some(kept) = kept {
        println!("the replaced database is kept as {}", kept.display());
    }
    Ok(())
}

/// `<path>.<suffix>` in the same folder (one file system: the rename is atomic).
fn sibling(path: &Path, suffix: &str) -> anyhow::Result<PathBuf> {
    let name = path
        .file_name()
        .with_context(|| format!("{} names no file", path.display()))?;
    Ok(path.with_file_name(format!("{}.{suffix}", name.to_string_lossy())))
}

/// The lock every `proxyshop` process on this SQLite database holds shared while it runs
/// (`storage::open_pool`); taken exclusively, it proves that none runs.
fn exclusive_lock(live: &Path) -> anyhow::Result<File> {
    let file = storage::lock_file(live)?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => bail!(
            "a proxyshop process is using {}: stop every `serve` and `gateway` on it first",
            live.display()
        ),
        Err(TryLockError::Error(err)) => Err(err).context("locking the database"),
    }
}
