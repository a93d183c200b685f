//! The account settings forms (profile, password change, forgotten-password reset, email
//! change): every field parsed, every message collected per field (docs/account.md).

use crate::account::{Email, Password, VerificationCode};
use crate::messages as msg;
use crate::rules::{Controls, TrimmedText};
use crate::validation::FieldErrors;

/// The profile's name: 1–80 characters once trimmed, no control characters.
pub const PROFILE_NAME: TrimmedText = TrimmedText {
    min_chars: 1,
    max_chars: 80,
    controls: Controls::None,
};

/// How many digits a phone number has after its `+` (E.164).
pub const PHONE_DIGITS: std::ops::RangeInclusive<usize> = 7..=15;

/// Checks a new password and its confirmation under the registration policy and messages;
/// records the errors under `field` and `confirmPassword`. Registration uses it too.
pub fn new_password_pair(
    errors: &mut FieldErrors,
    field: &'static str,
    password: &str,
    confirm: &str,
) -> Option<Password> {
    let parsed = errors.take(field, Password::parse_new(password));
    let confirm_ok = Password::check_policy(confirm, msg::CONFIRM_REQUIRED);
    if let Some(ref p) = parsed
        && confirm_ok.is_ok()
        && p.expose() != confirm
    {
        errors.add("confirmPassword", msg::PASSWORDS_DO_NOT_MATCH);
    }
    errors.take("confirmPassword", confirm_ok);
    parsed
}

/// `PATCH /api/user/profile`: a trimmed name of 1–80 characters and an optional phone number in
/// E.164 (`+` and 7–15 digits); an empty phone clears it.
#[derive(Debug, PartialEq, Eq)]
pub struct ProfileForm {
    pub name: String,
    pub phone: Option<String>,
}

impl ProfileForm {
    pub fn parse(name: &str, phone: Option<&str>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = name.trim();
        if !PROFILE_NAME.allows(name) {
            errors.add("name", msg::NAME_INVALID);
        }
        let phone = phone.map(str::trim).filter(|p| !p.is_empty());
        if let Some(p) = phone
            && !is_e164(p)
        {
            errors.add("phone", msg::PHONE_INVALID);
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(ProfileForm {
            name: name.to_owned(),
            phone: phone.map(str::to_owned),
        })
    }
}

/// `+` then 7 to 15 digits, the first not 0.
fn is_e164(phone: &str) -> bool {
    let Some(digits) = phone.strip_prefix('+') else {
        return false;
    };
    PHONE_DIGITS.contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.starts_with('0')
}

/// [`is_e164`] as a pattern (ECMA-262 and Python, for the API's document), without anchors.
pub fn phone_pattern() -> String {
    let (min, max) = (PHONE_DIGITS.start() - 1, PHONE_DIGITS.end() - 1);
    format!(r"\+[1-9][0-9]{{{min},{max}}}")
}

/// `POST /api/user/password`: the new password under the registration policy. The current one
/// is only checked for presence here (whether it is needed depends on the account).
#[derive(Debug)]
pub struct PasswordChangeForm {
    pub current: Option<Password>,
    pub new_password: Password,
}

impl PasswordChangeForm {
    pub fn parse(current: &str, new_password: &str, confirm: &str) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let new_password = new_password_pair(&mut errors, "newPassword", new_password, confirm);
        match new_password {
            Some(new_password) if errors.is_empty() => Ok(PasswordChangeForm {
                current: (!current.is_empty()).then(|| Password::as_typed(current)),
                new_password,
            }),
            _ => Err(errors),
        }
    }
}

/// `POST /api/password/reset`: the account's email, the mailed code and the new password.
#[derive(Debug)]
pub struct PasswordResetForm {
    pub email: Email,
    pub code: VerificationCode,
    pub password: Password,
}

impl PasswordResetForm {
    pub fn parse(
        email: &str,
        code: &str,
        password: &str,
        confirm: &str,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = errors.take("email", Email::parse(email));
        let code = errors.take("code", VerificationCode::parse(code));
        let password = new_password_pair(&mut errors, "password", password, confirm);
        match (email, code, password) {
            (Some(email), Some(code), Some(password)) if errors.is_empty() => {
                Ok(PasswordResetForm {
                    email,
                    code,
                    password,
                })
            }
            _ => Err(errors),
        }
    }
}

/// `POST /api/subuser-invitations/accept`: a sub-user sign-in's email, the token of its
/// invitation link and its first password (the registration policy).
#[derive(Debug)]
pub struct InvitationForm {
    pub email: Email,
    pub token: String,
    pub password: Password,
}

/// An invitation token: the random letters and digits of the link (`random::alphanumeric`).
pub const INVITATION_TOKEN_CHARS: usize = 32;

impl InvitationForm {
    pub fn parse(
        email: &str,
        token: &str,
        password: &str,
        confirm: &str,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = errors.take("email", Email::parse(email));
        let token = token.trim();
        let token_ok = token.len() == INVITATION_TOKEN_CHARS
            && token.bytes().all(|b| b.is_ascii_alphanumeric());
        if !token_ok {
            errors.add("token", msg::INVITATION_INVALID);
        }
        let password = new_password_pair(&mut errors, "password", password, confirm);
        match (email, password) {
            (Some(email), Some(password)) if errors.is_empty() => Ok(InvitationForm {
                email,
                token: token.to_owned(),
                password,
            }),
            _ => Err(errors),
        }
    }
}

