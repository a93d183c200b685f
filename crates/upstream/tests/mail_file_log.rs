//! `FileMailer` logs one line per mail with the recipient masked (`a***@example.com`), the
//! subject and the folder; never the full address (the file's name carries it, so not the path).
//!
//! Alone in its own test binary on purpose: tracing caches each callsite's interest globally,
//! so when another test in the same binary reached the same `info!` with no subscriber first,
//! this test's thread-local subscriber saw nothing (it failed about one run in four).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use upstream::{FileMailer, Mailer, OutgoingMail};

const FROM: &str = "ProxyShop <no-reply@proxyshop.test>";

fn code_mail(to: &str) -> OutgoingMail {
    OutgoingMail {
        to: to.into(),
        subject: "Your ProxyShop code".into(),
        text: "Your verification code is 482913.\nIt expires in 10 minutes.\n".into(),
    }
}

fn entries(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect()
}

/// Collects formatted log output for one test.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn logs_masked_recipient_subject_and_folder() {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .finish();
    // The test runs on one thread, so a thread-local default covers the whole send.
    let _guard = tracing::subscriber::set_default(subscriber);
    let temp = tempfile::tempdir().unwrap();
    let mailer = FileMailer::new(temp.path().to_owned(), FROM.into());

    mailer.send(code_mail("alice@example.com")).await.unwrap();

    let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert_eq!(entries(temp.path()).len(), 1);
    assert_eq!(log.lines().count(), 1, "{log}");
    assert!(log.contains("INFO"), "{log}");
    assert!(log.contains("to=a***@example.com"), "{log}");
    assert!(!log.contains("alice"), "{log}");
    assert!(log.contains("subject=Your ProxyShop code"), "{log}");
    assert!(
        log.contains(&format!("dir={}", temp.path().display())),
        "{log}"
    );
}
