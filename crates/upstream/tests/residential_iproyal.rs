//! `IpRoyalResidential` against a wiremock stand-in for IPRoyal's residential API: which calls a
//! sync makes (and which it must not), the traffic amounts moved, error replies, and the proxy
//! strings built from the location list in `fixtures/iproyal/countries.json`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use domain::ProxyKind;
use secrecy::SecretString;
use serde_json::{Value, json};
use upstream::{
    IpRoyalConfig, IpRoyalResidential, Place, ProxyRequest, ResidentialError, ResidentialSource,
    SyncReport, SyncRequest, UpstreamAccount,
};
use wiremock::matchers::{body_json, body_partial_json, header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

const TOKEN: &str = "tok-3f9a1c0e7b5d4f2a9c8e";
const GB: i64 = 1_000_000_000;
const SUBUSERS: &str = "/v1/residential-subusers";

fn config(server: &MockServer) -> IpRoyalConfig {
    IpRoyalConfig {
        api_url: format!("{}/v1/", server.uri()),
        ..IpRoyalConfig::new(SecretString::from(TOKEN))
    }
}

fn client(server: &MockServer) -> IpRoyalResidential {
    IpRoyalResidential::new(config(server)).unwrap()
}

fn subuser(hash: &str, username: &str, available: f64, used: f64) -> Value {
    json!({
        "id": 1017, "hash": hash, "username": username, "password": "pwFromIpRoyal",
        "traffic": available + used, "traffic_available": available, "traffic_used": used,
    })
}

fn page(items: Vec<Value>, current: u32, last: u32) -> Value {
    json!({"data": items, "meta": {"current_page": current, "from": 1, "last_page": last,
        "path": "https://resi-api.iproyal.com/v1/residential-subusers", "per_page": 100,
        "to": 1, "total": 1}})
}

fn stored(hash: &str) -> UpstreamAccount {
    UpstreamAccount {
        external_id: hash.into(),
        username: "ps42p".into(),
        password: "storedPassword16".into(),
    }
}

fn sync_request(account: Option<&UpstreamAccount>, purchased_bytes: i64) -> SyncRequest<'_> {
    SyncRequest {
        kind: ProxyKind::Premium,
        user_id: 42,
        account,
        purchased_bytes,
    }
}

fn ok(body: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(body)
}

async fn expect_get_hash(server: &MockServer, hash: &str, reply: ResponseTemplate) {
    Mock::given(method("GET"))
        .and(path(format!("{SUBUSERS}/{hash}")))
        .and(header("authorization", format!("Bearer {TOKEN}")))
        .respond_with(reply)
        .expect(1)
        .mount(server)
        .await;
}

async fn expect_search(server: &MockServer, page_no: u32, reply: Value) {
    Mock::given(method("GET"))
        .and(path(SUBUSERS))
        .and(query_param("search", "ps42p"))
        .and(query_param("page", page_no.to_string()))
        .and(header("authorization", format!("Bearer {TOKEN}")))
        .respond_with(ok(reply))
        .expect(1)
        .mount(server)
        .await;
}

/// Fails the test (on the server's drop) if any POST or PUT is made.
async fn expect_no_writes(server: &MockServer) {
    for verb in ["POST", "PUT"] {
        Mock::given(method(verb))
            .respond_with(ResponseTemplate::new(500))
            .expect(0)
            .mount(server)
            .await;
    }
}

async fn expect_move(server: &MockServer, hash: &str, action: &str, amount: f64) {
    Mock::given(method("POST"))
        .and(path(format!("{SUBUSERS}/{hash}/{action}")))
        .and(header("authorization", format!("Bearer {TOKEN}")))
        .and(body_json(json!({"amount": amount})))
        .respond_with(ok(json!({"hash": hash})))
        .expect(1)
        .mount(server)
        .await;
}

async fn sync(server: &MockServer, request: SyncRequest<'_>) -> SyncReport {
    client(server).sync(request).await.unwrap().unwrap()
}

