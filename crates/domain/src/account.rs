//! Accounts: email, password policy, verification codes, roles, and the login and registration
//! forms with every rule and message (docs/api.md#messages).

use crate::messages as msg;
use crate::validation::FieldErrors;
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
        if value.len() > 254 || !looks_like_email(value) {
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

/// local@domain.tld with no spaces, one `@`, a dot in the domain and no empty labels.
fn looks_like_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    let allowed_local = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c);
    let allowed_domain = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '.';
    !local.is_empty()
        && local.len() <= 64
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

const PASSWORD_SPECIALS: &str = "@$!%*?&";
const PASSWORD_MIN: usize = 6;
const PASSWORD_MAX: usize = 128;

/// A password that satisfies the registration policy. Deliberately not `Debug`-printable.
#[derive(Clone)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    /// The policy for new passwords: 6 to 128 characters, an upper- and a lower-case letter, a
    /// digit and one of `@$!%*?&`, nothing else.
    pub fn parse_new(raw: &str) -> Result<Self, &'static str> {
        Self::check_policy(raw, msg::PASSWORD_REQUIRED).map(|()| Password(raw.to_owned()))
    }

    fn check_policy(raw: &str, required: &'static str) -> Result<(), &'static str> {
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

/// A six-digit email verification code as typed by the customer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerificationCode(String);

impl VerificationCode {
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let value = raw.trim();
        let len = value.chars().count();
        if len < 6 {
            return Err(msg::CODE_TOO_SHORT);
        }
        if len > 6 {
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

/// A login attempt. Only presence and email shape are checked: the policy is for new passwords.
/// The password is a [`Password`], so `Debug` never shows it.
#[derive(Debug)]
pub struct LoginForm {
    pub email: Email,
    pub password: Password,
}

impl LoginForm {
    pub fn parse(email: &str, password: &str) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = errors.take("email", Email::parse(email));
        if password.is_empty() {
            errors.add("password", msg::PASSWORD_REQUIRED);
        }
        match email {
            Some(email) if errors.is_empty() => Ok(LoginForm {
                email,
                password: Password(password.to_owned()),
            }),
            _ => Err(errors),
        }
    }
}

/// A complete, valid registration form.
#[derive(Debug)]
pub struct RegistrationForm {
    pub email: Email,
    pub password: Password,
    pub code: VerificationCode,
    pub ref_code: Option<String>,
}

impl RegistrationForm {
    pub fn parse(
        email: &str,
        password: &str,
        confirm_password: &str,
        code: &str,
        ref_code: Option<&str>,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = errors.take("email", Email::parse(email));
        let password = errors.take("password", Password::parse_new(password));
        let confirm = Password::check_policy(confirm_password, msg::CONFIRM_REQUIRED);
        if let Some(ref password) = password
            && confirm.is_ok()
            && password.expose() != confirm_password
        {
            errors.add("confirmPassword", msg::PASSWORDS_DO_NOT_MATCH);
        }
        errors.take("confirmPassword", confirm);
        let code = errors.take("code", VerificationCode::parse(code));
        let ref_code = ref_code
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(str::to_uppercase);
        match (email, password, code) {
            (Some(email), Some(password), Some(code)) if errors.is_empty() => {
                Ok(RegistrationForm {
                    email,
                    password,
                    code,
                    ref_code,
                })
            }
            _ => Err(errors),
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
    fn code_messages() {
        assert_eq!(VerificationCode::parse(""), Err(msg::CODE_TOO_SHORT));
        assert_eq!(VerificationCode::parse("12345"), Err(msg::CODE_TOO_SHORT));
        assert_eq!(VerificationCode::parse("1234567"), Err(msg::CODE_TOO_LONG));
        assert_eq!(VerificationCode::parse("12a456"), Err(msg::CODE_NOT_DIGITS));
        assert!(VerificationCode::parse("012345").is_ok());
    }

    #[test]
    fn registration_collects_every_field_message() {
        let errors = RegistrationForm::parse("", "", "", "", None).unwrap_err();
        assert_eq!(errors.get("email"), Some(msg::EMAIL_REQUIRED));
        assert_eq!(errors.get("password"), Some(msg::PASSWORD_REQUIRED));
        assert_eq!(errors.get("confirmPassword"), Some(msg::CONFIRM_REQUIRED));
        assert_eq!(errors.get("code"), Some(msg::CODE_TOO_SHORT));
    }

    #[test]
    fn registration_confirm_rules() {
        let parse = |c: &str| RegistrationForm::parse("a@b.co", "Secret1!", c, "123456", None);
        assert_eq!(
            parse("short").unwrap_err().get("confirmPassword"),
            Some(msg::PASSWORD_TOO_SHORT)
        );
        assert_eq!(
            parse("Secret2!").unwrap_err().get("confirmPassword"),
            Some(msg::PASSWORDS_DO_NOT_MATCH)
        );
        let ok = RegistrationForm::parse("a@b.co", "Secret1!", "Secret1!", "123456", Some(" abc "))
            .unwrap();
        assert_eq!(ok.ref_code.as_deref(), Some("ABC"));
        assert_eq!(
            RegistrationForm::parse("a@b.co", "Secret1!", "Secret1!", "123456", Some(""))
                .unwrap()
                .ref_code,
            None
        );
    }

    #[test]
    fn login_requires_both_fields() {
        let errors = LoginForm::parse("nope", "").unwrap_err();
        assert_eq!(errors.get("email"), Some(msg::EMAIL_INVALID));
        assert_eq!(errors.get("password"), Some(msg::PASSWORD_REQUIRED));
        assert!(LoginForm::parse("a@b.co", "x").is_ok());
    }
}