/// `POST /api/user/email`: the new address and the password as typed (checked by the server
/// only when the account has one).
#[derive(Debug)]
pub struct EmailChangeForm {
    pub new_email: Email,
    pub password: Option<Password>,
}

impl EmailChangeForm {
    pub fn parse(new_email: &str, password: &str) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        match errors.take("newEmail", Email::parse(new_email)) {
            Some(new_email) => Ok(EmailChangeForm {
                new_email,
                password: (!password.is_empty()).then(|| Password::as_typed(password)),
            }),
            None => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_name_and_phone_rules() {
        let ok = ProfileForm::parse("  Ada Lovelace ", Some(" +14155550123 ")).unwrap();
        assert_eq!(ok.name, "Ada Lovelace");
        assert_eq!(ok.phone.as_deref(), Some("+14155550123"));
        assert_eq!(ProfileForm::parse("Ada", Some("")).unwrap().phone, None);
        assert_eq!(ProfileForm::parse("Ada", None).unwrap().phone, None);
        assert!(ProfileForm::parse(&"é".repeat(80), None).is_ok());
        for name in ["", "   ", &"a".repeat(81), "a\u{0}b"] {
            let errors = ProfileForm::parse(name, None).unwrap_err();
            assert_eq!(errors.get("name"), Some(msg::NAME_INVALID), "{name:?}");
        }
        for phone in [
            "14155550123",
            "+123456",
            "+1234567890123456",
            "+1415 555",
            "+0123456789",
        ] {
            let errors = ProfileForm::parse("Ada", Some(phone)).unwrap_err();
            assert_eq!(errors.get("phone"), Some(msg::PHONE_INVALID), "{phone}");
        }
        assert!(ProfileForm::parse("Ada", Some("+1234567")).is_ok());
        assert!(ProfileForm::parse("Ada", Some("+123456789012345")).is_ok());
    }

    #[test]
    fn password_change_uses_the_registration_policy() {
        let errors = PasswordChangeForm::parse("old", "", "").unwrap_err();
        assert_eq!(errors.get("newPassword"), Some(msg::PASSWORD_REQUIRED));
        assert_eq!(errors.get("confirmPassword"), Some(msg::CONFIRM_REQUIRED));
        let errors = PasswordChangeForm::parse("old", "Secret1!", "Secret2!").unwrap_err();
        assert_eq!(
            errors.get("confirmPassword"),
            Some(msg::PASSWORDS_DO_NOT_MATCH)
        );
        let errors = PasswordChangeForm::parse("old", "weak", "weak").unwrap_err();
        assert_eq!(errors.get("newPassword"), Some(msg::PASSWORD_TOO_SHORT));
        let ok = PasswordChangeForm::parse("", "Secret1!", "Secret1!").unwrap();
        assert!(ok.current.is_none());
    }

    #[test]
    fn reset_collects_every_field_message() {
        let errors = PasswordResetForm::parse("", "", "", "").unwrap_err();
        assert_eq!(errors.get("email"), Some(msg::EMAIL_REQUIRED));
        assert_eq!(errors.get("code"), Some(msg::CODE_TOO_SHORT));
        assert_eq!(errors.get("password"), Some(msg::PASSWORD_REQUIRED));
        assert_eq!(errors.get("confirmPassword"), Some(msg::CONFIRM_REQUIRED));
        assert!(PasswordResetForm::parse("a@b.co", "123456", "Secret1!", "Secret1!").is_ok());
    }

    #[test]
    fn email_change_parses_the_new_address() {
        let errors = EmailChangeForm::parse("nope", "x").unwrap_err();
        assert_eq!(errors.get("newEmail"), Some(msg::EMAIL_INVALID));
        let ok = EmailChangeForm::parse(" New@Example.com ", "").unwrap();
        assert_eq!(ok.new_email.as_str(), "new@example.com");
        assert!(ok.password.is_none());
    }

    #[test]
    fn an_invitation_needs_its_token_and_a_policy_password() {
        let token = "a".repeat(INVITATION_TOKEN_CHARS);
        let errors = InvitationForm::parse("", "short", "weak", "weak").unwrap_err();
        assert_eq!(errors.get("email"), Some(msg::EMAIL_REQUIRED));
        assert_eq!(errors.get("token"), Some(msg::INVITATION_INVALID));
        assert_eq!(errors.get("password"), Some(msg::PASSWORD_TOO_SHORT));
        let bad = format!("{}!", &token[1..]);
        let errors = InvitationForm::parse("a@b.co", &bad, "Secret1!", "Secret1!").unwrap_err();
        assert_eq!(errors.get("token"), Some(msg::INVITATION_INVALID));
        let errors = InvitationForm::parse("a@b.co", &token, "Secret1!", "Secret2!").unwrap_err();
        assert_eq!(
            errors.get("confirmPassword"),
            Some(msg::PASSWORDS_DO_NOT_MATCH)
        );
        let ok = InvitationForm::parse(" A@B.co ", &format!(" {token} "), "Secret1!", "Secret1!")
            .unwrap();
        assert_eq!(
            (ok.email.as_str(), ok.token.as_str()),
            ("a@b.co", token.as_str())
        );
    }
}
