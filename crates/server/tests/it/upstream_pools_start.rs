//! `proxyshop serve` with upstream pools in its configuration: a `PROXYSHOP_UPSTREAMS` file
//! (its secret from the environment) and IPRoyal's keys add their pools at the first start and
//! none at the next (their names exist); the output never holds a pool's password; a wrong file
//! stops the start with the file, the pool and the field named.

use crate::common::{Proc, START_TIMEOUT};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

const FILE_SECRET: &str = "F1le-Pool-Secret";
const IPROYAL_SECRET: &str = "R0yal-Pool-Secret";

fn serve(root: &Path, file: &Path) -> Proc {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_proxyshop"));
    cmd.arg("serve")
        .env_clear()
        .env("PROXYSHOP_DATA_DIR", root.join("var"))
        .env("PROXYSHOP_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_HTTP_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_SOCKS_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_METRICS_ADDR", "off")
        .env("PROXYSHOP_STATIC_DIR", root.join("no-front-end"))
        .env("PROXYSHOP_UPSTREAMS", file)
        .env("POOL_SECRET", FILE_SECRET)
        .env("PROXYSHOP_IPROYAL_API_TOKEN", "royal-token")
        // Nothing is asked of IPRoyal's API at start-up.
        .env("PROXYSHOP_IPROYAL_API_URL", "http://127.0.0.1:9/v1")
        .env("PROXYSHOP_IPROYAL_PROXY_USERNAME", "shop-at-royal")
        .env("PROXYSHOP_IPROYAL_PROXY_PASSWORD", IPROYAL_SECRET)
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .current_dir(root);
    Proc::spawn("serve", cmd)
}

#[test]
fn configured_pools_are_added_at_the_first_start_only() {
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("upstreams.toml");
    std::fs::write(
        &file,
        "[[upstream]]\nname = \"From the file\"\nkinds = [\"budget\"]\nprotocol = \"socks5\"\n\
         host = \"gate.example.com\"\nport = 1080\nusername = \"shopuser\"\n\
         passwordEnv = \"POOL_SECRET\"\npreset = \"decodo\"\ncostPerGb = 1.25\n",
    )
    .unwrap();

    let mut first = serve(root.path(), &file);
    let line = first.wait_for_line("upstream pools from the configuration", START_TIMEOUT);
    assert!(
        line.contains("added=From the file, IPRoyal") && line.contains("kept=0"),
        "{line}"
    );
    first.wait_for_line("proxyshop listening on", START_TIMEOUT);
    first.signal("TERM");
    first.wait_exit(START_TIMEOUT);

    let mut second = serve(root.path(), &file);
    let line = second.wait_for_line("upstream pools from the configuration", START_TIMEOUT);
    assert!(line.contains("kept=2"), "{line}");
    second.signal("TERM");
    second.wait_exit(START_TIMEOUT);

    for log in [first.log_text(), second.log_text()] {
        for secret in [FILE_SECRET, IPROYAL_SECRET, "royal-token"] {
            assert!(!log.contains(secret), "{secret} in the output:\n{log}");
        }
    }
}

#[test]
fn a_wrong_file_stops_the_start_naming_the_pool_and_the_field() {
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("upstreams.toml");
    std::fs::write(
        &file,
        "[[upstream]]\nname = \"Broken\"\nkinds = [\"premium\"]\nprotocol = \"http\"\n\
         host = \"gate.example.com\"\nport = 0\ncostPerGb = 1\npasswordEnv = \"UNSET_SECRET\"\n",
    )
    .unwrap();

    let mut start = serve(root.path(), &file);
    let status = start.wait_exit(Duration::from_secs(60));

    assert!(!status.success());
    let log = start.log_text();
    let named = format!("{}: upstream \"Broken\": passwordEnv", file.display());
    assert!(log.contains(&named), "{log}");
}
