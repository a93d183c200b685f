//! `LocalResidential`: proxy strings for our own gateway, with the targeting in the username in
//! the syntax the gateway parses (`domain::Targeting`).

use domain::{ProxyKind, Targeting};
use upstream::{LocalResidential, Place, ProxyRequest, ResidentialSource};

fn source() -> LocalResidential {
    LocalResidential {
        host: "gw.example.com".into(),
        http_port: 8000,
        socks_port: 1080,
    }
}

fn la_premium() -> ProxyRequest<'static> {
    ProxyRequest {
        kind: ProxyKind::Premium,
        username: "uabc123",
        password: "Secret20CharsPasswd0",
        country: Some(Place {
            code: "us",
            name: "United States",
        }),
        state: Some(Place {
            code: "ca",
            name: "California",
        }),
        city: Some(Place {
            code: "losangeles",
            name: "Los Angeles",
        }),
        session_minutes: None,
        socks: false,
        quantity: 1,
        host: None,
    }
}

/// Splits `host:port:username:password` and parses the username as the gateway would.
fn parse(proxy: &str) -> (String, String, Targeting, String) {
    let parts: Vec<&str> = proxy.split(':').collect();
    assert_eq!(parts.len(), 4, "{proxy}");
    let (base, targeting) = Targeting::parse(parts[2]).unwrap();
    assert_eq!(base, "uabc123");
    (
        parts[0].to_owned(),
        parts[1].to_owned(),
        targeting,
        parts[3].to_owned(),
    )
}

#[tokio::test]
async fn a_rotating_premium_proxy_has_the_targeting_in_the_username() {
    let proxies = source().proxies(&la_premium()).await.unwrap();

    assert_eq!(
        proxies,
        [
            "gw.example.com:8000:uabc123-type-premium-country-us-state-ca-city-losangeles:Secret20CharsPasswd0"
        ]
    );
}

#[tokio::test]
async fn a_resellers_host_replaces_the_gateways_in_its_clients_lines() {
    let branded = ProxyRequest {
        host: Some("proxy.acme.example"),
        ..la_premium()
    };
    let proxies = source().proxies(&branded).await.unwrap();
    assert_eq!(
        proxies,
        [
            "proxy.acme.example:8000:uabc123-type-premium-country-us-state-ca-city-losangeles:Secret20CharsPasswd0"
        ]
    );
}

#[tokio::test]
async fn a_username_carries_only_the_targeting_asked_for() {
    let anywhere = ProxyRequest {
        country: None,
        state: None,
        city: None,
        ..la_premium()
    };
    let country_only = ProxyRequest {
        state: None,
        city: None,
        ..la_premium()
    };
    let budget_anywhere = ProxyRequest {
        kind: ProxyKind::Budget,
        session_minutes: Some(15),
        ..anywhere.clone()
    };

    assert_eq!(
        source().proxies(&anywhere).await.unwrap(),
        ["gw.example.com:8000:uabc123-type-premium:Secret20CharsPasswd0"]
    );
    assert_eq!(
        source().proxies(&country_only).await.unwrap(),
        ["gw.example.com:8000:uabc123-type-premium-country-us:Secret20CharsPasswd0"]
    );
    let (_, _, targeting, _) = parse(&source().proxies(&budget_anywhere).await.unwrap()[0]);
    assert_eq!(
        (
            targeting.kind,
            targeting.country,
            targeting.lifetime_minutes
        ),
        (ProxyKind::Budget, None, Some(15))
    );
}

#[tokio::test]
async fn socks_uses_the_socks_port() {
    let request = ProxyRequest {
        socks: true,
        ..la_premium()
    };

    let proxies = source().proxies(&request).await.unwrap();

    let (host, port, _, password) = parse(&proxies[0]);
    assert_eq!((host.as_str(), port.as_str()), ("gw.example.com", "1080"));
    assert_eq!(password, "Secret20CharsPasswd0");
}

#[tokio::test]
async fn each_sticky_proxy_gets_a_fresh_session_with_the_lifetime() {
    let request = ProxyRequest {
        kind: ProxyKind::Budget,
        state: None,
        session_minutes: Some(1440),
        quantity: 5,
        ..la_premium()
    };

    let proxies = source().proxies(&request).await.unwrap();

    assert_eq!(proxies.len(), 5);
    let mut sessions = Vec::new();
    for proxy in &proxies {
        let (_, port, targeting, _) = parse(proxy);
        assert_eq!(port, "8000");
        assert_eq!(targeting.kind, ProxyKind::Budget);
        assert_eq!(targeting.country.as_deref(), Some("us"));
        assert_eq!(targeting.state, None);
        assert_eq!(targeting.city.as_deref(), Some("losangeles"));
        assert_eq!(targeting.lifetime_minutes, Some(1440));
        let session = targeting.session.unwrap();
        assert_eq!(session.len(), 8, "{proxy}");
        assert!(
            session
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()),
            "{proxy}"
        );
        sessions.push(session);
    }
    sessions.sort_unstable();
    sessions.dedup();
    assert_eq!(sessions.len(), 5, "{proxies:?}");
}

#[tokio::test]
async fn rotating_proxies_have_no_session_and_the_quantity_is_honoured() {
    let request = ProxyRequest {
        quantity: 3,
        ..la_premium()
    };

    let proxies = source().proxies(&request).await.unwrap();

    assert_eq!(proxies.len(), 3);
    for proxy in &proxies {
        let (_, _, targeting, _) = parse(proxy);
        assert_eq!(targeting.session, None);
        assert_eq!(targeting.lifetime_minutes, None);
    }
    let none = ProxyRequest {
        quantity: 0,
        ..la_premium()
    };
    assert!(source().proxies(&none).await.unwrap().is_empty());
}

#[test]
fn the_provider_is_our_gateway() {
    assert_eq!(source().provider(), "local");
}
