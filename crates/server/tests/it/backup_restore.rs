//! `proxyshop backup` and `proxyshop restore` on SQLite: a backup taken while rows are being
//! written is a consistent snapshot (every row up to some point, none after a gap); restoring it
//! brings exactly those rows back and keeps the replaced database; restore refuses a file that is
//! not a ProxyShop database and refuses while a `proxyshop` process has the database open; on
//! PostgreSQL both commands point to pg_dump and fail.
#![cfg(unix)]

use persistence::job_runs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::{Duration, Instant};

fn proxyshop(data: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_proxyshop"));
    cmd.args(args)
        .env_clear()
        .env("PROXYSHOP_DATA_DIR", data)
        .env("PROXYSHOP_METRICS_ADDR", "off")
        .env("RUST_LOG", "warn");
    cmd
}

fn run(data: &Path, args: &[&str]) -> Output {
    proxyshop(data, args).output().unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn url(data: &Path) -> String {
    format!("sqlite://{}", data.join("proxyshop.db").display())
}

/// Row `i` is the job named `row-<i>`, written in order.
fn rows(db_url: &str, upto: i64) -> Vec<i64> {
    let pool = persistence::connect(db_url, &persistence::PoolOptions::default()).unwrap();
    let mut conn = pool.get().unwrap();
    (0..upto)
        .filter(|i| {
            job_runs::find(&mut conn, &format!("row-{i}"))
                .unwrap()
                .is_some()
        })
        .collect()
}

#[test]
fn a_backup_taken_while_writing_restores_exactly_its_rows() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("var");
    let migrated = run(&data, &["migrate"]);
    assert!(migrated.status.success(), "{}", text(&migrated));

    // A writer commits rows one by one for as long as the backup runs.
    let live = url(&data);
    let written = Arc::new(AtomicI64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (live, written, stop) = (live.clone(), written.clone(), stop.clone());
        std::thread::spawn(move || {
            let pool = persistence::connect(&live, &persistence::PoolOptions::default()).unwrap();
            let mut conn = pool.get().unwrap();
            let mut i = 0;
            while !stop.load(Ordering::SeqCst) || i < 50 {
                job_runs::claim(&mut conn, &format!("row-{i}"), 1, "writer", 1, 60).unwrap();
                i += 1;
                written.store(i, Ordering::SeqCst);
            }
        })
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while written.load(Ordering::SeqCst) < 20 {
        assert!(Instant::now() < deadline, "the writer did not start");
        std::thread::yield_now();
    }
    let file = root.path().join("snapshot.db");
    let before = written.load(Ordering::SeqCst);
    let backed_up = run(&data, &["backup", file.to_str().unwrap()]);
    let after = written.load(Ordering::SeqCst);
    stop.store(true, Ordering::SeqCst);
    writer.join().unwrap();
    assert!(backed_up.status.success(), "{}", text(&backed_up));
    assert!(after > before, "no row was written while the backup ran");
    // And some more, certainly after the snapshot.
    let mut total = written.load(Ordering::SeqCst);
    {
        let pool = persistence::connect(&live, &persistence::PoolOptions::default()).unwrap();
        let mut conn = pool.get().unwrap();
        for i in total..total + 10 {
            job_runs::claim(&mut conn, &format!("row-{i}"), 1, "writer", 1, 60).unwrap();
        }
        total += 10;
    }

    // The snapshot: rows 0..n with no gap, n at least what was written before it started.
    let snapshot = rows(&format!("sqlite://{}", file.display()), total);
    let n = snapshot.len() as i64;
    assert!(n >= before, "{n} < {before}");
    assert_eq!(
        snapshot,
        (0..n).collect::<Vec<_>>(),
        "a gap in the snapshot"
    );
    assert!(n <= after && n < total, "{n} rows of {total}");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&file).unwrap().permissions().mode() & 0o777,
        0o600
    );
    // It never overwrites.
    let again = run(&data, &["backup", file.to_str().unwrap()]);
    assert!(!again.status.success());
    assert!(text(&again).contains("exists"), "{}", text(&again));

    let restored = run(&data, &["restore", file.to_str().unwrap()]);
    assert!(restored.status.success(), "{}", text(&restored));
    assert_eq!(rows(&live, total), (0..n).collect::<Vec<_>>());
    // The replaced database is kept, with every row.
    let kept: Vec<_> = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("proxyshop.db.before-restore-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(
        rows(&format!("sqlite://{}", kept[0].display()), total).len() as i64,
        total
    );
}

#[test]
fn restore_refuses_what_is_not_a_proxyshop_database() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("var");
    assert!(run(&data, &["migrate"]).status.success());
    let junk = root.path().join("junk.db");
    std::fs::write(
        &junk,
        "not a database at all, but long enough to look like one".repeat(100),
    )
    .unwrap();
    let empty = root.path().join("empty.db");
    persistence::connect(
        &format!("sqlite://{}", empty.display()),
        &persistence::PoolOptions::default(),
    )
    .unwrap()
    .get()
    .unwrap();
    for (file, says) in [
        (&junk, "not a readable SQLite database"),
        (&empty, "not a ProxyShop database"),
        (&root.path().join("missing.db"), "No such file"),
    ] {
        let out = run(&data, &["restore", file.to_str().unwrap()]);
        assert!(!out.status.success(), "{file:?}");
        assert!(text(&out).contains(says), "{file:?}: {}", text(&out));
    }
    // The database is untouched and nothing is left behind.
    let left: Vec<_> = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("restoring") || n.contains("before-restore"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    assert!(persistence::backup::check_restorable(&data.join("proxyshop.db")).is_ok());
}

#[test]
fn restore_waits_for_every_server_to_stop() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("var");
    assert!(run(&data, &["migrate"]).status.success());
    let file = root.path().join("backup.db");
    assert!(
        run(&data, &["backup", file.to_str().unwrap()])
            .status
            .success()
    );

    let mut server = proxyshop(&data, &["serve"])
        .env("PROXYSHOP_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_HTTP_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_GATEWAY_SOCKS_ADDR", "127.0.0.1:0")
        .env("PROXYSHOP_STATIC_DIR", root.path().join("no-front-end"))
        .env("RUST_LOG", "info")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Restore is tried once the server serves (its log says so).
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = server.stdout.take().unwrap();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if line.contains("listening on") {
                let _ = tx.send(());
            }
        }
    });
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the server did not start");
    let out = run(&data, &["restore", file.to_str().unwrap()]);
    assert!(!out.status.success());
    let refused = text(&out);
    assert!(refused.contains("stop every"), "{refused}");
    assert!(refused.contains("is using"), "{refused}");
    server.kill().unwrap();
    server.wait().unwrap();
    let out = run(&data, &["restore", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn on_postgres_the_commands_point_to_pg_dump() {
    let root = tempfile::tempdir().unwrap();
    for command in ["backup", "restore"] {
        let out = proxyshop(root.path(), &[command, "x.dump"])
            .env(
                "PROXYSHOP_DATABASE_URL",
                "postgres://nobody@127.0.0.1:1/none",
            )
            .output()
            .unwrap();
        assert!(!out.status.success());
        assert!(text(&out).contains("pg_dump"), "{}", text(&out));
    }
}
