//! The mail the application sends and the [`Mailer`] trait that delivers it.

use lettre::Message;
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox};

/// One plain-text mail to one recipient, as the application composes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    /// The recipient's address (`alice@example.com`).
    pub to: String,
    pub subject: String,
    /// The plain-text body. ASCII text is sent as is (7bit); other text as quoted-printable, so
    /// its ASCII parts (codes, links) stay readable in the raw message too.
    pub text: String,
}

/// Delivers [`OutgoingMail`]; held by the application as `Arc<dyn Mailer>`.
#[async_trait::async_trait]
pub trait Mailer: Send + Sync + 'static {
    async fn send(&self, mail: OutgoingMail) -> Result<(), MailError>;
    /// "file" or "smtp", for the start-up log.
    fn kind(&self) -> &'static str;
}

/// Why a mail could not be sent. Messages carry no mail content and no credentials.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// The recipient or the configured sender is not a valid address.
    #[error("invalid {0} address")]
    InvalidAddress(&'static str, #[source] lettre::address::AddressError),
    /// The message could not be assembled (a header value lettre refuses).
    #[error("cannot build the message")]
    Build(#[source] lettre::error::Error),
    /// Writing the `.eml` file failed.
    #[error("cannot write the mail file")]
    Io(#[source] std::io::Error),
    /// The SMTP URL is unusable, the relay is unreachable or too slow, or it refused the mail.
    #[error("SMTP delivery failed")]
    Transport(#[source] lettre::transport::smtp::Error),
    /// The relay did not finish the exchange in time. The mail may still have been accepted
    /// if the deadline struck after the final `.`, so a retry can duplicate it.
    #[error("SMTP delivery timed out after {0:?}")]
    Timeout(std::time::Duration),
}

/// Parses an address for the given role ("recipient" or "sender").
pub(super) fn parse_mailbox(role: &'static str, address: &str) -> Result<Mailbox, MailError> {
    address
        .trim()
        .parse::<Mailbox>()
        .map_err(|e| MailError::InvalidAddress(role, e))
}

/// Builds the RFC 5322 message both mailers send: plain text, UTF-8, one recipient.
pub(super) fn build_message(from: Mailbox, mail: &OutgoingMail) -> Result<Message, MailError> {
    let to = parse_mailbox("recipient", &mail.to)?;
    Message::builder()
        .from(from)
        .to(to)
        .subject(mail.subject.as_str())
        .header(ContentType::TEXT_PLAIN)
        .body(readable_body(&mail.text))
        .map_err(MailError::Build)
}

/// lettre picks base64 for mostly non-ASCII text, which would hide a verification code from a
/// person reading the `.eml` file; quoted-printable keeps ASCII characters as they are.
fn readable_body(text: &str) -> Body {
    let body = Body::new(text.to_owned());
    if body.encoding() != ContentTransferEncoding::Base64 {
        return body;
    }
    Body::new_with_encoding(text.to_owned(), ContentTransferEncoding::QuotedPrintable)
        .unwrap_or(body)
}
