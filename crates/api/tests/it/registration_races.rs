//! Sign-up under pressure: another spelling of a registered mailbox cannot open a second account,
//! code requests for one address racing each other never fail, and drawing a referral code or
//! proxy username that collides is retried inside the sign-up's transaction (PostgreSQL used to
//! answer 500: the retry ran in a transaction the unique violation had aborted).

use crate::common::{PASSWORD, TestApp};
use app::accounts::{NewAccount, create_user_drawing};
use persistence::write_transaction;
use serde_json::json;

const TAKEN: &str = "An account with this email already exists";

fn user_count(app: &TestApp) -> i64 {
    app.with_conn(|conn| persistence::users::list(conn, 1, 0).unwrap().1)
}

fn generous(settings: &mut api::Settings) {
    settings.limits.code_per_ip = 1000;
    settings.limits.code_per_email = 1000;
    settings.limits.register_per_ip = 1000;
}

fn account(email: &str) -> NewAccount<'_> {
    NewAccount {
        email,
        password_hash: None,
        google_sub: None,
        name: "x",
        avatar_url: None,
        role: "user",
        referred_by: None,
    }
}

persistence::both_backends! {

    #[actix_web::test]
    async fn another_spelling_of_a_registered_mailbox_conflicts(backend) {
        let app = TestApp::start(backend, generous).await;
        // Both codes are out before either account exists.
        let plain = app.code_for("ab@gmail.com").await;
        let tagged = app.code_for("a.b+x@googlemail.com").await;
        let first = TestApp::registration("ab@gmail.com", PASSWORD, &plain);
        assert_eq!(app.post_json("/api/register", first).await.status, 201);

        let browser = app.new_client();
        let second = TestApp::registration("a.b+x@googlemail.com", PASSWORD, &tagged);
        let reply = app.post_json_with(&browser, "/api/register", second).await;

        assert_eq!((reply.status, reply.message()), (409, TAKEN), "{}", reply.text);
        assert_eq!(user_count(&app), 1);
        assert!(app.user("a.b+x@googlemail.com").is_none());
    }

    async fn concurrent_code_requests_for_one_email_never_fail(backend) {
        let app = TestApp::start(backend, generous).await;
        for round in 0..3 {
            let email = format!("racer{round}@example.com");
            let requests = (0..16).map(|_| {
                let (client, url) = (reqwest::Client::new(), app.url("/api/register_verification"));
                let body = json!({ "email": email });
                actix_web::rt::spawn(async move {
                    let response = client.post(url).json(&body).send().await.unwrap();
                    (response.status().as_u16(), response.text().await.unwrap())
                })
            });
            let replies = futures::future::join_all(requests).await;

            let statuses: Vec<u16> = replies.iter().map(|r| r.as_ref().unwrap().0).collect();
            assert!(
                statuses.iter().all(|s| *s == 200 || *s == 429),
                "round {round}: {replies:?}"
            );
            assert!(statuses.contains(&200), "round {round}: {replies:?}");
            let pending = app.with_conn(|conn| persistence::email_codes::find(conn, &email).unwrap());
            assert!(pending.is_some(), "round {round}: one code is kept");
        }
    }

    async fn a_colliding_draw_is_retried_inside_the_transaction(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let existing = app.register("first@example.com", PASSWORD).await;
        let taken_code = existing["refCode"].as_str().unwrap().to_owned();
        let taken_username = app.user("first@example.com").unwrap().proxy_username;
        let mut draws = vec![
            ("FRESHCODE".to_owned(), "ufresh1".to_owned(), "pw".to_owned()),
            ("OTHERCODE".to_owned(), taken_username, "pw".to_owned()),
            (taken_code, "ufresh2".to_owned(), "pw".to_owned()),
        ];

        let created = app.with_conn(|conn| {
            write_transaction(conn, |c| {
                create_user_drawing(c, &account("second@example.com"), || draws.pop().unwrap())
            })
        });

        let user = created.expect("the third draw is unique");
        assert_eq!((user.ref_code.as_str(), user.proxy_username.as_str()), ("FRESHCODE", "ufresh1"));
        assert_eq!(user_count(&app), 2);
        assert!(app.with_conn(|conn| persistence::users::email_exists(conn, "second@example.com").unwrap()));
    }
}
