//! Upstream pools from the configuration (`PROXYSHOP_UPSTREAMS`, docs/operations.md#upstream-pools):
//! a file's pools are checked by the admin API's rules and added once, audited as the system's
//! (no operator, no password); a name already there keeps the console's edits; two instances
//! starting together add a pool once; a bad file or a missing secret names the file, the pool
//! and the field, never a value.

use crate::common::TestApp;
use api::admin::upstreams::configured::{add_missing, parse_file};
use persistence::upstream_pools::{self as pools, NewPool, PoolChanges};

const FILE: &str = "/etc/proxyshop/upstreams.toml";
const SECRET: &str = "Fr0m-The-Env1ronment";

const TWO_POOLS: &str = r#"
[[upstream]]
name = "Decodo US"
kinds = ["premium"]
protocol = "http"
host = "gate.decodo.com"
port = 7000
username = "shopuser"
passwordEnv = "DECODO_PASSWORD"
preset = "decodo"
costPerGb = 1.75
weight = 2
countries = ["us"]

[[upstream]]
name = "Local SOCKS"
kinds = ["budget", "premium"]
protocol = "socks5"
host = "10.0.0.7"
port = 1080
costPerGb = 0.5
active = false
"#;

fn env(name: &str) -> Option<String> {
    (name == "DECODO_PASSWORD").then(|| SECRET.to_owned())
}

fn parsed(text: &str) -> Vec<NewPool> {
    match parse_file(FILE, text, &env) {
        Ok(found) => found,
        Err(errors) => panic!("{errors:?}"),
    }
}

fn errors(text: &str) -> Vec<String> {
    match parse_file(FILE, text, &env) {
        Ok(found) => panic!("accepted {} pools", found.len()),
        Err(errors) => errors,
    }
}

#[test]
fn a_file_gives_checked_pools_with_secrets_from_the_environment() {
    let found = parsed(TWO_POOLS);
    assert_eq!(found.len(), 2);
    let decodo = &found[0];
    assert_eq!(
        (decodo.name.as_str(), decodo.kinds.as_str()),
        ("Decodo US", "premium")
    );
    assert_eq!(
        (decodo.username.as_str(), decodo.password.as_str()),
        ("shopuser", SECRET)
    );
    let preset = domain::credential_template::Preset::Decodo;
    assert_eq!(decodo.username_template, preset.username_template());
    assert_eq!((decodo.cost_per_gb_cents.get(), decodo.weight), (175, 2));
    assert_eq!(decodo.countries, "us");
    let socks = &found[1];
    assert_eq!(
        (socks.port, socks.active, socks.password.as_str()),
        (1080, false, "")
    );
    assert_eq!(
        (
            socks.username_template.as_str(),
            socks.password_template.as_str()
        ),
        ("{username}", "{password}")
    );
    assert!(parsed("").is_empty(), "an empty file gives no pool");
}

#[test]
fn a_bad_file_names_the_file_the_pool_and_the_field() {
    let bad = r#"
[[upstream]]
name = "Broken"
kinds = ["static"]
protocol = "http"
host = "gate.example.com"
port = 70000
costPerGb = 1

[[upstream]]
kinds = ["premium"]
protocol = "ftp"
host = "gate.example.com"
port = 1
costPerGb = 1
password_env = "X"
"#;
    let found = errors(bad);
    let has = |needle: &str| found.iter().any(|e| e.contains(needle));
    assert!(
        has(&format!("{FILE}: upstream \"Broken\": kinds:")),
        "{found:#?}"
    );
    assert!(
        has(&format!("{FILE}: upstream \"Broken\": port:")),
        "{found:#?}"
    );
    assert!(
        has(&format!("{FILE}: upstream #2: password_env: unknown field")),
        "{found:#?}"
    );
    assert!(
        has("passwordEnv"),
        "the hint names the camelCase field: {found:#?}"
    );
    let unknown = errors(
        "[[upstream]]\nname = \"A\"\nkinds = [\"premium\"]\nprotocol = \"http\"\nhost = \"h.example\"\nport = 1\ncostPerGb = 1\ncolour = \"red\"\n",
    );
    assert!(
        unknown
            .iter()
            .any(|e| e.contains("upstream \"A\": colour: is not a pool field")),
        "{unknown:#?}"
    );
    let not_toml = errors("[[upstream]\nname=");
    assert!(
        not_toml[0].starts_with(&format!("{FILE}: not TOML")),
        "{not_toml:?}"
    );
    let missing = errors(
        "[[upstream]]\nname = \"No port\"\nkinds = [\"premium\"]\nprotocol = \"http\"\nhost = \"h.example\"\ncostPerGb = 1\n",
    );
    assert!(
        missing
            .iter()
            .any(|e| e.contains("upstream \"No port\": port:")),
        "{missing:#?}"
    );
}