fn unavailable(result: Result<Option<SyncReport>, ResidentialError>) -> String {
    match result {
        Err(ResidentialError::Unavailable(text)) => {
            assert!(!text.contains(TOKEN), "{text}");
            text
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_first_sync_searches_then_creates_the_subuser_with_the_purchased_gb_rounded_down() {
    let server = MockServer::start().await;
    expect_search(&server, 1, page(vec![], 1, 1)).await;
    Mock::given(method("POST"))
        .and(path(SUBUSERS))
        .and(header("authorization", format!("Bearer {TOKEN}")))
        .and(header("content-type", "application/json"))
        .and(body_partial_json(
            json!({"username": "ps42p", "traffic": 2.345}),
        ))
        .respond_with(ResponseTemplate::new(201).set_body_json(json!({
            "hash": "h1", "username": "ps42p", "traffic": 2.345,
            "traffic_available": 2.345, "traffic_used": 0
        })))
        .expect(1)
        .mount(&server)
        .await;

    let report = sync(&server, sync_request(None, 2_345_999_999)).await;

    let requests = server.received_requests().await.unwrap();
    let created: Value = serde_json::from_slice(&requests[1].body).unwrap();
    let password = created["password"].as_str().unwrap();
    assert_eq!(password.len(), 16);
    assert!(password.bytes().all(|b| b.is_ascii_alphanumeric()));
    assert_eq!(created.as_object().unwrap().len(), 3, "{created}");
    let expected = UpstreamAccount {
        external_id: "h1".into(),
        username: "ps42p".into(),
        password: password.into(),
    };
    assert_eq!(
        report,
        SyncReport {
            account: expected,
            used_bytes: 0
        }
    );
}

#[tokio::test]
async fn budget_subusers_are_named_apart_and_a_wrapped_resource_is_read() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path(SUBUSERS))
        .and(query_param("search", "ps42b"))
        .respond_with(ok(page(vec![], 1, 1)))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path(SUBUSERS))
        .and(body_partial_json(
            json!({"username": "ps42b", "traffic": 1.0}),
        ))
        .respond_with(ok(json!({"data": subuser("hb", "ps42b", 1.0, 0.0)})))
        .expect(1)
        .mount(&server)
        .await;
    let request = SyncRequest {
        kind: ProxyKind::Budget,
        ..sync_request(None, GB)
    };

    let report = sync(&server, request).await;

    assert_eq!(report.account.external_id, "hb");
    assert_eq!(report.account.password, "pwFromIpRoyal");
}

#[tokio::test]
async fn a_later_sync_reads_by_hash_and_gives_only_the_difference() {
    let server = MockServer::start().await;
    let mut found = subuser("h1", "ps42p", 1.0, 1.5);
    found.as_object_mut().unwrap().remove("password");
    expect_get_hash(&server, "h1", ok(found)).await;
    Mock::given(method("GET"))
        .and(path(SUBUSERS))
        .respond_with(ok(page(vec![], 1, 1)))
        .expect(0)
        .mount(&server)
        .await;
    expect_move(&server, "h1", "give-traffic", 1.5).await;
    let account = stored("h1");

    let report = sync(&server, sync_request(Some(&account), 4 * GB)).await;

    // No search: the stored hash answered. The stored password stays (IPRoyal sent none).
    assert_eq!(
        report,
        SyncReport {
            account,
            used_bytes: 1_500_000_000
        }
    );
}

#[tokio::test]
async fn equal_amounts_make_no_write_even_with_float_noise() {
    let server = MockServer::start().await;
    expect_no_writes(&server).await;
    expect_get_hash(&server, "h1", ok(subuser("h1", "ps42p", 0.1, 0.2))).await;
    let account = stored("h1");

    let report = sync(&server, sync_request(Some(&account), 300_000_000)).await;

    assert_eq!(report.used_bytes, 200_000_000);
    assert_eq!(report.account.password, "pwFromIpRoyal");
}

#[tokio::test]
async fn over_given_traffic_is_taken_back_at_most_what_is_available() {
    let server = MockServer::start().await;
    // 5 GB given, 3 GB bought: 2 GB too many, but only 0.5 GB is left to take.
    expect_get_hash(&server, "h1", ok(subuser("h1", "ps42p", 0.5, 4.5))).await;
    expect_move(&server, "h1", "take-traffic", 0.5).await;
    let account = stored("h1");

    sync(&server, sync_request(Some(&account), 3 * GB)).await;
}

#[tokio::test]
async fn over_given_traffic_is_taken_back_exactly_when_enough_is_left() {
    let server = MockServer::start().await;
    expect_get_hash(&server, "h1", ok(subuser("h1", "ps42p", 3.0, 2.0))).await;
    expect_move(&server, "h1", "take-traffic", 2.25).await;
    let account = stored("h1");

    sync(&server, sync_request(Some(&account), 2_750_000_000)).await;
}

#[tokio::test]
async fn nothing_is_taken_from_a_subuser_that_used_it_all() {
    let server = MockServer::start().await;
    expect_no_writes(&server).await;
    expect_get_hash(&server, "h1", ok(subuser("h1", "ps42p", 0.0, 5.0))).await;
    let account = stored("h1");

    let report = sync(&server, sync_request(Some(&account), GB)).await;

    assert_eq!(report.used_bytes, 5 * GB);
}

#[tokio::test]
async fn a_deleted_subuser_is_found_again_by_name_and_topped_up() {
    let server = MockServer::start().await;
    expect_get_hash(&server, "gone", ResponseTemplate::new(404)).await;
    expect_search(
        &server,
        1,
        page(vec![subuser("h2", "ps42p", 0.0, 0.0)], 1, 1),
    )
    .await;
    expect_move(&server, "h2", "give-traffic", 2.0).await;
    let account = stored("gone");

    let report = sync(&server, sync_request(Some(&account), 2 * GB)).await;

    assert_eq!(report.account.external_id, "h2");
    assert_eq!(report.account.password, "pwFromIpRoyal");
}

