//! The configuration read from settings as a whole: defaults, errors naming the key, secrets kept
//! out of `Debug`, the file under the environment and the local checkout's refusal; `access` holds
//! the trusted proxies and operators' second factor, `keys` the rules on the keys' names (one
//! prefix, the old names of renamed keys).

use super::source::read_file;
use super::*;

mod access;
pub(super) mod keys;
mod sla;

fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
    Config::from_source(&Source::from_pairs(pairs))
}

#[test]
fn defaults_are_the_embedded_setup() {
    let c = config(&[]).unwrap();
    assert_eq!(c.addr, "127.0.0.1:8080");
    assert_eq!(c.database_url, "sqlite://./var/proxyshop.db");
    assert_eq!(c.gateway_http_addr.port(), 8000);
    assert_eq!(c.gateway_socks_addr.port(), 8001);
    assert_eq!(c.gateway_refused_ports, vec![25]);
    let ports = config(&[("PROXYSHOP_GATEWAY_REFUSED_PORTS", "25, 465,587")]).unwrap();
    assert_eq!(ports.gateway_refused_ports, vec![25, 465, 587]);
    let none = config(&[("PROXYSHOP_GATEWAY_REFUSED_PORTS", "none")]).unwrap();
    assert!(none.gateway_refused_ports.is_empty());
    assert!(
        c.cors_origins
            .contains(&"http://localhost:5173".to_string())
    );
    assert!(
        !c.local_checkout,
        "the local checkout is an explicit choice"
    );
    assert_eq!(c.referral_cap_cents, 5_000);
    assert_eq!((c.trial_mb, c.trial_per_ip_per_day), (100, 3));
    let c = config(&[
        ("PROXYSHOP_REFERRAL_CAP", "12.5"),
        ("PROXYSHOP_TRIAL_MB", "0"),
        ("PROXYSHOP_TRIAL_PER_IP_PER_DAY", "7"),
    ])
    .unwrap();
    assert_eq!(c.referral_cap_cents, 1_250);
    assert_eq!((c.trial_mb, c.trial_per_ip_per_day), (0, 7));
    assert_eq!(
        config(&[("PROXYSHOP_TRIAL_PER_IP_PER_DAY", "0")])
            .unwrap_err()
            .key,
        "PROXYSHOP_TRIAL_PER_IP_PER_DAY"
    );
    assert_eq!(c.check_url, upstream::DEFAULT_CHECK_URL);
    assert_eq!(c.check_timeout, Duration::from_secs(10));
    let check = config(&[
        ("PROXYSHOP_CHECK_URL", "https://echo.example/ip"),
        ("PROXYSHOP_CHECK_TIMEOUT_SECS", "3"),
    ])
    .unwrap();
    assert_eq!(
        (check.check_url.as_str(), check.check_timeout),
        ("https://echo.example/ip", Duration::from_secs(3))
    );
    for (k, v) in [
        ("PROXYSHOP_CHECK_URL", "ftp://echo.example/"),
        ("PROXYSHOP_CHECK_URL", "api.ipify.org"),
        ("PROXYSHOP_CHECK_URL", "http://user:pw@echo.example/"),
        ("PROXYSHOP_CHECK_TIMEOUT_SECS", "0"),
        ("PROXYSHOP_CHECK_TIMEOUT_SECS", "61"),
    ] {
        assert_eq!(config(&[(k, v)]).unwrap_err().key, k, "{k}={v}");
    }
    assert_eq!(
        config(&[("PROXYSHOP_DATA_DIR", "/d")])
            .unwrap()
            .database_url,
        "sqlite:///d/proxyshop.db"
    );
}

