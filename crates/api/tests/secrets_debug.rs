//! `Debug` of what carries a password or a token (the request bodies and the parsed forms)
//! never shows it, so a stray `{:?}` in a log cannot leak one.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use api::auth::{GoogleRequest, LoginRequest, RegisterRequest};
use domain::{LoginForm, RegistrationForm};
use serde_json::json;

const PASSWORD: &str = "Hunter2!secret";
const TOKEN: &str = "eyJhbGciOiJSUzI1NiJ9.secret-token";

#[test]
fn request_bodies_hide_passwords_and_tokens() {
    let login: LoginRequest =
        serde_json::from_value(json!({ "email": "a@example.com", "password": PASSWORD })).unwrap();
    let register: RegisterRequest = serde_json::from_value(json!({
        "email": "a@example.com", "password": PASSWORD, "confirmPassword": PASSWORD,
        "code": "123456",
    }))
    .unwrap();
    let google: GoogleRequest = serde_json::from_value(json!({ "credential": TOKEN })).unwrap();

    for shown in [
        format!("{login:?}"),
        format!("{register:#?}"),
        format!("{google:?}"),
    ] {
        assert!(
            !shown.contains(PASSWORD) && !shown.contains(TOKEN),
            "{shown}"
        );
    }
    assert!(format!("{login:?}").contains("a@example.com"));
}

#[test]
fn parsed_forms_hide_passwords() {
    let login = LoginForm::parse("a@example.com", PASSWORD).unwrap();
    let register =
        RegistrationForm::parse("a@example.com", PASSWORD, PASSWORD, "123456", None).unwrap();

    for shown in [format!("{login:?}"), format!("{register:?}")] {
        assert!(!shown.contains(PASSWORD), "{shown}");
    }
}

#[test]
fn missing_fields_still_default_to_empty() {
    let login: LoginRequest = serde_json::from_value(json!({})).unwrap();
    let form = LoginForm::parse(
        &login.email,
        secrecy::ExposeSecret::expose_secret(&login.password),
    );
    assert!(form.is_err());
}
