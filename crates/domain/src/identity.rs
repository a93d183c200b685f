//! The mailbox behind an address, for uniqueness and referral checks: one person should not own
//! several accounts (or both ends of a referral) through spellings that reach the same inbox.
//!
//! The rule: lower case; drop a `+tag` from the local part (`bob+x@example.com` is
//! `bob@example.com`); for Gmail, drop the dots of the local part and read `googlemail.com` as
//! `gmail.com`. The migrations `migrations/*/2026-12-01-000003_mailboxes_and_trials/up.sql`
//! backfill stored rows with the same rule in SQL; keep the two in step.

use crate::account::Email;

/// An email address reduced to its mailbox ([`canonical_email`]); what the `users` table keeps
/// unique and what the trial and referral rules compare.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CanonicalEmail(String);

impl CanonicalEmail {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

impl Email {
    /// The mailbox this address reaches.
    pub fn canonical(&self) -> CanonicalEmail {
        CanonicalEmail(canonical_email(self.as_str()))
    }
}

/// Domains whose mailboxes ignore dots in the local part, with the name they share.
const GMAIL: &str = "gmail.com";
const GMAIL_ALIASES: [&str; 2] = ["gmail.com", "googlemail.com"];

/// The mailbox of `email` (expected to be a parsed [`Email`], but total on any text): lower
/// case, the local part cut at its first `+`, Gmail dots removed and `googlemail.com` read as
/// `gmail.com`. Text without `@` is only lower-cased.
pub fn canonical_email(email: &str) -> String {
    let lower = email.trim().to_lowercase();
    let Some((local, domain)) = lower.split_once('@') else {
        return lower;
    };
    let local = local.split('+').next().unwrap_or_default();
    if GMAIL_ALIASES.contains(&domain) {
        format!("{}@{GMAIL}", local.replace('.', ""))
    } else {
        format!("{local}@{domain}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn tags_case_and_gmail_dots_reach_one_mailbox() {
        for (raw, want) in [
            ("ab@gmail.com", "ab@gmail.com"),
            ("a.b+x@gmail.com", "ab@gmail.com"),
            ("A.B@GoogleMail.com", "ab@gmail.com"),
            ("a.b.c+one+two@googlemail.com", "abc@gmail.com"),
            ("Bob+shop@Example.com", "bob@example.com"),
            ("bob.smith@example.com", "bob.smith@example.com"),
            ("bob@mail.gmail.com", "bob@mail.gmail.com"),
            ("no-at-sign", "no-at-sign"),
        ] {
            assert_eq!(canonical_email(raw), want, "{raw}");
        }
    }

    #[test]
    fn a_parsed_email_gives_its_canonical_form() {
        let email = Email::parse(" A.B+promo@Gmail.com ").unwrap();
        assert_eq!(email.canonical().as_str(), "ab@gmail.com");
        assert_eq!(
            Email::parse("x+1@example.com").unwrap().canonical(),
            Email::parse("X@example.com").unwrap().canonical()
        );
        assert_ne!(
            Email::parse("x.y@example.com").unwrap().canonical(),
            Email::parse("xy@example.com").unwrap().canonical()
        );
    }

    fn local() -> impl Strategy<Value = String> {
        "[a-zA-Z0-9][a-zA-Z0-9._-]{0,20}"
    }

    proptest! {
        #[test]
        fn canonical_is_idempotent(local in local(), tag in "[a-z0-9]{0,8}",
                                   domain in "(gmail\\.com|googlemail\\.com|example\\.org|Mail\\.Example\\.com)") {
            let once = canonical_email(&format!("{local}+{tag}@{domain}"));
            prop_assert_eq!(canonical_email(&once), once.clone());
            prop_assert!(!once.contains('+'));
            prop_assert_eq!(once.to_lowercase(), once);
        }

        #[test]
        fn tags_and_gmail_dots_never_make_a_new_mailbox(local in "[a-z0-9]{1,12}", tag in "[a-z0-9.]{0,8}",
                                                        dots in proptest::collection::vec(0usize..12, 0..4)) {
            let mut dotted: String = local.clone();
            for d in dots {
                let at = d.min(dotted.len());
                dotted.insert(at, '.');
            }
            let plain = canonical_email(&format!("{local}@gmail.com"));
            prop_assert_eq!(canonical_email(&format!("{dotted}+{tag}@googlemail.com")), plain.clone());
            prop_assert_eq!(canonical_email(&format!("{}@GMAIL.COM", local.to_uppercase())), plain);
            // Outside Gmail a dot is part of the name.
            prop_assert_eq!(
                canonical_email(&format!("{local}+{tag}@example.org")),
                format!("{local}@example.org")
            );
        }
    }
}
