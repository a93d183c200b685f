//! The compose files pass every runtime setting of docs/configuration.md through to the
//! instances (a key missing there is a setting an operator cannot use in a container), except
//! the few the image fixes or that must never reach a container; and they pass nothing the
//! documentation does not know.

use std::collections::BTreeSet;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Keys not passed through, each for a reason given in docker-compose.yml.
const NOT_PASSED: [&str; 10] = [
    // Fixed by the image.
    "PROXYSHOP_ADDR",
    "PROXYSHOP_DATA_DIR",
    "PROXYSHOP_STATIC_DIR",
    // No configuration file in the container.
    "PROXYSHOP_CONFIG",
    // Credits without payment: refused anywhere but on loopback.
    "PROXYSHOP_LOCAL_CHECKOUT",
    // Tests and the front end's build.
    "TEST_DATABASE_URL",
    "TEST_DATABASE_TABLESPACE",
    "PROXYSHOP_BIN",
    "VITE_API_URL",
    "VITE_CHAT_URL",
];

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap()
}

/// Every key in the first column of a table row of the configuration document.
fn documented() -> BTreeSet<String> {
    read("docs/configuration.md")
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split(" |").next())
        .flat_map(|cell| {
            cell.split(',')
                .map(|k| k.trim().trim_matches('`').to_owned())
                .collect::<Vec<_>>()
        })
        .filter(|k| {
            !k.is_empty()
                && k.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        })
        .collect()
}

/// Keys set in an environment block (`    KEY: value`) of a compose file.
fn passed(file: &str) -> BTreeSet<String> {
    read(file)
        .lines()
        .map(str::trim_start)
        .filter_map(|line| line.split_once(':').map(|(k, _)| k))
        .filter(|k| {
            k.len() > 3
                && k.contains('_')
                && k.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        })
        .map(str::to_owned)
        .filter(|k| !k.starts_with("POSTGRES_"))
        .collect()
}

#[test]
fn compose_files_pass_every_documented_setting() {
    let documented = documented();
    assert!(documented.len() > 30, "{documented:?}");
    assert!(documented.contains("PROXYSHOP_ADMIN_2FA"), "{documented:?}");
    let wanted: BTreeSet<String> = documented
        .iter()
        .filter(|k| !NOT_PASSED.contains(&k.as_str()))
        .cloned()
        .collect();
    for file in ["docker-compose.yml", "deploy/docker-compose.yml"] {
        let passed = passed(file);
        let missing: Vec<_> = wanted.difference(&passed).collect();
        assert!(missing.is_empty(), "{file} does not pass {missing:?}");
        let unknown: Vec<_> = passed.difference(&documented).collect();
        assert!(unknown.is_empty(), "{file} passes undocumented {unknown:?}");
    }
}