#[tokio::test]
async fn a_deleted_subuser_that_search_cannot_find_is_created_again() {
    let server = MockServer::start().await;
    expect_get_hash(&server, "gone", ResponseTemplate::new(404)).await;
    expect_search(&server, 1, page(vec![], 1, 1)).await;
    Mock::given(method("POST"))
        .and(path(SUBUSERS))
        .and(body_partial_json(
            json!({"username": "ps42p", "traffic": 2.0}),
        ))
        .respond_with(ok(subuser("h3", "ps42p", 2.0, 0.0)))
        .expect(1)
        .mount(&server)
        .await;
    let account = stored("gone");

    let report = sync(&server, sync_request(Some(&account), 2 * GB)).await;

    assert_eq!(report.account.external_id, "h3");
}

#[tokio::test]
async fn search_walks_the_pages_and_wants_the_exact_username() {
    let server = MockServer::start().await;
    expect_search(
        &server,
        1,
        page(vec![subuser("x", "ps42p7", 1.0, 0.0)], 1, 2),
    )
    .await;
    expect_search(
        &server,
        2,
        page(vec![subuser("h4", "ps42p", 1.0, 0.0)], 2, 2),
    )
    .await;
    expect_no_writes(&server).await;

    let report = sync(&server, sync_request(None, GB)).await;

    assert_eq!(report.account.external_id, "h4");
}

#[tokio::test]
async fn a_found_subuser_whose_password_is_unknown_gets_a_new_one() {
    // A create whose reply was lost: the sub-user exists, IPRoyal does not show its password.
    let server = MockServer::start().await;
    let mut found = subuser("h5", "ps42p", 1.0, 0.0);
    found.as_object_mut().unwrap().remove("password");
    expect_search(&server, 1, page(vec![found], 1, 1)).await;
    Mock::given(method("PUT"))
        .and(path(format!("{SUBUSERS}/h5")))
        .respond_with(ok(json!({})))
        .expect(1)
        .mount(&server)
        .await;

    let report = sync(&server, sync_request(None, GB)).await;

    let requests = server.received_requests().await.unwrap();
    let sent: Value = serde_json::from_slice(&requests[1].body).unwrap();
    assert_eq!(sent, json!({"password": report.account.password}));
    assert_eq!(report.account.password.len(), 16);
}

#[tokio::test]
async fn error_replies_are_unavailable_without_the_token() {
    let replies = [
        (
            ResponseTemplate::new(401)
                .set_body_json(json!({"message": format!("Bad token {TOKEN}")})),
            "HTTP 401",
        ),
        (
            ResponseTemplate::new(500).set_body_string("<html>Server Error</html>"),
            "HTTP 500",
        ),
        (
            ResponseTemplate::new(200).set_body_string("{\"data\": [garbage"),
            "unreadable",
        ),
        (
            ok(json!({"data": [{"hash": "h", "username": "ps42p"}]})),
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
        expect_no_writes(&server).await;

        let text = unavailable(client(&server).sync(sync_request(None, GB)).await);

        assert!(text.contains(wanted), "{text}");
    }
}

#[tokio::test]
async fn a_create_that_times_out_is_not_retried() {
    let server = MockServer::start().await;
    expect_search(&server, 1, page(vec![], 1, 1)).await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(201).set_delay(Duration::from_secs(3)))
        .expect(1)
        .mount(&server)
        .await;
    let http = reqwest::Client::builder()
        .timeout(Duration::from_millis(300))
        .build()
        .unwrap();
    let client = IpRoyalResidential::with_client(config(&server), http).unwrap();

    let text = unavailable(client.sync(sync_request(None, GB)).await);

    assert!(text.contains("no answer in time"), "{text}");
}

#[test]
fn construction_refuses_an_empty_token_and_debug_hides_it() {
    let with_token = |token: &str| {
        IpRoyalResidential::new(IpRoyalConfig::new(SecretString::from(token.to_owned())))
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

// --- proxies ---------------------------------------------------------------------------------

fn countries_fixture() -> Value {
    let path = format!(
        "{}/tests/fixtures/iproyal/countries.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

async fn countries_server(fetches: u64) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/access/countries"))
        .and(header("authorization", format!("Bearer {TOKEN}")))
        .respond_with(ok(countries_fixture()))
        .expect(fetches)
        .mount(&server)
        .await;
    server
}

fn documented_account() -> UpstreamAccount {
    UpstreamAccount {
        external_id: "h1".into(),
        username: "username123".into(),
        password: "password321".into(),
    }
}

const US: Place<'static> = Place {
    code: "us",
    name: "United States",
};
const CALIFORNIA: Place<'static> = Place {
    code: "ca",
    name: "California",
};
const ILLINOIS: Place<'static> = Place {
    code: "il",
    name: "Illinois",
};
const CHICAGO: Place<'static> = Place {
    code: "chicago",
    name: "Chicago",
};

fn proxy_request(account: &UpstreamAccount) -> ProxyRequest<'_> {
    ProxyRequest {
        kind: ProxyKind::Premium,
        username: "uabc123",
        password: "ourOwnPassword",
        account: Some(account),
        country: US,
        state: Some(CALIFORNIA),
        city: None,
        session_minutes: None,
        socks: false,
        quantity: 1,
    }
}

async fn proxies(request: &ProxyRequest<'_>) -> Vec<String> {
    client(&countries_server(1).await)
        .proxies(request)
        .await
        .unwrap()
}

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
            country,
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
            country,
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
