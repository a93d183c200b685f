//! `IpRoyalResidential` against a wiremock stand-in for IPRoyal's residential API: the lines
//! name our gateway with the customer's own credential, once the place is in the location list
//! of `fixtures/iproyal/countries.json` (IPRoyal's keys for it read from that list); unknown
//! locations; how long that list is cached.

use crate::support::iproyal as support;

use std::time::Duration;

use domain::Targeting;
use secrecy::SecretString;
use support::{
    CALIFORNIA, CHICAGO, ILLINOIS, TOKEN, US, client, config, countries_server, gateway, proxies,
    proxy_request,
};
use upstream::{
    IpRoyalConfig, IpRoyalResidential, Place, ProxyRequest, ResidentialError, ResidentialSource,
};
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

#[tokio::test]
async fn lines_name_our_gateway_and_the_customers_own_credential() {
    let built = proxies(&ProxyRequest {
        quantity: 2,
        ..proxy_request()
    })
    .await;

    let line = "gw.shop.example:8000:uabc123-type-premium-country-us-state-ca:ourOwnPassword";
    assert_eq!(built, [line, line]);
    assert!(built.iter().all(|l| !l.contains("iproyal")), "{built:?}");
}

#[tokio::test]
async fn iproyal_keys_come_from_the_location_list() {
    let server = countries_server(1).await;
    let client = client(&server);
    let anywhere = ProxyRequest {
        country: None,
        state: None,
        city: None,
        ..proxy_request()
    };
    let country_only = ProxyRequest {
        state: None,
        city: None,
        ..proxy_request()
    };

    assert_eq!(client.location_keys(&anywhere).await.unwrap(), "");
    assert_eq!(
        client.location_keys(&country_only).await.unwrap(),
        "_country-us"
    );
    assert_eq!(
        client.location_keys(&proxy_request()).await.unwrap(),
        "_country-us_state-california"
    );
}

#[tokio::test]
async fn sticky_lines_get_their_own_session_and_socks_its_port() {
    let request = ProxyRequest {
        state: Some(ILLINOIS),
        city: Some(CHICAGO),
        session_minutes: Some(30),
        socks: true,
        quantity: 3,
        ..proxy_request()
    };

    let built = proxies(&request).await;

    let mut sessions = Vec::new();
    for line in &built {
        let parts: Vec<&str> = line.split(':').collect();
        assert_eq!(parts[..2], ["gw.shop.example", "1080"], "{line}");
        let (base, targeting) = Targeting::parse(parts[2]).unwrap();
        assert_eq!(base, "uabc123");
        assert_eq!(targeting.city.as_deref(), Some("chicago"));
        assert_eq!(targeting.lifetime_minutes, Some(30));
        sessions.push(targeting.session.unwrap());
    }
    sessions.sort_unstable();
    sessions.dedup();
    assert_eq!(sessions.len(), 3, "{built:?}");
}

#[tokio::test]
async fn states_and_cities_are_matched_by_name_across_spellings() {
    let germany = Place {
        code: "de",
        name: "Germany",
    };
    let cases = [
        // Our name has the umlaut, IPRoyal's does not.
        (
            germany,
            Some(Place {
                code: "bw",
                name: "Baden-Württemberg",
            }),
            Some(Place {
                code: "stuttgart",
                name: "Stuttgart",
            }),
            "_country-de_state-badenwurttemberg_city-stuttgart",
        ),
        // A Budget city without a state, listed only under a state by IPRoyal.
        (
            US,
            None,
            Some(Place {
                code: "sanfrancisco",
                name: "San Francisco",
            }),
            "_country-us_city-sanfrancisco",
        ),
        // A state whose city list is empty: the country's cities serve.
        (
            Place {
                code: "gb",
                name: "United Kingdom",
            },
            Some(Place {
                code: "eng",
                name: "England",
            }),
            Some(Place {
                code: "london",
                name: "London",
            }),
            "_country-gb_state-england_city-london",
        ),
        // Our one-state stand-in for a country without subdivisions targets the country.
        (
            Place {
                code: "sg",
                name: "Singapore",
            },
            Some(Place {
                code: "sg",
                name: "Singapore",
            }),
            Some(Place {
                code: "singapore",
                name: "Singapore",
            }),
            "_country-sg_city-singapore",
        ),
    ];
    let server = countries_server(1).await;
    let client = client(&server);
    for (country, state, city, keys) in cases {
        let request = ProxyRequest {
            country: Some(country),
            state,
            city,
            ..proxy_request()
        };

        assert_eq!(client.location_keys(&request).await.unwrap(), keys);
        assert!(client.proxies(&request).await.is_ok());
    }
}

