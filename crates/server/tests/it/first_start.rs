//! `proxyshop serve` started the way a service manager starts it (standard output not a
//! terminal): the first admin's password lands in `initial-admin-password` (0600), never in the
//! output; and the data folder (0700) with its database, secret and mail files (0600) is
//! tightened at every start, even when it existed with looser modes.
#![cfg(unix)]

use crate::common::{Proc, START_TIMEOUT};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
fn first_start_without_a_terminal_writes_the_password_file_and_tightens_the_data_folder() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("var");
    // Left behind loosely, as by an older version or by hand.
    std::fs::create_dir_all(data.join("mail")).unwrap();
    std::fs::write(data.join("session_secret"), "s".repeat(64)).unwrap();
    std::fs::write(data.join("mail/old.eml"), "Subject: code").unwrap();
    set_mode(&data, 0o755);
    set_mode(&data.join("mail"), 0o755);
    set_mode(&data.join("session_secret"), 0o644);
    set_mode(&data.join("mail/old.eml"), 0o644);

    let mut cmd = Command::new(env!("CARGO_BIN_EXE_proxyshop"));
    cmd.arg("serve")
        .env_clear()
        .env("PROXYSHOP_DATA_DIR", &data)
        .env("PROXYSHOP_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_HTTP_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_SOCKS_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_STATIC_DIR", root.path().join("no-front-end"))
        .env("RUST_LOG", "info")
        .current_dir(root.path());
    let mut serve = Proc::spawn("serve", cmd);

    let file = data.join("initial-admin-password");
    let deadline = Instant::now() + START_TIMEOUT;
    // The admin, its file and the log line naming it come before the server answers: once it
    // says it listens (a client that waits for /healthz is as late), the file is whole. The
    // server's start-up time varies; no assertion rests on timing.
    while serve.logged("proxyshop listening").is_none() {
        assert!(
            Instant::now() < deadline && serve.running(),
            "the server did not start; output:\n{}",
            serve.log_text()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        text.contains("password: ")
            && text.ends_with('\n')
            && serve.logged(&file.display().to_string()).is_some(),
        "listening without the password file whole, or the log line naming it: {text:?}; output:\n{}",
        serve.log_text()
    );
    serve.signal("KILL");
    serve.wait_exit(START_TIMEOUT);
    let output = serve.log_text();

    let password = text
        .lines()
        .find_map(|l| l.strip_prefix("password: "))
        .unwrap()
        .trim();
    assert!(password.len() >= 12, "{text}");
    assert!(
        !output.contains(password),
        "the password is in the output:\n{output}"
    );
    assert!(
        output.contains(&file.display().to_string()),
        "the log names the file:\n{output}"
    );
    assert_eq!(mode(&file), 0o600);
    assert_eq!(mode(&data), 0o700);
    assert_eq!(mode(&data.join("mail")), 0o700);
    assert_eq!(mode(&data.join("session_secret")), 0o600);
    assert_eq!(mode(&data.join("mail/old.eml")), 0o600);
    assert_eq!(mode(&data.join("proxyshop.db")), 0o600);
}
