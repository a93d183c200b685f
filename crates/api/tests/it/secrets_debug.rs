//! `Debug` of what carries a password or a token (the request bodies, the parsed forms, the
//! stored accounts and credentials, the providers' accounts and proxies) never shows it, so a stray `{:?}` in a log cannot leak one.

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

#[test]
fn stored_accounts_and_credentials_hide_passwords() {
    let hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$secret-hash";
    let row = persistence::users::UserRow {
        id: domain::UserId::new(7),
        email: "a@example.com".into(),
        password_hash: Some(hash.into()),
        google_sub: None,
        name: "A".into(),
        phone: None,
        avatar_url: None,
        role: "user".into(),
        balance_cents: domain::Cents::ZERO,
        ref_code: "r".into(),
        referred_by: None,
        proxy_username: "u7abc".into(),
        proxy_password: PASSWORD.into(),
        disabled: false,
        created_at: 0,
        updated_at: 0,
        subuser_id: None,
        reseller_id: None,
        suspended: false,
        client_note: None,
    };
    let new = persistence::users::NewUser {
        email: "a@example.com",
        password_hash: Some(hash),
        google_sub: None,
        name: "A",
        avatar_url: None,
        role: "user",
        ref_code: "r",
        referred_by: None,
        proxy_username: "u7abc",
        proxy_password: PASSWORD,
        created_at: 0,
        updated_at: 0,
    };
    let proxy_user = persistence::traffic::ProxyUser {
        id: domain::UserId::new(7),
        proxy_password: PASSWORD.into(),
        disabled: false,
        max_connections: None,
    };
    let piece = persistence::piece_credentials::PieceCredential {
        id: 1,
        user_id: domain::UserId::new(7),
        kind: domain::ProxyKind::Static,
        password: PASSWORD.into(),
        expires_at: 0,
        disabled: false,
        holder_disabled: false,
    };
    let delivered = upstream::DeliveredProxy {
        upstream_id: "1".into(),
        host: "203.0.113.1".into(),
        port: 8080,
        username: "login".into(),
        password: PASSWORD.into(),
        country: None,
    };
    for shown in [
        format!("{row:?}"),
        format!("{new:?}"),
        format!("{proxy_user:?}"),
        format!("{piece:?}"),
        format!("{delivered:?}"),
    ] {
        assert!(
            !shown.contains(PASSWORD) && !shown.contains("secret-hash"),
            "{shown}"
        );
    }
    assert!(format!("{row:?}").contains("u7abc"));
}
