//! Admin accounts: the one made on the first start and the one `create-admin` makes or promotes,
//! both inserted by [`insert_admin`]. The first start's generated password is shown on the
//! terminal when there is one; otherwise (a service, a container, a redirected log) it goes to
//! `$PROXYSHOP_DATA_DIR/initial-admin-password` (0600) and the log names the file, never the
//! password.

use crate::data_dir::write_private;
use app::accounts::{NewAccount, create_user, default_name, hash_password};
use app::blocking::with_conn_as;
use persistence::{DbConnection, DbPool, users};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

const BOOTSTRAP_ADMIN_EMAIL: &str = "admin@proxyshop.local";
pub(super) const PASSWORD_FILE: &str = "initial-admin-password";

/// The one place an admin account is built and inserted.
fn insert_admin(
    conn: &mut DbConnection,
    email: &str,
    name: &str,
    password_hash: &str,
) -> anyhow::Result<()> {
    let account = NewAccount {
        email,
        password_hash: Some(password_hash),
        google_sub: None,
        name,
        avatar_url: None,
        role: "admin",
        referred_by: None,
    };
    create_user(conn, &account).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(())
}

async fn hash(password: &str) -> anyhow::Result<String> {
    hash_password(password.to_owned())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))
}

/// When no admin exists, creates one and hands its password over once.
pub(super) async fn first_start(pool: &DbPool, data_dir: &Path) -> anyhow::Result<()> {
    let exists = with_conn_as(pool, |conn| -> anyhow::Result<bool> {
        Ok(users::admin_exists(conn)?)
    })
    .await?;
    if exists {
        return Ok(());
    }
    let password = domain::random::strong_password();
    let hash = app::accounts::hash_password_at_start(password.clone())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    with_conn_as(pool, move |conn| {
        insert_admin(conn, BOOTSTRAP_ADMIN_EMAIL, "Admin", &hash)
    })
    .await?;
    let stdout = std::io::stdout();
    let terminal = stdout.is_terminal();
    hand_over(&password, data_dir, terminal, &mut stdout.lock())?;
    Ok(())
}

/// `create-admin`: creates the account, or makes the existing one admin with this password and
/// ends its sessions. Returns whether it was created.
pub(super) async fn create_or_promote(
    pool: &DbPool,
    email: &domain::Email,
    password: &str,
) -> anyhow::Result<bool> {
    let hash = hash(password).await?;
    let address = email.as_str().to_owned();
    with_conn_as(pool, move |conn| -> anyhow::Result<bool> {
        if let Some(user) = users::find_by_email(conn, &address)? {
            users::set_role(conn, user.id, "admin")?;
            users::set_password_hash(conn, user.id, &hash)?;
            persistence::sessions::delete_for_user(conn, user.id)?;
            return Ok(false);
        }
        let name = default_name(&address);
        insert_admin(conn, &address, &name, &hash)?;
        Ok(true)
    })
    .await
}

/// Where the password went.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum HandedOver {
    Terminal,
    File(PathBuf),
}

/// Prints the credentials to `terminal_out` when it is a terminal, else writes the password
/// file and logs its path.
pub(super) fn hand_over(
    password: &str,
    data_dir: &Path,
    terminal: bool,
    terminal_out: &mut dyn Write,
) -> anyhow::Result<HandedOver> {
    if terminal {
        writeln!(
            terminal_out,
            "\n  First start: created the admin account (shown only this once)\n    \
             email:    {BOOTSTRAP_ADMIN_EMAIL}\n    password: {password}\n"
        )?;
        return Ok(HandedOver::Terminal);
    }
    let path = data_dir.join(PASSWORD_FILE);
    write_private(
        &path,
        &format!("email: {BOOTSTRAP_ADMIN_EMAIL}\npassword: {password}\n"),
    )
    .map_err(|e| anyhow::anyhow!("writing {}: {e}", path.display()))?;
    tracing::warn!(
        file = %path.display(),
        "first start: created the admin account {BOOTSTRAP_ADMIN_EMAIL}; its password is in the file (read it, sign in, then delete the file)"
    );
    Ok(HandedOver::File(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_terminal_the_password_goes_to_a_private_file_only() {
        let dir = tempfile::tempdir().unwrap();
        let mut out = Vec::new();

        let went = hand_over("Pw-Secret-1", dir.path(), false, &mut out).unwrap();

        let path = dir.path().join(PASSWORD_FILE);
        assert_eq!(went, HandedOver::File(path.clone()));
        assert!(out.is_empty(), "nothing printed");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("password: Pw-Secret-1"), "{text}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
        }
    }

    #[test]
    fn on_a_terminal_it_is_printed_and_no_file_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let mut out = Vec::new();

        let went = hand_over("Pw-Secret-1", dir.path(), true, &mut out).unwrap();

        assert_eq!(went, HandedOver::Terminal);
        assert!(
            String::from_utf8(out)
                .unwrap()
                .contains("password: Pw-Secret-1")
        );
        assert!(!dir.path().join(PASSWORD_FILE).exists());
    }
}
