//! `SmtpMailer` against a tiny SMTP server on 127.0.0.1 (tests/it/support/smtp_server.rs).

use crate::support::smtp_server;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use smtp_server::Behaviour;
use upstream::{MailError, Mailer, OutgoingMail, SmtpMailer};

const FROM: &str = "ProxyShop <no-reply@proxyshop.test>";

fn code_mail() -> OutgoingMail {
    OutgoingMail {
        to: "alice@example.com".into(),
        subject: "Your ProxyShop code".into(),
        text: "Your verification code is 482913.\nIt expires in 10 minutes.\n".into(),
    }
}

#[tokio::test]
async fn delivers_the_message_to_the_relay() {
    let (port, server) = smtp_server::start(Behaviour::Accept).await;
    let mailer = SmtpMailer::from_url(&format!("smtp://127.0.0.1:{port}"), FROM.into()).unwrap();

    mailer.send(code_mail()).await.unwrap();
    let received = server.await.unwrap();

    assert_eq!(mailer.kind(), "smtp");
    assert_eq!(
        received.mail_from.as_deref(),
        Some("MAIL FROM:<no-reply@proxyshop.test>")
    );
    assert_eq!(received.rcpt_to, ["RCPT TO:<alice@example.com>"]);
    let data = &received.data;
    assert!(data.contains("To: alice@example.com"), "{data}");
    assert!(data.contains("Subject: Your ProxyShop code"), "{data}");
    assert!(data.contains("Your verification code is 482913."), "{data}");
    assert!(received.auth.is_none());
    assert!(received.quit);
}

#[tokio::test]
async fn authenticates_with_the_credentials_in_the_url() {
    let (port, server) = smtp_server::start(Behaviour::AcceptWithAuth).await;
    let url = format!("smtp://mailer%40proxyshop.test:p%40ss%3Aword@127.0.0.1:{port}");
    let mailer = SmtpMailer::from_url(&url, FROM.into()).unwrap();

    mailer.send(code_mail()).await.unwrap();
    let received = server.await.unwrap();

    let auth = received.auth.expect("no AUTH command");
    let encoded = auth.strip_prefix("AUTH PLAIN ").unwrap();
    let decoded = STANDARD.decode(encoded).unwrap();
    assert_eq!(decoded, b"\0mailer@proxyshop.test\0p@ss:word");
    assert!(received.data.contains("Your verification code is 482913."));
}

#[tokio::test]
async fn a_refused_recipient_is_a_transport_error() {
    let (port, server) = smtp_server::start(Behaviour::RefuseRecipient).await;
    let mailer = SmtpMailer::from_url(&format!("smtp://127.0.0.1:{port}"), FROM.into()).unwrap();

    let error = mailer.send(code_mail()).await.unwrap_err();
    let received = server.await.unwrap();

    assert!(matches!(error, MailError::Transport(_)), "{error:?}");
    assert!(received.data.is_empty());
}

#[tokio::test]
async fn an_unreachable_relay_is_a_transport_error() {
    // Take a free port, then close it again so nothing listens there.
    let port = {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        listener.local_addr().unwrap().port()
    };
    let mailer = SmtpMailer::from_url(&format!("smtp://127.0.0.1:{port}"), FROM.into()).unwrap();

    let error = mailer.send(code_mail()).await.unwrap_err();

    assert!(matches!(error, MailError::Transport(_)), "{error:?}");
}

#[tokio::test]
async fn bad_configuration_is_refused_up_front() {
    for url in ["not a url", "http://127.0.0.1:25", "smtp://"] {
        let result = SmtpMailer::from_url(url, FROM.into());
        assert!(
            matches!(result, Err(MailError::Transport(_))),
            "{url}: {result:?}"
        );
    }
    let result = SmtpMailer::from_url("smtp://127.0.0.1:25", "not an address".into());
    assert!(
        matches!(result, Err(MailError::InvalidAddress("sender", _))),
        "{result:?}"
    );
}

#[tokio::test]
async fn an_invalid_recipient_is_refused_before_connecting() {
    // Port 9 (discard) is never contacted: the address is checked first.
    let mailer = SmtpMailer::from_url("smtp://127.0.0.1:9", FROM.into()).unwrap();
    let mail = OutgoingMail {
        to: "not an address".into(),
        ..code_mail()
    };

    let error = mailer.send(mail).await.unwrap_err();

    assert!(
        matches!(error, MailError::InvalidAddress("recipient", _)),
        "{error:?}"
    );
}
