//! Outgoing mail: the [`Mailer`] trait, the mail it sends, and its two implementations
//! ([`FileMailer`] for the local default, [`SmtpMailer`] for a real relay).

mod file;
mod message;
mod smtp;

pub use file::FileMailer;
pub use message::{MailError, Mailer, OutgoingMail};
pub use smtp::SmtpMailer;
