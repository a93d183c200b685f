//! Account values: email, password policy, verification codes and roles, with every rule and
//! message (docs/api.md#messages). The forms that combine them are in `forms`.

use crate::messages as msg;
use crate::rules::LABEL_PATTERN;
use serde::{Deserialize, Serialize};

/// A syntactically valid email address, trimmed and lower-cased (emails are unique
/// case-insensitively).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let value = raw.trim();
        if value.is_empty() {
            return Err(msg::EMAIL_REQUIRED);
        }
        if value.len() > EMAIL_MAX_LEN || !looks_like_email(value) {
            return Err(msg::EMAIL_INVALID);
        }
        Ok(Email(value.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

/// The longest address, in bytes (as typed, trimmed).
pub const EMAIL_MAX_LEN: usize = 254;
/// The longest local part (before the `@`), in bytes.
pub const EMAIL_LOCAL_MAX_LEN: usize = 64;
/// The characters of a local part besides ASCII letters, digits and the dots between atoms,
/// written so that they stand in a pattern's character class as they are (`-` last).
const LOCAL_SPECIALS: &str = "!#$%&'*+/=?^_`{|}~-";

/// local@domain.tld with no spaces, one `@`, a dot in the domain and no empty labels.
fn looks_like_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    let allowed_local =
        |c: char| c.is_ascii_alphanumeric() || c == '.' || LOCAL_SPECIALS.contains(c);
    let allowed_domain = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '.';
    !local.is_empty()
        && local.len() <= EMAIL_LOCAL_MAX_LEN
        && local.chars().all(allowed_local)
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && domain.chars().all(allowed_domain)
        && domain.contains('.')
        && domain
            .split('.')
            .all(|label| !label.is_empty() && !label.starts_with('-') && !label.ends_with('-'))
        && domain.rsplit('.').next().is_some_and(|tld| tld.len() >= 2)
}

/// What [`Email::parse`] accepts, as two patterns a value must both match (ECMA-262 and Python,
/// for the API's document; `looks_like_email` is hand-written, and the API's tests hold these
/// against it on samples): the shape (1–64 dot-separated atoms, `@`, labels, a top-level label
/// of at least two characters; whitespace around) and the local part's length. With
/// [`EMAIL_MAX_LEN`] as the longest text.
pub fn email_patterns() -> [String; 2] {
    let local = format!("[A-Za-z0-9{LOCAL_SPECIALS}]");
    let label = LABEL_PATTERN;
    [
        format!(
            r"^\s*{local}+(?:\.{local}+)*@(?:{label}\.)+[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9]\s*$"
        ),
        format!(r"^\s*[^@]{{1,{EMAIL_LOCAL_MAX_LEN}}}@"),
    ]
}

/// The characters a password needs one of besides letters and digits, and the only others it
/// may hold (written so that they stand in a pattern's character class as they are).
pub const PASSWORD_SPECIALS: &str = "@$!%*?&";
/// A new password's length in characters.
pub const PASSWORD_MIN: usize = 6;
pub const PASSWORD_MAX: usize = 128;

/// A password that satisfies the registration policy. Deliberately not `Debug`-printable.
#[derive(Clone)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    /// A password as typed at sign-in: the policy is for new passwords only.
    pub(crate) fn as_typed(raw: &str) -> Self {
        Password(raw.to_owned())
    }

    /// The policy for new passwords: 6 to 128 characters, an upper- and a lower-case letter, a
    /// digit and one of `@$!%*?&`, nothing else.
    pub fn parse_new(raw: &str) -> Result<Self, &'static str> {
        Self::check_policy(raw, msg::PASSWORD_REQUIRED).map(|()| Password(raw.to_owned()))
    }

    pub(crate) fn check_policy(raw: &str, required: &'static str) -> Result<(), &'static str> {
        if raw.is_empty() {
            return Err(required);
        }
        let len = raw.chars().count();
        if len < PASSWORD_MIN {
            return Err(msg::PASSWORD_TOO_SHORT);
        }
        if len > PASSWORD_MAX {
            return Err(msg::PASSWORD_TOO_LONG);
        }
        let has = |f: fn(char) -> bool| raw.chars().any(f);
        let only_allowed = raw
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || PASSWORD_SPECIALS.contains(c));
        if !(has(|c| c.is_ascii_uppercase())
            && has(|c| c.is_ascii_lowercase())
            && has(|c| c.is_ascii_digit())
            && has(|c| PASSWORD_SPECIALS.contains(c))
            && only_allowed)
        {
            return Err(msg::PASSWORD_POLICY);
        }
        Ok(())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// How many digits a verification code has.
pub const CODE_DIGITS: usize = 6;

/// A six-digit email verification code as typed by the customer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerificationCode(String);

impl VerificationCode {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let value = raw.trim();
        let len = value.chars().count();
        if len < CODE_DIGITS {
            return Err(msg::CODE_TOO_SHORT);
        }
        if len > CODE_DIGITS {
            return Err(msg::CODE_TOO_LONG);
        }
        if !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(msg::CODE_NOT_DIGITS);
        }
        Ok(VerificationCode(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Admin,
    User,
}

impl Role {
    pub const ALL: [Role; 2] = [Role::Admin, Role::User];

    /// A role's name, exactly (the inverse of [`Role::as_str`]).
    pub fn parse(value: &str) -> Option<Role> {
        Self::ALL.into_iter().find(|r| r.as_str() == value)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::User => "user",
        }
    }

    /// Unknown stored values are treated as the least privileged role.
    pub fn from_stored(value: &str) -> Self {
        if value == "admin" {
            Role::Admin
        } else {
            Role::User
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_rules_and_messages() {
        assert_eq!(Email::parse("  "), Err(msg::EMAIL_REQUIRED));
        for bad in [
            "plain",
            "a@b",
            "a@@b.com",
            "a b@c.com",
            "@x.io",
            "a@.com",
            "a@x.c",
            "a..b@x.com",
        ] {
            assert_eq!(Email::parse(bad), Err(msg::EMAIL_INVALID), "{bad}");
        }
        assert_eq!(
            Email::parse(" Alice@Example.COM ").map(Email::into_inner),
            Ok("alice@example.com".into())
        );
        assert!(Email::parse("first.last+tag@sub.example.co.uk").is_ok());
    }

    #[test]
    fn password_policy_messages() {
        let err = |p: &str| Password::parse_new(p).err();
        assert_eq!(err(""), Some(msg::PASSWORD_REQUIRED));
        assert_eq!(err("Aa1!"), Some(msg::PASSWORD_TOO_SHORT));
        assert_eq!(err("abcdef1!"), Some(msg::PASSWORD_POLICY), "no uppercase");
        assert_eq!(err("ABCDEF1!"), Some(msg::PASSWORD_POLICY), "no lowercase");
        assert_eq!(err("Abcdefg!"), Some(msg::PASSWORD_POLICY), "no digit");
        assert_eq!(err("Abcdef12"), Some(msg::PASSWORD_POLICY), "no special");
        assert_eq!(
            err("Abcd 12!"),
            Some(msg::PASSWORD_POLICY),
            "space not allowed"
        );
        assert_eq!(err("Abcd#12!"), Some(msg::PASSWORD_POLICY), "# not allowed");
        assert_eq!(
            err(&format!("Aa1!{}", "a".repeat(125))),
            Some(msg::PASSWORD_TOO_LONG)
        );
        assert_eq!(err("Abcde1@"), None);
        assert_eq!(
            format!("{:?}", Password::parse_new("Abcde1@")),
            "Ok(Password(***))"
        );
    }

    #[test]
    fn roles_parse_from_their_names_only() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("Admin"), None);
        assert_eq!(Role::parse(" user"), None);
    }

    #[test]
    fn code_messages() {
        assert_eq!(VerificationCode::parse(""), Err(msg::CODE_TOO_SHORT));
        assert_eq!(VerificationCode::parse("12345"), Err(msg::CODE_TOO_SHORT));
        assert_eq!(VerificationCode::parse("1234567"), Err(msg::CODE_TOO_LONG));
        assert_eq!(VerificationCode::parse("12a456"), Err(msg::CODE_NOT_DIGITS));
        assert!(VerificationCode::parse("012345").is_ok());
    }
}
