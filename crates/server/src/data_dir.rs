//! The data folder holds the SQLite database, mail (with verification codes), the session secret
//! and the first admin password: it is the owner's only (0700, its files 0600), set at every
//! start, not only when something is created, so a folder made or loosened by hand is fixed too.

use crate::config::Config;
use anyhow::Context;
use std::path::Path;

/// Creates the folder if missing and tightens it, the mail folder and the files in both, and
/// the SQLite database wherever `PROXYSHOP_DATABASE_URL` puts it.
pub fn secure(config: &Config) -> anyhow::Result<()> {
    let dir = &config.data_dir;
    std::fs::create_dir_all(dir)
        .with_context(|| format!("creating data folder {}", dir.display()))?;
    restrict(dir).with_context(|| format!("restricting {}", dir.display()))?;
    let mail = dir.join("mail");
    if mail.is_dir() {
        restrict(&mail).with_context(|| format!("restricting {}", mail.display()))?;
    }
    if let Some(db) = persistence::connection::sqlite_file(&config.database_url) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let file = Path::new(&format!("{db}{suffix}")).to_owned();
            if file.is_file() {
                set_mode(&file, 0o600)
                    .with_context(|| format!("restricting {}", file.display()))?;
            }
        }
    }
    Ok(())
}

/// A file readable by the owner only (0600).
pub fn set_private(path: &Path) -> anyhow::Result<()> {
    set_mode(path, 0o600).with_context(|| format!("restricting {}", path.display()))
}

/// The folder 0700 and every file directly in it 0600.
fn restrict(dir: &Path) -> std::io::Result<()> {
    set_mode(dir, 0o700)?;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            set_mode(&entry.path(), 0o600)?;
        }
    }
    Ok(())
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn set_mode(_path: &Path, _mode: u32) -> std::io::Result<()> {
    Ok(())
}

/// Writes `contents` to a file only the owner can read, whatever mode it had before.
pub fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    set_mode(path, 0o600)?;
    file.write_all(contents.as_bytes())
}

#[cfg(test)]
#[cfg(unix)]
mod tests {
    use super::*;
    use crate::config::Source;
    use std::os::unix::fs::PermissionsExt;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn the_database_is_tightened_whichever_sqlite_url_names_it() {
        let root = tempfile::tempdir().unwrap();
        for (i, scheme) in ["sqlite://", "sqlite:"].into_iter().enumerate() {
            let data = root.path().join(format!("data{i}"));
            // Outside the data folder, so only the URL leads to it.
            let db = root.path().join(format!("elsewhere{i}.db"));
            std::fs::write(&db, b"").unwrap();
            std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
            let values = [
                ("PROXYSHOP_DATA_DIR", data.display().to_string()),
                (
                    "PROXYSHOP_DATABASE_URL",
                    format!("{scheme}{}", db.display()),
                ),
            ];
            let source = Source::from_map(values.into_iter().map(|(k, v)| (k.into(), v)).collect());
            let config = Config::from_source(&source).unwrap();
            secure(&config).unwrap();
            assert_eq!(mode(&db), 0o600, "{scheme}");
            assert_eq!(mode(&data), 0o700, "{scheme}");
        }
    }
}