#[test]
fn the_dev_origins_are_allowed_by_default_only_for_a_loopback_site() {
    let dev = vec![
        "http://localhost:5173".to_string(),
        "http://127.0.0.1:5173".to_string(),
    ];
    for loopback in [
        vec![],
        vec![("PROXYSHOP_PUBLIC_URL", "http://localhost:8080")],
        vec![("PROXYSHOP_PUBLIC_URL", "http://127.0.0.1:8080/")],
        vec![("PROXYSHOP_PUBLIC_URL", "http://[::1]:8080")],
        vec![("PROXYSHOP_ADDR", "[::1]:8080")],
    ] {
        assert_eq!(config(&loopback).unwrap().cors_origins, dev, "{loopback:?}");
    }
    for public in [
        vec![("PROXYSHOP_PUBLIC_URL", "https://shop.example")],
        vec![("PROXYSHOP_PUBLIC_URL", "https://localhost.shop.example")],
        vec![("PROXYSHOP_PUBLIC_URL", "http://10.0.0.5:8080")],
        vec![("PROXYSHOP_ADDR", "0.0.0.0:8080")],
    ] {
        assert!(
            config(&public).unwrap().cors_origins.is_empty(),
            "{public:?}"
        );
    }
    // An explicit list always wins.
    let c = config(&[
        ("PROXYSHOP_PUBLIC_URL", "https://shop.example"),
        ("PROXYSHOP_CORS_ORIGINS", "http://localhost:5173"),
    ])
    .unwrap();
    assert_eq!(c.cors_origins, ["http://localhost:5173"]);
}

#[test]
fn debug_shows_no_secret() {
    let c = config(&[
        (
            "PROXYSHOP_SESSION_SECRET",
            "session-secret-0123456789abcdef0123456789",
        ),
        (
            "PROXYSHOP_SMTP_URL",
            "smtp://mailer:smtp-pass-42@mail.example:587",
        ),
        ("PROXYSHOP_CRYPTOMUS_MERCHANT_ID", "merchant-1"),
        ("PROXYSHOP_CRYPTOMUS_API_KEY", "cryptomus-key-77"),
        ("PROXYSHOP_IPROYAL_API_TOKEN", "iproyal-token-5"),
        ("PROXYSHOP_IPROYAL_PROXY_USERNAME", "iproyal-user"),
        ("PROXYSHOP_IPROYAL_PROXY_PASSWORD", "iproyal-pool-pass-8"),
        ("PROXYSHOP_PROXYSELLER_API_KEY", "proxyseller-key-6"),
    ])
    .unwrap();
    let shown = format!("{c:?} {:#?}", c.cryptomus);
    for secret in [
        "session-secret-0123",
        "smtp-pass-42",
        "cryptomus-key-77",
        "iproyal-token-5",
        "iproyal-pool-pass-8",
        "proxyseller-key-6",
    ] {
        assert!(!shown.contains(secret), "{secret} in {shown}");
    }
    assert!(shown.contains("merchant-1"), "{shown}");
}

#[test]
fn errors_name_the_bad_key() {
    let key = |pairs: &[(&str, &str)]| config(pairs).unwrap_err().key;
    assert_eq!(key(&[("PROXYSHOP_ADDR", "nowhere")]), "PROXYSHOP_ADDR");
    assert_eq!(
        key(&[("PROXYSHOP_DATABASE_URL", "mysql://x")]),
        "PROXYSHOP_DATABASE_URL"
    );
    assert_eq!(
        key(&[("PROXYSHOP_PUBLIC_URL", "shop.example")]),
        "PROXYSHOP_PUBLIC_URL"
    );
    assert_eq!(
        key(&[("PROXYSHOP_SESSION_SECRET", "short")]),
        "PROXYSHOP_SESSION_SECRET"
    );
    assert_eq!(
        key(&[("PROXYSHOP_GATEWAY_SOCKS_ADDR", "1.2.3.4")]),
        "PROXYSHOP_GATEWAY_SOCKS_ADDR"
    );
    assert_eq!(
        key(&[("PROXYSHOP_SMTP_URL", "http://x")]),
        "PROXYSHOP_SMTP_URL"
    );
    assert_eq!(
        key(&[("PROXYSHOP_GATEWAY_REFUSED_PORTS", "25,smtp")]),
        "PROXYSHOP_GATEWAY_REFUSED_PORTS"
    );
    assert_eq!(
        key(&[("PROXYSHOP_CORS_ORIGINS", "localhost:5173")]),
        "PROXYSHOP_CORS_ORIGINS"
    );
    assert_eq!(
        key(&[("PROXYSHOP_TRUST_FORWARDED_FOR", "maybe")]),
        "PROXYSHOP_TRUST_FORWARDED_FOR"
    );
    for (k, v) in [
        ("PROXYSHOP_REFERRAL_CAP", "-1"),
        ("PROXYSHOP_REFERRAL_CAP", "fifty"),
        ("PROXYSHOP_TRIAL_MB", "-5"),
        ("PROXYSHOP_TRIAL_MB", "1.5"),
        ("PROXYSHOP_TRIAL_PER_IP_PER_DAY", "many"),
    ] {
        assert_eq!(key(&[(k, v)]), k, "{k}={v}");
    }
    let msg = config(&[("PROXYSHOP_ADDR", "nowhere")])
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("PROXYSHOP_ADDR") && msg.contains("nowhere"),
        "{msg}"
    );
}

