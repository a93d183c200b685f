//! `proxyshop jobs run usage-purge` (docs/operations.md, "Usage records"): the records past
//! `PROXYSHOP_USAGE_RECORDS_DAYS` go, the newer stay, on each backend, by the hourly job's code.

use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};
use persistence::connection_records::{self, NewRecord, RecordFilter};
use persistence::testing::{TestDatabase, insert_user};
use persistence::{Backend, write_transaction};
use std::process::Command;

fn record(user: UserId, started_at: i64) -> NewRecord {
    NewRecord {
        user_id: user,
        started_at,
        duration_ms: 10,
        credential_kind: CredentialKind::Main,
        credential_id: None,
        credential_label: "main".to_owned(),
        kind: ProxyKind::Premium,
        host: "example.com".to_owned(),
        port: 443,
        bytes_up: 100,
        bytes_down: 1_000,
        outcome: Outcome::Ok,
        reason: None,
        upstream_id: None,
        source: None,
        connect_ms: None,
        country: None,
    }
}

fn purge_keeps_only_the_retention(backend: Backend) {
    let Some(db) = TestDatabase::new(backend) else {
        return;
    };
    let data = tempfile::tempdir().unwrap();
    let mut conn = db.pool.get().unwrap();
    let user = insert_user(&mut conn, "purged");
    let now = persistence::now();
    let day = 86_400;
    let rows: Vec<NewRecord> = [
        now - 10 * day,
        now - 3 * day - 60,
        now - 3 * day + 3_600,
        now - 60,
    ]
    .into_iter()
    .map(|at| record(user, at))
    .collect();
    write_transaction(&mut conn, |c| connection_records::insert_many(c, &rows)).unwrap();
    drop(conn);

    let out = Command::new(env!("CARGO_BIN_EXE_proxyshop"))
        .args(["jobs", "run", "usage-purge"])
        .env_clear()
        .env("PROXYSHOP_DATABASE_URL", &db.url)
        .env("PROXYSHOP_DATA_DIR", data.path())
        .env("PROXYSHOP_USAGE_RECORDS_DAYS", "3")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("usage records older than 3 days"), "{said}");

    let mut conn = db.pool.get().unwrap();
    let (left, _) = connection_records::page(&mut conn, &RecordFilter::of(user), 100, 0).unwrap();
    let mut kept: Vec<i64> = left.iter().map(|r| r.row.started_at).collect();
    kept.sort_unstable();
    assert_eq!(kept, vec![now - 3 * day + 3_600, now - 60], "{said}");
}

#[test]
fn jobs_run_usage_purge_keeps_only_the_records_within_the_retention_sqlite() {
    purge_keeps_only_the_retention(Backend::Sqlite);
}

#[test]
fn jobs_run_usage_purge_keeps_only_the_records_within_the_retention_postgres() {
    if persistence::testing::postgres_configured() {
        purge_keeps_only_the_retention(Backend::Postgres);
    }
}
