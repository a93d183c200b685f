//! The mail folder: the `.eml` files the `FileMailer` wrote, and the codes in them.

use super::TestApp;
use std::path::PathBuf;

impl TestApp {
    /// The six-digit code in the newest mail to `email`.
    pub fn latest_code(&self, email: &str) -> String {
        let text = std::fs::read_to_string(self.latest_mail(email)).unwrap();
        let start = text.find("verification code is ").expect("code sentence") + 21;
        let code: String = text[start..].chars().take(6).collect();
        assert!(code.chars().all(|c| c.is_ascii_digit()), "{text}");
        code
    }

    /// Mail files are named `<unix-millis>-<seq>-<recipient>.eml`.
    pub fn mails_to(&self, email: &str) -> Vec<PathBuf> {
        let wanted = format!("{}.eml", email.to_lowercase());
        let mut found: Vec<((u128, u64), PathBuf)> = std::fs::read_dir(self.mail_dir.path())
            .map(|dir| dir.map(|e| e.unwrap().path()).collect::<Vec<_>>())
            .unwrap_or_default()
            .into_iter()
            .filter_map(|path| {
                let name = path.file_name()?.to_str()?.to_owned();
                let mut parts = name.splitn(3, '-');
                let millis = parts.next()?.parse().ok()?;
                let seq = parts.next()?.parse().ok()?;
                (parts.next()? == wanted).then_some(((millis, seq), path))
            })
            .collect();
        found.sort();
        found.into_iter().map(|(_, path)| path).collect()
    }

    pub fn latest_mail(&self, email: &str) -> PathBuf {
        self.mails_to(email)
            .pop()
            .unwrap_or_else(|| panic!("no mail to {email}"))
    }
}