#[test]
fn file_values_apply_and_environment_wins() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("proxyshop.toml");
    std::fs::write(
        &path,
        "PROXYSHOP_ADDR = \"127.0.0.1:9999\"\nPROXYSHOP_GATEWAY_HTTP_ADDR = \"127.0.0.1:7000\"\n",
    )
    .unwrap();
    let mut values = read_file(&path).unwrap();
    values.insert("PROXYSHOP_ADDR".into(), "127.0.0.1:1234".into());
    let c = Config::from_source(&Source::from_map(values)).unwrap();
    assert_eq!(c.addr, "127.0.0.1:1234");
    assert_eq!(c.gateway_http_addr.port(), 7000);
}

#[test]
fn the_local_checkout_runs_only_when_chosen_on_a_local_shop() {
    let on = ("PROXYSHOP_LOCAL_CHECKOUT", "true");
    assert!(!config(&[]).unwrap().local_checkout);
    assert!(config(&[on]).unwrap().local_checkout);
    assert!(
        config(&[on, ("PROXYSHOP_PUBLIC_URL", "http://localhost:5173")])
            .unwrap()
            .local_checkout
    );
    for refused in [
        vec![on, ("PROXYSHOP_PUBLIC_URL", "https://shop.example")],
        vec![on, ("PROXYSHOP_PUBLIC_URL", "http://10.1.2.3:8080")],
        // Browsers read this as shop.example, whatever a naive split says.
        vec![
            on,
            ("PROXYSHOP_PUBLIC_URL", "https://shop.example\\@localhost"),
        ],
        vec![on, ("PROXYSHOP_ADDR", "0.0.0.0:8080")],
        vec![
            on,
            ("PROXYSHOP_ADDR", "0.0.0.0:8080"),
            ("PROXYSHOP_PUBLIC_URL", "http://localhost:8080"),
        ],
        vec![
            on,
            ("PROXYSHOP_CRYPTOMUS_MERCHANT_ID", "m"),
            ("PROXYSHOP_CRYPTOMUS_API_KEY", "secret-1"),
        ],
        vec![
            on,
            ("PROXYSHOP_IPROYAL_API_TOKEN", "secret-1"),
            ("PROXYSHOP_IPROYAL_PROXY_USERNAME", "u"),
            ("PROXYSHOP_IPROYAL_PROXY_PASSWORD", "secret-1"),
        ],
        vec![on, ("PROXYSHOP_PROXYSELLER_API_KEY", "secret-1")],
    ] {
        let err = config(&refused).unwrap_err();
        assert_eq!(err.key, LOCAL_CHECKOUT_KEY, "{refused:?}");
        let text = err.to_string();
        assert!(text.contains(LOCAL_CHECKOUT_KEY), "{text}");
        assert!(!text.contains("secret-1"), "no key values: {text}");
    }
    for malformed in [
        "http://[::1]shop.example",
        "http://user@localhost",
        "http://",
    ] {
        let err = config(&[on, ("PROXYSHOP_PUBLIC_URL", malformed)]).unwrap_err();
        assert_eq!(err.key, "PROXYSHOP_PUBLIC_URL", "{malformed}");
    }
    // Not chosen: a public shop without Cryptomus starts, with top-ups off.
    assert!(config(&[("PROXYSHOP_PUBLIC_URL", "https://shop.example")]).is_ok());
    assert_eq!(
        config(&[("PROXYSHOP_LOCAL_CHECKOUT", "perhaps")])
            .unwrap_err()
            .key,
        LOCAL_CHECKOUT_KEY
    );
}

