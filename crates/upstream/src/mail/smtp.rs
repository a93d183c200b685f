//! [`SmtpMailer`]: real delivery through an SMTP relay with lettre, configured by one URL.

use std::fmt;
use std::time::Duration;

use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use super::message::{MailError, Mailer, OutgoingMail, build_message, parse_mailbox};

/// Deadline for connecting and for the whole SMTP exchange of one mail. lettre's own timeout
/// only covers the TCP connect on tokio, so a relay that accepts and then stalls would otherwise
/// hold the request forever.
const SMTP_TIMEOUT: Duration = Duration::from_secs(10);

/// Sends mail through the relay named by a lettre connection URL.
#[derive(Clone)]
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    timeout: Duration,
}

impl fmt::Debug for SmtpMailer {
    // The transport's own Debug would print the credentials taken from the URL.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpMailer")
            .field("from", &self.from)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl SmtpMailer {
    /// Builds a mailer from a lettre connection URL:
    /// `smtp://host:25` (plain), `smtp://user:pass@host:587?tls=required` (STARTTLS) or
    /// `smtps://user:pass@host:465` (implicit TLS); percent-encode reserved characters in the
    /// credentials. No connection is made until the first send.
    pub fn from_url(url: &str, from: String) -> Result<Self, MailError> {
        Self::with_timeout(url, from, SMTP_TIMEOUT)
    }

    fn with_timeout(url: &str, from: String, timeout: Duration) -> Result<Self, MailError> {
        let from = parse_mailbox("sender", &from)?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(MailError::Transport)?
            .timeout(Some(timeout))
            .build();
        Ok(Self {
            transport,
            from,
            timeout,
        })
    }
}

#[async_trait::async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, mail: OutgoingMail) -> Result<(), MailError> {
        let message = build_message(self.from.clone(), &mail)?;
        let response = tokio::time::timeout(self.timeout, self.transport.send(message))
            .await
            .map_err(|_| MailError::Timeout(self.timeout))?
            .map_err(MailError::Transport)?;
        tracing::info!(
            to = %domain::redact::mask_email(&mail.to),
            subject = %mail.subject,
            reply = %response.code(),
            "mail sent over SMTP"
        );
        Ok(())
    }

    fn kind(&self) -> &'static str {
        "smtp"
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use tokio::io::AsyncWriteExt;

    fn mail() -> OutgoingMail {
        OutgoingMail {
            to: "alice@example.com".into(),
            subject: "Hi".into(),
            text: "Hello".into(),
        }
    }

    /// A relay that accepts the connection and then says nothing must not hang the caller.
    #[tokio::test]
    async fn a_silent_relay_times_out() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            tokio::time::sleep(Duration::from_secs(5)).await;
            let _ = socket.shutdown().await;
        });
        let mailer = SmtpMailer::with_timeout(
            &format!("smtp://127.0.0.1:{port}"),
            "shop@example.com".into(),
            Duration::from_millis(300),
        )
        .unwrap();

        let started = std::time::Instant::now();
        let error = mailer.send(mail()).await.unwrap_err();

        assert!(matches!(error, MailError::Timeout(_)), "{error:?}");
        assert!(started.elapsed() < Duration::from_secs(3));
        server.abort();
    }

    #[test]
    fn debug_output_hides_the_credentials() {
        let mailer = SmtpMailer::from_url(
            "smtp://user:s3cret@127.0.0.1:2525",
            "shop@example.com".into(),
        )
        .unwrap();
        let debug = format!("{mailer:?}");
        assert!(!debug.contains("s3cret"), "{debug}");
        assert!(debug.contains("shop@example.com"), "{debug}");
    }
}
