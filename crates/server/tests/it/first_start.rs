//! `proxyshop serve` started the way a service manager starts it (standard output not a
//! terminal): the first admin's password lands in `initial-admin-password` (0600), never in the
//! output; and the data folder (0700) with its database, secret and mail files (0600) is
//! tightened at every start, even when it existed with looser modes.
#![cfg(unix)]

use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
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

    let mut child = Command::new(env!("CARGO_BIN_EXE_proxyshop"))
        .arg("serve")
        .env_clear()
        .env("PROXYSHOP_DATA_DIR", &data)
        .env("PROXYSHOP_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_HTTP_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_SOCKS_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_STATIC_DIR", root.path().join("no-front-end"))
        .env("RUST_LOG", "info")
        .current_dir(root.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();

    // What the server prints, read as it comes: the log line naming the file is written just
    // after the file, so the server is stopped only once both are there (killed between the
    // two, its output lacked the line: seen once in CI).
    let output = Arc::new(Mutex::new(String::new()));
    let readers: Vec<_> = [
        Box::new(child.stdout.take().unwrap()) as Box<dyn Read + Send>,
        Box::new(child.stderr.take().unwrap()),
    ]
    .into_iter()
    .map(|mut pipe| {
        let output = output.clone();
        std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n @ 1..) = pipe.read(&mut chunk) {
                let text = String::from_utf8_lossy(&chunk[..n]).into_owned();
                output.lock().unwrap().push_str(&text);
            }
        })
    })
    .collect();
    let printed = || output.lock().unwrap().clone();

    let file = data.join("initial-admin-password");
    let deadline = Instant::now() + Duration::from_secs(60);
    // Polls for the file and the log line (the server's start-up time varies); no assertion
    // rests on timing.
    let text = loop {
        if let Ok(text) = std::fs::read_to_string(&file)
            && text.contains("password: ")
            && text.ends_with('\n')
            && printed().contains(&file.display().to_string())
        {
            break text;
        }
        if Instant::now() > deadline || child.try_wait().unwrap().is_some() {
            child.kill().ok();
            child.wait().unwrap();
            panic!(
                "no password file, or no log line naming it; output:\n{}",
                printed()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    child.kill().unwrap();
    child.wait().unwrap();
    for reader in readers {
        reader.join().unwrap();
    }
    let output = printed();

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
