//! [`FileMailer`]: the local default, which "delivers" each mail by writing it as an `.eml` file
//! that a developer can open or grep (for instance for a verification code).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use super::message::{MailError, Mailer, OutgoingMail, build_message, parse_mailbox};

/// Tells apart files written in the same millisecond. Process-wide rather than per mailer so
/// that two mailers sharing a directory can never pick the same name.
static SEQUENCE: AtomicU64 = AtomicU64::new(0);

/// Keeps file names well under the usual 255-byte limit whatever the address length.
const MAX_ADDRESS_CHARS: usize = 100;

/// Writes each mail into `dir` as `<unix-millis>-<seq>-<recipient>.eml`, one RFC 5322 message
/// per file, and logs where it went.
#[derive(Debug, Clone)]
pub struct FileMailer {
    dir: PathBuf,
    from: String,
}

impl FileMailer {
    /// `dir` is created on the first send if missing; `from` is parsed on each send, so a bad
    /// sender address shows up as [`MailError::InvalidAddress`] rather than at start-up.
    pub fn new(dir: PathBuf, from: String) -> Self {
        Self { dir, from }
    }
}

#[async_trait::async_trait]
impl Mailer for FileMailer {
    async fn send(&self, mail: OutgoingMail) -> Result<(), MailError> {
        let from = parse_mailbox("sender", &self.from)?;
        let message = build_message(from, &mail)?;
        // The bare address, even when the recipient was given as `Name <address>`.
        let recipient = message
            .envelope()
            .to()
            .first()
            .map(ToString::to_string)
            .unwrap_or_default();
        let name = file_name(
            unix_millis(),
            SEQUENCE.fetch_add(1, Ordering::Relaxed),
            &recipient,
        );
        write_atomically(&self.dir, &name, &message.formatted())
            .await
            .map_err(MailError::Io)?;
        // The file name carries the address: log the folder, and the address masked.
        tracing::info!(
            to = %domain::redact::mask_email(&recipient),
            subject = %mail.subject,
            dir = %self.dir.display(),
            "mail written to file"
        );
        Ok(())
    }

    fn kind(&self) -> &'static str {
        "file"
    }
}

fn unix_millis() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_millis())
        .unwrap_or(0)
}

fn file_name(millis: u128, seq: u64, recipient: &str) -> String {
    format!("{millis}-{seq}-{}.eml", sanitise_address(recipient))
}

/// Keeps the address readable in the file name but drops anything that could act as a path
/// separator or confuse a shell: only `[A-Za-z0-9@._+-]` survives.
fn sanitise_address(address: &str) -> String {
    let kept: String = address
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || "@._+-".contains(*c))
        .take(MAX_ADDRESS_CHARS)
        .collect();
    if kept.is_empty() {
        "unknown".to_owned()
    } else {
        kept
    }
}

/// Writes to a hidden temporary file in the same directory, then renames it into place, so a
/// reader polling the directory for `*.eml` never sees a half-written mail.
/// Mail holds codes: the folder is the owner's only (0700) and each file 0600.
async fn write_atomically(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
    let mut builder = tokio::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    builder.mode(0o700);
    builder.create(dir).await?;
    let temporary = dir.join(format!(".{name}.tmp"));
    let path = dir.join(name);
    let result = async {
        let mut options = tokio::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        options.mode(0o600);
        let mut file = options.open(&temporary).await?;
        tokio::io::AsyncWriteExt::write_all(&mut file, bytes).await?;
        file.sync_all().await?;
        drop(file);
        tokio::fs::rename(&temporary, &path).await
    }
    .await;
    if result.is_err() {
        // Best effort: the original error is the one worth reporting.
        let _ = tokio::fs::remove_file(&temporary).await;
    }
    result.map(|()| path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitise_keeps_a_plain_address_readable() {
        assert_eq!(sanitise_address("alice@example.com"), "alice@example.com");
        assert_eq!(
            sanitise_address("Bob.Smith+shop-1@Mail.example.org"),
            "Bob.Smith+shop-1@Mail.example.org"
        );
    }

    #[test]
    fn sanitise_drops_separators_and_odd_characters() {
        assert_eq!(sanitise_address("../../etc/passwd"), "....etcpasswd");
        assert_eq!(sanitise_address("o'brien@exämple.com"), "obrien@exmple.com");
        assert_eq!(sanitise_address("\"a b\"@c\\d"), "ab@cd");
        assert_eq!(sanitise_address("///"), "unknown");
    }

    #[test]
    fn sanitise_caps_the_length() {
        let long = format!("{}@example.com", "a".repeat(300));
        assert_eq!(sanitise_address(&long).len(), MAX_ADDRESS_CHARS);
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn mail_files_are_the_owners_only() {
        use std::os::unix::fs::PermissionsExt;
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("mail");
        let mailer = FileMailer::new(dir.clone(), "Shop <shop@example.com>".into());
        mailer
            .send(OutgoingMail {
                to: "alice@example.com".into(),
                subject: "Code".into(),
                text: "123456".into(),
            })
            .await
            .unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o700);
        let files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(files.len(), 1);
        assert_eq!(mode(&files[0]), 0o600);
    }

    #[test]
    fn file_name_has_millis_sequence_and_recipient() {
        assert_eq!(
            file_name(1_700_000_000_123, 7, "alice@example.com"),
            "1700000000123-7-alice@example.com.eml"
        );
    }
}