#[test]
fn a_missing_environment_secret_is_named_without_a_value() {
    let text = TWO_POOLS.replace("DECODO_PASSWORD", "UNSET_PASSWORD");
    let found = errors(&text);
    assert_eq!(
        found,
        [format!(
            "{FILE}: upstream \"Decodo US\": passwordEnv: the environment variable UNSET_PASSWORD is not set"
        )]
    );
    let both = TWO_POOLS.replace("username = \"shopuser\"", "password = \"inline\"");
    let found = errors(&both);
    assert!(
        found[0].contains("passwordEnv: give `password` or `passwordEnv`, not both"),
        "{found:?}"
    );
    assert!(!found.concat().contains("inline"), "{found:?}");
}

persistence::both_backends! {

    #[actix_web::test]
    async fn pools_are_added_once_audited_and_the_consoles_edits_win(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let found = parsed(TWO_POOLS);

        let added = app.with_conn(|conn| add_missing(conn, &found).unwrap());
        assert_eq!(added, ["Decodo US", "Local SOCKS"]);
        let rows = app.audit_rows_of("upstream.create");
        assert_eq!(rows.len(), 2);
        for row in &rows {
            assert_eq!(row.admin_id, None, "a system action");
            assert!(!row.after_state.as_deref().unwrap().contains(SECRET));
        }
        let decodo = rows.iter().find(|r| r.after().unwrap()["name"] == "Decodo US").unwrap();
        assert_eq!(decodo.after().unwrap()["passwordChanged"], true);

        // The operator edits a pool in the console; the next start leaves it as it is.
        let listed = app.with_conn(|conn| pools::list(conn).unwrap());
        let id = listed.iter().find(|p| p.name == "Decodo US").unwrap().id;
        let edit = PoolChanges { weight: Some(9), ..PoolChanges::default() };
        app.with_conn(|conn| pools::update(conn, id, &edit).unwrap());
        let again = app.with_conn(|conn| add_missing(conn, &found).unwrap());
        assert!(again.is_empty(), "{again:?}");
        let after = app.with_conn(|conn| pools::list(conn).unwrap());
        assert_eq!(after.len(), 2);
        assert_eq!(after.iter().find(|p| p.id == id).unwrap().weight, 9);
        assert_eq!(app.audit_rows_of("upstream.create").len(), 2);
    }

    async fn two_instances_starting_together_add_a_pool_once(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let found = parsed(TWO_POOLS);
        let db = app.pool().clone();
        let starts: Vec<_> = (0..2)
            .map(|_| {
                let (db, found) = (db.clone(), found.clone());
                std::thread::spawn(move || add_missing(&mut db.get().unwrap(), &found).unwrap())
            })
            .collect();
        let added: usize = starts.into_iter().map(|s| s.join().unwrap().len()).sum();
        assert_eq!(added, 2, "each pool added by one instance");
        assert_eq!(app.with_conn(|conn| pools::list(conn).unwrap()).len(), 2);
        assert_eq!(app.audit_rows_of("upstream.create").len(), 2);
    }
}