#[test]
fn sign_up_codes_per_address_default_to_ten_and_refuse_zero_or_junk() {
    assert_eq!(config(&[]).unwrap().code_requests_per_ip, 10);
    let raised = config(&[("PROXYSHOP_CODE_REQUESTS_PER_IP", "1000")]).unwrap();
    assert_eq!(raised.code_requests_per_ip, 1000);
    for junk in ["0", "-1", "ten", "1.5"] {
        let Err(err) = config(&[("PROXYSHOP_CODE_REQUESTS_PER_IP", junk)]) else {
            panic!("{junk:?} accepted");
        };
        assert_eq!(err.key, "PROXYSHOP_CODE_REQUESTS_PER_IP", "{junk:?}");
    }
}

#[test]
fn sign_ups_per_network_default_to_twenty_and_refuse_zero_or_junk() {
    assert_eq!(config(&[]).unwrap().register_per_ip, 20);
    let raised = config(&[("PROXYSHOP_REGISTER_PER_IP", "1000")]).unwrap();
    assert_eq!(raised.register_per_ip, 1000);
    for junk in ["0", "-1", "twenty", "1.5"] {
        let Err(err) = config(&[("PROXYSHOP_REGISTER_PER_IP", junk)]) else {
            panic!("{junk:?} accepted");
        };
        assert_eq!(err.key, "PROXYSHOP_REGISTER_PER_IP", "{junk:?}");
    }
}

#[test]
fn password_hashing_stays_on_idle_cores_unless_asked() {
    assert!(!config(&[]).unwrap().password_hashing_normal_priority);
    let key = "PROXYSHOP_PASSWORD_HASHING_NORMAL_PRIORITY";
    assert!(
        config(&[(key, "true")])
            .unwrap()
            .password_hashing_normal_priority
    );
    let err = config(&[(key, "sometimes")]).unwrap_err().to_string();
    assert!(err.contains(key), "{err}");
}

#[test]
fn operations_settings_have_defaults_and_name_their_key() {
    let c = config(&[]).unwrap();
    assert_eq!(c.reconcile_every, Some(std::time::Duration::from_secs(900)));
    assert_eq!(c.metrics_addr, Some("127.0.0.1:9898".parse().unwrap()));
    assert!(!c.metrics_addr_chosen);
    assert_eq!(c.log_format, LogFormat::Text);
    assert_eq!(c.shutdown_grace, std::time::Duration::ZERO);
    assert_eq!((c.usage_records_days, c.usage_hourly_days), (7, 90));
    assert_eq!(c.auto_topup_window, std::time::Duration::from_secs(3600));
    let c = config(&[("PROXYSHOP_AUTO_TOPUP_WINDOW_SECS", "60")]).unwrap();
    assert_eq!(c.auto_topup_window, std::time::Duration::from_secs(60));
    let err = config(&[("PROXYSHOP_AUTO_TOPUP_WINDOW_SECS", "59")]).unwrap_err();
    assert!(
        err.to_string().contains("PROXYSHOP_AUTO_TOPUP_WINDOW_SECS"),
        "{err}"
    );
    let c = config(&[
        ("PROXYSHOP_USAGE_RECORDS_DAYS", "3650"),
        ("PROXYSHOP_USAGE_HOURLY_DAYS", "1"),
    ])
    .unwrap();
    assert_eq!((c.usage_records_days, c.usage_hourly_days), (3650, 1));
    let old = config(&[("PROXYSHOP_USAGE_RETENTION_DAYS", "30")]).unwrap();
    assert_eq!(old.usage_records_days, 30, "the old name is still read");
    let c = config(&[("PROXYSHOP_SHUTDOWN_GRACE_SECS", "300")]).unwrap();
    assert_eq!(c.shutdown_grace, std::time::Duration::from_secs(300));
    let c = config(&[
        ("PROXYSHOP_RECONCILE_INTERVAL_SECS", "0"),
        ("PROXYSHOP_METRICS_ADDR", "off"),
        ("PROXYSHOP_LOG_FORMAT", "json"),
    ])
    .unwrap();
    assert_eq!(c.reconcile_every, None);
    assert_eq!(c.metrics_addr, None);
    assert_eq!(c.log_format, LogFormat::Json);
    let c = config(&[("PROXYSHOP_METRICS_ADDR", "10.0.0.5:9100")]).unwrap();
    assert_eq!(c.metrics_addr, Some("10.0.0.5:9100".parse().unwrap()));
    assert!(c.metrics_addr_chosen);
    for (key, value) in [
        ("PROXYSHOP_RECONCILE_INTERVAL_SECS", "-5"),
        ("PROXYSHOP_METRICS_ADDR", "loopback"),
        ("PROXYSHOP_LOG_FORMAT", "xml"),
        ("PROXYSHOP_SHUTDOWN_GRACE_SECS", "301"),
        ("PROXYSHOP_SHUTDOWN_GRACE_SECS", "-1"),
        ("PROXYSHOP_SHUTDOWN_GRACE_SECS", "5s"),
        ("PROXYSHOP_USAGE_RECORDS_DAYS", "0"),
        ("PROXYSHOP_USAGE_RECORDS_DAYS", "3651"),
        ("PROXYSHOP_USAGE_RETENTION_DAYS", "a month"),
        ("PROXYSHOP_USAGE_HOURLY_DAYS", "0"),
        ("PROXYSHOP_USAGE_HOURLY_DAYS", "3651"),
    ] {
        let err = config(&[(key, value)]).unwrap_err();
        assert_eq!(err.key, key, "{err}");
    }
}