#[tokio::test]
async fn a_place_iproyal_does_not_list_is_an_unknown_location() {
    let houston = Place {
        code: "houston",
        name: "Houston",
    };
    let cases = [
        (
            Place {
                code: "fr",
                name: "France",
            },
            None,
            None,
        ),
        (
            US,
            Some(Place {
                code: "ak",
                name: "Alaska",
            }),
            None,
        ),
        (
            US,
            Some(CALIFORNIA),
            Some(Place {
                code: "fresno",
                name: "Fresno",
            }),
        ),
        (
            US,
            Some(ILLINOIS),
            Some(Place {
                code: "springfield",
                name: "Springfield",
            }),
        ),
        (
            Place {
                code: "sg",
                name: "Singapore",
            },
            Some(Place {
                code: "01",
                name: "Central Singapore",
            }),
            None,
        ),
    ];
    let server = countries_server(1).await;
    let client = client(&server);
    for (country, state, city) in cases {
        let request = ProxyRequest {
            country: Some(country),
            state,
            city,
            ..proxy_request()
        };

        let result = client.proxies(&request).await;

        assert!(
            matches!(result, Err(ResidentialError::UnknownLocation)),
            "{country:?} {state:?} {city:?}: {result:?}"
        );
    }
    // Houston is listed for the country, not under Texas (whose list is empty): still found.
    let texas = Place {
        code: "tx",
        name: "Texas",
    };
    let request = ProxyRequest {
        state: Some(texas),
        city: Some(houston),
        ..proxy_request()
    };
    assert_eq!(
        client.location_keys(&request).await.unwrap(),
        "_country-us_state-texas_city-houston"
    );
}

#[tokio::test]
async fn the_location_list_is_fetched_once_per_hour() {
    let server = countries_server(2).await;
    // No client timeouts: the test moves the clock.
    let client =
        IpRoyalResidential::with_client(config(&server), reqwest::Client::new(), gateway())
            .unwrap();
    let request = proxy_request();

    client.proxies(&request).await.unwrap();
    tokio::time::pause();
    tokio::time::advance(Duration::from_secs(59 * 60)).await;
    client.proxies(&request).await.unwrap();
    assert_eq!(server.received_requests().await.unwrap().len(), 1);
    tokio::time::advance(Duration::from_secs(2 * 60)).await;
    client.proxies(&request).await.unwrap();
}

#[tokio::test]
async fn a_failing_location_list_is_unavailable() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(503).set_body_string("maintenance"))
        .expect(1)
        .mount(&server)
        .await;

    let result = client(&server).proxies(&proxy_request()).await;

    let Err(ResidentialError::Unavailable(text)) = result else {
        panic!("{result:?}")
    };
    assert!(text.contains("HTTP 503: maintenance"), "{text}");
}

#[tokio::test]
async fn error_replies_are_unavailable_without_the_token() {
    let replies = [
        (
            ResponseTemplate::new(401)
                .set_body_json(serde_json::json!({"message": format!("Bad token {TOKEN}")})),
            "HTTP 401",
        ),
        (
            ResponseTemplate::new(500).set_body_string("<html>Server Error</html>"),
            "HTTP 500",
        ),
        (
            ResponseTemplate::new(200).set_body_string("{\"countries\": [garbage"),
            "unreadable",
        ),
    ];
    for (reply, wanted) in replies {
        let server = MockServer::start().await;
        Mock::given(method("GET"))
            .respond_with(reply)
            .expect(1)
            .mount(&server)
            .await;

        let result = client(&server).proxies(&proxy_request()).await;

        let Err(ResidentialError::Unavailable(text)) = result else {
            panic!("{result:?}")
        };
        assert!(text.contains(wanted) && !text.contains(TOKEN), "{text}");
    }
}

#[test]
fn construction_refuses_an_empty_token_and_debug_hides_it() {
    let with_token = |token: &str| {
        IpRoyalResidential::new(
            IpRoyalConfig::new(SecretString::from(token.to_owned())),
            gateway(),
        )
    };
    assert!(matches!(
        with_token(" "),
        Err(ResidentialError::Unavailable(_))
    ));
    let client = with_token(TOKEN).unwrap();
    let debug = format!("{client:?}");
    assert!(!debug.contains(TOKEN), "{debug}");
    assert_eq!(client.provider(), "iproyal");
}
