//! `IpRoyalResidential::proxies` against a wiremock stand-in for IPRoyal's residential API: the
//! proxy strings built from the location list in `fixtures/iproyal/countries.json`, unknown
//! locations, and how long that list is cached.

use crate::support::iproyal as support;

use std::time::Duration;

use support::{
    CALIFORNIA, CHICAGO, ILLINOIS, US, client, config, countries_server, documented_account,
    proxies, proxy_request,
};
use upstream::{IpRoyalResidential, Place, ProxyRequest, ResidentialError, ResidentialSource};
use wiremock::matchers::method;
use wiremock::{Mock, MockServer, ResponseTemplate};

#[tokio::test]
async fn the_documented_rotating_example_is_built_from_the_location_list() {
    let account = documented_account();

    let built = proxies(&ProxyRequest {
        quantity: 2,
        ..proxy_request(&account)
    })
    .await;

    let example = "geo.iproyal.com:12321:username123:password321_country-us_state-california";
    assert_eq!(built, [example, example]);
}

#[tokio::test]
async fn any_country_has_no_location_keys_and_a_country_alone_only_its_own() {
    let account = documented_account();
    let anywhere = ProxyRequest {
        country: None,
        state: None,
        city: None,
        ..proxy_request(&account)
    };
    let country_only = ProxyRequest {
        state: None,
        city: None,
        ..proxy_request(&account)
    };

    assert_eq!(
        proxies(&anywhere).await,
        ["geo.iproyal.com:12321:username123:password321"]
    );
    assert_eq!(
        proxies(&country_only).await,
        ["geo.iproyal.com:12321:username123:password321_country-us"]
    );
}

#[tokio::test]
async fn sticky_proxies_get_their_own_eight_character_session() {
    let account = documented_account();
    let request = ProxyRequest {
        state: Some(ILLINOIS),
        city: Some(CHICAGO),
        session_minutes: Some(30),
        quantity: 3,
        ..proxy_request(&account)
    };

    let built = proxies(&request).await;

    let prefix = "geo.iproyal.com:12321:username123:password321_country-us_state-illinois_city-chicago_session-";
    let mut sessions = Vec::new();
    for proxy in &built {
        let session = proxy
            .strip_prefix(prefix)
            .unwrap()
            .strip_suffix("_lifetime-30m")
            .unwrap();
        assert_eq!(session.len(), 8, "{proxy}");
        assert!(
            session.bytes().all(|b| b.is_ascii_alphanumeric()),
            "{proxy}"
        );
        sessions.push(session);
    }
    sessions.sort_unstable();
    sessions.dedup();
    assert_eq!(sessions.len(), 3, "{built:?}");
}

#[tokio::test]
async fn lifetimes_use_hours_and_days_and_socks_its_port() {
    let server = countries_server(1).await;
    let client = client(&server);
    let account = documented_account();
    for (minutes, socks, wanted) in [
        (60, false, ":12321:"),
        (240, true, ":32325:"),
        (1440, true, ":32325:"),
    ] {
        let request = ProxyRequest {
            session_minutes: Some(minutes),
            socks,
            ..proxy_request(&account)
        };

        let built = client.proxies(&request).await.unwrap();

        let unit = match minutes {
            60 => "1h",
            240 => "4h",
            _ => "1d",
        };
        assert!(
            built[0].starts_with(&format!("geo.iproyal.com{wanted}username123:")),
            "{built:?}"
        );
        assert!(
            built[0].ends_with(&format!("_lifetime-{unit}")),
            "{built:?}"
        );
    }
}

#[tokio::test]
async fn states_and_cities_are_matched_by_name_across_spellings() {
    let account = documented_account();
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
            ..proxy_request(&account)
        };

        let built = client.proxies(&request).await.unwrap();

        assert_eq!(
            built,
            [format!(
                "geo.iproyal.com:12321:username123:password321{keys}"
            )]
        );
    }
}

#[tokio::test]
async fn a_place_iproyal_does_not_list_is_an_unknown_location() {
    let account = documented_account();
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
            ..proxy_request(&account)
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
        ..proxy_request(&account)
    };
    assert!(client.proxies(&request).await.unwrap()[0].ends_with("_state-texas_city-houston"));
}

#[tokio::test]
async fn the_location_list_is_fetched_once_per_hour() {
    let server = countries_server(2).await;
    // No client timeouts: the test moves the clock.
    let client = IpRoyalResidential::with_client(config(&server), reqwest::Client::new()).unwrap();
    let account = documented_account();
    let request = proxy_request(&account);

    client.proxies(&request).await.unwrap();
    tokio::time::pause();
    tokio::time::advance(Duration::from_secs(59 * 60)).await;
    client.proxies(&request).await.unwrap();
    assert_eq!(server.received_requests().await.unwrap().len(), 1);
    tokio::time::advance(Duration::from_secs(2 * 60)).await;
    client.proxies(&request).await.unwrap();
}

#[tokio::test]
async fn proxies_without_an_upstream_account_ask_for_a_sync_first() {
    let server = countries_server(0).await;
    let account = documented_account();
    let request = ProxyRequest {
        account: None,
        ..proxy_request(&account)
    };

    let result = client(&server).proxies(&request).await;

    assert!(
        matches!(result, Err(ResidentialError::NoAccount)),
        "{result:?}"
    );
}

#[tokio::test]
async fn a_failing_location_list_is_unavailable() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(503).set_body_string("maintenance"))
        .expect(1)
        .mount(&server)
        .await;
    let account = documented_account();

    let result = client(&server).proxies(&proxy_request(&account)).await;

    let Err(ResidentialError::Unavailable(text)) = result else {
        panic!("{result:?}")
    };
    assert!(text.contains("HTTP 503: maintenance"), "{text}");
}
