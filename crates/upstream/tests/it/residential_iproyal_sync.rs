//! `IpRoyalResidential::sync` against a wiremock stand-in for IPRoyal's residential API: which
//! calls a sync makes (and which it must not), the traffic amounts moved, error replies, and
//! construction.

use crate::support::iproyal as support;

use std::time::Duration;

use domain::ProxyKind;
use secrecy::SecretString;
use serde_json::{Value, json};
use support::{
    GB, SUBUSERS, TOKEN, client, config, expect_get_hash, expect_move, expect_no_writes,
    expect_search, ok, page, stored, subuser, sync, sync_request, unavailable,
};
use upstream::{
    IpRoyalConfig, IpRoyalResidential, ResidentialError, ResidentialSource, SyncReport,
    SyncRequest, UpstreamAccount,
};
use wiremock::matchers::{body_partial_json, header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

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
