//! The login and registration forms: every field parsed into its account value, every message
//! collected per field (docs/api.md#messages).

use crate::account::{Email, Password, VerificationCode};
use crate::account_forms::new_password_pair;
use crate::messages as msg;
use crate::validation::FieldErrors;

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
                password: Password::as_typed(password),
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
        let password = new_password_pair(&mut errors, "password", password, confirm_password);
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
