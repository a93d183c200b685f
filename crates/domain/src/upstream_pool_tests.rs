use super::*;
use crate::credential_template::CredentialTemplate;

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn field_rules_accept_and_refuse() {
    assert_eq!(pool_name("  Decodo US  ").as_deref(), Ok("Decodo US"));
    assert_eq!(pool_name(" "), Err(POOL_NAME_INVALID));
    assert_eq!(pool_name(&"x".repeat(81)), Err(POOL_NAME_INVALID));

    assert_eq!(
        pool_kinds(&strings(&["budget", "premium"])),
        Ok(vec![ProxyKind::Premium, ProxyKind::Budget])
    );
    for bad in [&[][..], &["static"], &["premium", "premium"], &["Premium"]] {
        assert_eq!(
            pool_kinds(&strings(bad)),
            Err(POOL_KINDS_INVALID),
            "{bad:?}"
        );
    }

    assert_eq!(pool_protocol("socks5"), Ok(PoolProtocol::Socks5));
    assert_eq!(pool_protocol("https"), Err(POOL_PROTOCOL_INVALID));

    assert_eq!(
        pool_host("Gate.Decodo.com").as_deref(),
        Ok("gate.decodo.com")
    );
    assert_eq!(pool_host("127.0.0.1").as_deref(), Ok("127.0.0.1"));
    for bad in [
        "", "a..b", "-a.com", "a_b.com", "host:80", "http://x", " a.com", "::1",
    ] {
        assert_eq!(pool_host(bad), Err(POOL_HOST_INVALID), "{bad}");
    }

    assert_eq!(pool_port(7000), Ok(7000));
    assert_eq!(pool_port(0), Err(POOL_PORT_INVALID));
    assert_eq!(pool_port(65536), Err(POOL_PORT_INVALID));

    assert_eq!(pool_username(" spaced ").as_deref(), Ok(" spaced "));
    assert_eq!(pool_password("a\nb"), Err(POOL_PASSWORD_INVALID));
    assert_eq!(pool_password(&"p".repeat(256)), Err(POOL_PASSWORD_INVALID));

    assert_eq!(pool_cost(1.75), Ok(Cents::new(175)));
    assert_eq!(pool_cost(0.0), Ok(Cents::ZERO));
    for bad in [-0.01, 1000.01, 1.005, f64::NAN] {
        assert_eq!(pool_cost(bad), Err(POOL_COST_INVALID), "{bad}");
    }

    assert_eq!(pool_weight(1000), Ok(1000));
    assert_eq!(pool_weight(0), Err(POOL_WEIGHT_INVALID));

    assert_eq!(
        pool_countries(&strings(&["us", "de"])),
        Ok(strings(&["de", "us"]))
    );
    assert_eq!(pool_countries(&[]), Ok(vec![]));
    for bad in [&["US"][..], &["usa"], &["us", "us"], &[" us"]] {
        assert_eq!(
            pool_countries(&strings(bad)),
            Err(POOL_COUNTRIES_INVALID),
            "{bad:?}"
        );
    }
}

#[test]
fn stored_lists_round_trip() {
    let kinds = vec![ProxyKind::Premium, ProxyKind::Budget];
    assert_eq!(kinds_from_text(&kinds_to_text(&kinds)), kinds);
    assert_eq!(
        countries_from_text(&countries_to_text(&[])),
        Vec::<String>::new()
    );
    assert_eq!(countries_from_text("de,us"), strings(&["de", "us"]));
}

fn route(kinds: Vec<ProxyKind>, countries: &[&str]) -> PoolRoute {
    PoolRoute {
        id: 1,
        name: "p".into(),
        kinds,
        protocol: PoolProtocol::Http,
        host: "upstream.example".into(),
        port: 8000,
        username: "shopuser".into(),
        password: "shoppass".into(),
        username_template: CredentialTemplate::parse("usernameTemplate", "{username}").unwrap(),
        password_template: CredentialTemplate::parse("passwordTemplate", "{password}").unwrap(),
        weight: 1,
        countries: strings(countries),
    }
}

#[test]
fn a_pool_serves_its_kinds_and_countries() {
    let all = route(vec![ProxyKind::Premium], &[]);
    assert!(all.serves(ProxyKind::Premium, Some("fr")) && all.serves(ProxyKind::Premium, None));
    assert!(!all.serves(ProxyKind::Budget, None));
    let us = route(vec![ProxyKind::Budget], &["us"]);
    assert!(us.serves(ProxyKind::Budget, Some("us")) && us.serves(ProxyKind::Budget, None));
    assert!(!us.serves(ProxyKind::Budget, Some("de")));
}

#[test]
fn the_debug_form_names_no_credential_or_entry_point() {
    let shown = format!("{:?}", route(vec![ProxyKind::Premium], &[]));
    for secret in ["shopuser", "shoppass", "upstream.example", "8000"] {
        assert!(!shown.contains(secret), "{shown}");
    }
}

#[test]
fn rendezvous_keeps_a_key_on_its_pool_and_never_repeats() {
    let pools = [(1, 1), (2, 3), (3, 0), (4, 2)];
    let order = rendezvous_order("ab12cd34", &pools, 3);
    assert_eq!(order.len(), 3);
    assert!(!order.contains(&2), "weight 0 is never tried");
    let mut seen = order.clone();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 3, "{order:?}");
    assert_eq!(
        rendezvous_order("ab12cd34", &pools, 3),
        order,
        "the same key, the same order"
    );
    // Removing a pool the key did not pick first leaves its first pick alone.
    let first = order[0];
    let others: Vec<(i64, u32)> = pools
        .iter()
        .enumerate()
        .filter(|(at, _)| *at != order[1])
        .map(|(_, p)| *p)
        .collect();
    let again = rendezvous_order("ab12cd34", &others, 1);
    assert_eq!(others[again[0]], pools[first]);
    assert!(rendezvous_order("k", &[], 3).is_empty());
}

#[test]
fn rendezvous_shares_first_picks_by_weight() {
    let pools = [(10, 1), (20, 3)];
    let heavy = (0..4000)
        .filter(|n| rendezvous_order(&format!("key{n}"), &pools, 1) == [1])
        .count();
    // 3 in 4 expected: 3000 of 4000, well within ±150 (over 5 standard deviations is ±137).
    assert!((2850..=3150).contains(&heavy), "{heavy}");
}