#[test]
fn the_sign_in_delay_defaults_to_a_second_and_may_be_off() {
    assert_eq!(
        config(&[]).unwrap().login_delay_unit,
        Duration::from_secs(1)
    );
    let off = config(&[("PROXYSHOP_LOGIN_DELAY_MS", "0")]).unwrap();
    assert_eq!(off.login_delay_unit, Duration::ZERO);
    for junk in ["10001", "-1", "fast"] {
        let Err(err) = config(&[("PROXYSHOP_LOGIN_DELAY_MS", junk)]) else {
            panic!("{junk:?} accepted");
        };
        assert!(
            err.to_string().contains("PROXYSHOP_LOGIN_DELAY_MS"),
            "{err}"
        );
    }
}

#[test]
fn payouts_take_a_minimum_and_the_payout_key_beside_the_payment_keys() {
    let c = config(&[]).unwrap();
    assert_eq!(
        (c.payout_min_cents, c.cryptomus_payout_key.is_none()),
        (2000, true)
    );
    assert_eq!(
        config(&[("PROXYSHOP_PAYOUT_MIN", "5.5")])
            .unwrap()
            .payout_min_cents,
        550
    );
    let zero = config(&[("PROXYSHOP_PAYOUT_MIN", "0")]).unwrap_err();
    assert_eq!(zero.key, "PROXYSHOP_PAYOUT_MIN");
    let alone = config(&[("PROXYSHOP_CRYPTOMUS_PAYOUT_KEY", "payout-key-9")]).unwrap_err();
    assert_eq!(alone.key, "PROXYSHOP_CRYPTOMUS_PAYOUT_KEY");
    assert!(
        alone.reason.contains("PROXYSHOP_CRYPTOMUS_MERCHANT_ID"),
        "{alone}"
    );
    let c = config(&[
        ("PROXYSHOP_CRYPTOMUS_MERCHANT_ID", "merchant-1"),
        ("PROXYSHOP_CRYPTOMUS_API_KEY", "payment-key-7"),
        ("PROXYSHOP_CRYPTOMUS_PAYOUT_KEY", "payout-key-9"),
    ])
    .unwrap();
    assert!(c.cryptomus_payout_key.is_some());
    assert!(
        !format!("{c:?}").contains("payout-key-9"),
        "the key stays secret"
    );
}
