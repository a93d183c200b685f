//! `FileMailer`: one readable `.eml` file per mail, named after the recipient, written
//! atomically, and one log line saying where it went.

use std::path::{Path, PathBuf};

use upstream::{FileMailer, MailError, Mailer, OutgoingMail};

const FROM: &str = "ProxyShop <no-reply@proxyshop.test>";

fn code_mail(to: &str) -> OutgoingMail {
    OutgoingMail {
        to: to.into(),
        subject: "Your ProxyShop code".into(),
        text: "Your verification code is 482913.\nIt expires in 10 minutes.\n".into(),
    }
}

/// All entries of `dir`, sorted by name.
fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    paths.sort();
    paths
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

#[tokio::test]
async fn writes_one_readable_eml_file_per_mail_into_a_new_directory() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("var").join("mail");
    let mailer = FileMailer::new(dir.clone(), FROM.into());

    mailer.send(code_mail("alice@example.com")).await.unwrap();
    mailer.send(code_mail("alice@example.com")).await.unwrap();

    assert_eq!(mailer.kind(), "file");
    let files = entries(&dir);
    assert_eq!(files.len(), 2, "{files:?}");
    for path in &files {
        let name = file_name(path);
        let parts: Vec<&str> = name.splitn(3, '-').collect();
        assert!(parts[0].parse::<u128>().is_ok(), "{name}");
        assert!(parts[1].parse::<u64>().is_ok(), "{name}");
        assert_eq!(parts[2], "alice@example.com.eml");

        let text = std::fs::read_to_string(path).unwrap();
        assert!(
            text.contains("From: ProxyShop <no-reply@proxyshop.test>\r\n"),
            "{text}"
        );
        assert!(text.contains("To: alice@example.com\r\n"), "{text}");
        assert!(text.contains("Subject: Your ProxyShop code\r\n"), "{text}");
        assert!(
            text.contains("Content-Type: text/plain; charset=utf-8\r\n"),
            "{text}"
        );
        assert!(
            text.contains("Content-Transfer-Encoding: 7bit\r\n"),
            "{text}"
        );
        assert!(text.contains("Date: "), "{text}");
        assert!(
            text.contains("\r\n\r\nYour verification code is 482913.\r\n"),
            "{text}"
        );
    }
}

#[tokio::test]
async fn file_name_keeps_only_the_plain_address() {
    let temp = tempfile::tempdir().unwrap();
    let mailer = FileMailer::new(temp.path().to_owned(), FROM.into());

    mailer
        .send(code_mail("Bob O'Neil <o'neil+shop@example.com>"))
        .await
        .unwrap();

    let files = entries(temp.path());
    assert_eq!(files.len(), 1);
    assert!(
        file_name(&files[0]).ends_with("-oneil+shop@example.com.eml"),
        "{files:?}"
    );
}

#[tokio::test]
async fn non_ascii_mail_keeps_its_ascii_parts_readable() {
    let temp = tempfile::tempdir().unwrap();
    let mailer = FileMailer::new(temp.path().to_owned(), FROM.into());
    let mail = OutgoingMail {
        to: "zoë@example.com".into(),
        subject: "Ваш код".into(),
        text: "Код: 482913 — merci, Zoë".into(),
    };

    mailer.send(mail).await.unwrap();

    let files = entries(temp.path());
    assert_eq!(files.len(), 1);
    assert!(
        file_name(&files[0]).ends_with("-zo@example.com.eml"),
        "{files:?}"
    );
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(
        text.contains("Content-Transfer-Encoding: quoted-printable\r\n"),
        "{text}"
    );
    assert!(text.contains("482913"), "{text}");
}

#[tokio::test]
async fn invalid_addresses_are_refused_and_nothing_is_written() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("mail");

    let error = FileMailer::new(dir.clone(), FROM.into())
        .send(code_mail("not an address"))
        .await
        .unwrap_err();
    assert!(
        matches!(error, MailError::InvalidAddress("recipient", _)),
        "{error:?}"
    );

    let error = FileMailer::new(dir.clone(), "nobody".into())
        .send(code_mail("alice@example.com"))
        .await
        .unwrap_err();
    assert!(
        matches!(error, MailError::InvalidAddress("sender", _)),
        "{error:?}"
    );
    assert!(!dir.exists());
}

#[tokio::test]
async fn an_unwritable_directory_is_an_io_error() {
    let temp = tempfile::tempdir().unwrap();
    let blocker = temp.path().join("a-file");
    std::fs::write(&blocker, "not a directory").unwrap();
    let mailer = FileMailer::new(blocker.join("mail"), FROM.into());

    let error = mailer
        .send(code_mail("alice@example.com"))
        .await
        .unwrap_err();

    assert!(matches!(error, MailError::Io(_)), "{error:?}");
}
