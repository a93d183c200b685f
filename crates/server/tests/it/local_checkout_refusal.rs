//! The built binary refuses to serve a public shop with the local checkout (whose Pay button
//! credits without payment): it exits non-zero, naming the setting, before binding anything.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `proxyshop serve` with only these variables, in an empty folder (no proxyshop.toml), and
/// waits for it to exit; a server that starts instead is killed and the test fails.
fn serve_with(vars: &[(&str, &str)]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_proxyshop"))
        .arg("serve")
        .env_clear()
        .envs(vars.iter().copied())
        .env("PROXYSHOP_DATA_DIR", dir.path())
        .env("PROXYSHOP_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_HTTP_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_SOCKS_ADDR", "127.0.0.1:0")
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!(
                "proxyshop serve kept running: {:?}",
                child.wait_with_output()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn serve_refuses_the_local_checkout_on_a_public_url() {
    let out = serve_with(&[
        ("PROXYSHOP_LOCAL_CHECKOUT", "true"),
        ("PROXYSHOP_PUBLIC_URL", "https://shop.example"),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("PROXYSHOP_LOCAL_CHECKOUT"), "{stderr}");
    assert!(stderr.contains("https://shop.example"), "{stderr}");
}

#[test]
fn serve_refuses_the_local_checkout_beside_a_provider_key() {
    let out = serve_with(&[
        ("PROXYSHOP_LOCAL_CHECKOUT", "true"),
        ("PROXYSHOP_PROXYSELLER_API_KEY", "ps-secret-key"),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("PROXYSHOP_LOCAL_CHECKOUT")
            && stderr.contains("PROXYSHOP_PROXYSELLER_API_KEY"),
        "{stderr}"
    );
    assert!(!stderr.contains("ps-secret-key"), "{stderr}");
}
