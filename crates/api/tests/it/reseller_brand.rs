//! A reseller's white label and catalogue (docs/resellers.md): the brand saved with each field's
//! rule and a slug no other reseller holds, its logo re-encoded and served publicly, the sign-in
//! at `/r/{slug}` open to the reseller's clients only, the brand in the client's session and its
//! host in the client's lines; and a client buying from the catalogue, the money adding up to
//! the cent on all three sides, nothing written when the reseller cannot carry a loss.

use crate::account_support::{BOUNDARY, encode, multipart, picture};
use crate::common::{PASSWORD, TestApp};
use diesel::prelude::*;
use domain::ProxyKind;
use domain::units::GB;
use image::ImageFormat;
use persistence::schema::reseller_sales;
use serde_json::{Value, json};

const RESELLER: &str = "reseller@example.com";
const CLIENT: &str = "client@example.com";

fn brand() -> Value {
    json!({ "slug": "acme", "name": "Acme Proxies", "colour": "#1A73E8",
            "supportEmail": "help@acme.example", "supportUrl": "https://acme.example/help",
            "proxyHost": "proxy.acme.example" })
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_brand_signs_its_clients_in_and_names_its_host(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(RESELLER, PASSWORD).await;
        app.grant_reseller(RESELLER, 5);
        let reply = app.get("/api/getuserinfo").await;
        assert_eq!((reply.body["user"]["reseller"].as_bool(), reply.body["user"]["brand"].is_null()), (Some(true), true));

        // Each bad field named with its rule; nothing saved.
        let reply = app.get("/api/reseller/brand").await;
        assert_eq!((reply.status, reply.body.clone()), (200, Value::Null));
        let bad = json!({ "slug": "A", "name": "", "colour": "blue", "supportUrl": "http://x.example", "proxyHost": "127.0.0.1" });
        let reply = app.send(app.client.put(app.url("/api/reseller/brand")).json(&bad)).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        for (field, message) in [
            ("slug", "slug must be 3 to 40 lower-case letters, digits or hyphens, not starting or ending with a hyphen"),
            ("name", "name must be 1 to 60 characters, without control characters"),
            ("colour", "colour must be a colour written #rrggbb, such as #1a73e8"),
            ("supportUrl", "supportUrl must be an https:// address of at most 200 characters"),
            ("proxyHost", "proxyHost must be a host name such as proxy.example.com (a CNAME to the shop's gateway)"),
        ] {
            assert_eq!(reply.body["fields"][field], message, "{field}");
        }
        // No logo before a brand.
        let png = encode(&picture(900, 300), ImageFormat::Png);
        let logo = |client: &reqwest::Client| client
            .put(app.url("/api/reseller/brand/logo"))
            .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
            .body(multipart("file", "logo.png", "image/png", &png));
        let reply = app.send(logo(&app.client)).await;
        assert_eq!((reply.status, reply.message()), (409, "Set your brand first: its name, address and colour"));

        let reply = app.send(app.client.put(app.url("/api/reseller/brand")).json(&brand())).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!((reply.body["slug"].as_str(), reply.body["colour"].as_str()), (Some("acme"), Some("#1a73e8")));
        assert_eq!(reply.body["proxyHost"], "proxy.acme.example");
        // Another reseller cannot take the slug.
        let other = app.customer("other@example.com").await;
        app.grant_reseller("other@example.com", 5);
        let reply = app.send(other.put(app.url("/api/reseller/brand")).json(&brand())).await;
        assert_eq!((reply.status, reply.message()), (409, "This address is taken: choose another"));

        // The logo, re-encoded within 480 x 160, served to anyone at the brand's address.
        let reply = app.send(logo(&app.client)).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let logo_url = reply.body["logoUrl"].as_str().unwrap().to_owned();
        let guest = app.new_client();
        let public = app.get_with(&guest, "/api/brands/acme").await;
        assert_eq!(public.status, 200, "{}", public.text);
        assert_eq!(public.body["logoUrl"], logo_url.as_str());
        assert!(public.body.get("proxyHost").is_none(), "{}", public.text);
        let image = guest.get(app.url(&logo_url)).send().await.unwrap();
        assert_eq!(image.headers()["content-type"], "image/png");
        let back = image::load_from_memory(&image.bytes().await.unwrap()).unwrap();
        assert_eq!((back.width(), back.height()), (480, 160));
        assert_eq!(app.get_with(&guest, "/api/brands/nobody").await.status, 404);

        // A client signs in on the brand's page; a customer of the shop does not.
        app.add_client(&app.client, CLIENT).await;
        let stranger = app.customer("stranger@example.com").await;
        drop(stranger);
        let browser = app.new_client();
        let body = json!({ "email": "stranger@example.com", "password": PASSWORD, "brand": "acme" });
        let reply = app.post_json_with(&browser, "/api/login", body).await;
        assert_eq!((reply.status, reply.message()), (401, "Invalid email or password"));
        let body = json!({ "email": CLIENT, "password": PASSWORD, "brand": "acme" });
        let reply = app.post_json_with(&browser, "/api/login", body).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["user"]["brand"]["name"], "Acme Proxies");
        let me = app.get_with(&browser, "/api/getuserinfo").await;
        assert_eq!(me.body["user"]["brand"]["slug"], "acme");
        assert_eq!(me.body["user"]["reseller"], false);

        // The client's lines name the reseller's host; the reseller's own, the shop's.
        app.give_traffic(RESELLER, ProxyKind::Premium, 5 * GB, None);
        let client_id = app.user_id(CLIENT).get();
        let reply = app.move_traffic(&app.client, client_id, "allocate", json!({ "type": "premium", "gb": 1 })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let line = |reply: &crate::common::Reply| reply.body["proxies"][0].as_str().unwrap_or_default().to_owned();
        let reply = app.post_json_with(&browser, "/api/user/generate", json!({ "quantity": 1 })).await;
        assert!(line(&reply).starts_with("proxy.acme.example:"), "{}", reply.text);
        let reply = app.post_json("/api/user/generate", json!({ "quantity": 1 })).await;
        assert!(!line(&reply).is_empty() && !line(&reply).starts_with("proxy.acme.example:"), "{}", reply.text);
    }

    async fn a_client_buys_from_its_resellers_catalogue_to_the_cent(backend) {
        let app = TestApp::start(backend, |s| s.limits.payments_per_user = 100).await;
        app.register(RESELLER, PASSWORD).await;
        app.grant_reseller(RESELLER, 5);
        let reseller_id = app.user_id(RESELLER);
        app.with_conn(|conn| {
            let terms = persistence::resellers::accounts::Terms { enabled: true, discount_percent: 20, max_clients: 5 };
            persistence::resellers::accounts::set(conn, reseller_id, terms).unwrap()
        });
        app.add_client(&app.client, CLIENT).await;
        let client = app.signed_in(CLIENT).await;

        // Closed: no catalogue, no wallet, no top-up for the client.
        let reply = app.get_with(&client, "/api/client/catalogue").await;
        assert_eq!((reply.status, reply.message()), (403, "Your provider does not sell traffic here: ask your provider"));
        assert_eq!(app.get_with(&client, "/api/user/wallet").await.status, 403);
        let top_up = json!({ "amount": 20, "method": "cryptomous", "currency": "LTC" });
        assert_eq!(app.post_json_with(&client, "/api/payment", top_up.clone()).await.status, 403);

        // The reseller's catalogue: its rules, then $3 a GB of budget, premium not sold.
        let put = |body: Value| app.client.put(app.url("/api/reseller/catalogue")).json(&body);
        for (body, field, message) in [
            (json!({ "clientPurchases": "yes", "prices": [] }), "clientPurchases", "clientPurchases must be true or false"),
            (json!({ "clientPurchases": true, "prices": [{ "type": "budget", "pricePerGb": 0 }] }), "pricePerGb", "pricePerGb must be a number above 0 with at most 2 decimals, at most 10000, or null"),
            (json!({ "clientPurchases": true, "prices": [{ "type": "budget", "pricePerGb": 1.234 }] }), "pricePerGb", "pricePerGb must be a number above 0 with at most 2 decimals, at most 10000, or null"),
            (json!({ "clientPurchases": true, "prices": [{ "type": "static", "pricePerGb": 1 }] }), "prices", "prices must be a list of {type, pricePerGb} with each of premium and budget at most once"),
        ] {
            let reply = app.send(put(body.clone())).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.body["fields"][field], message, "{body}");
        }
        let reply = app.send(put(json!({ "clientPurchases": true, "prices": [{ "type": "budget", "pricePerGb": 3 }, { "type": "premium", "pricePerGb": null }] }))).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let budget = reply.body["prices"].as_array().unwrap().iter().find(|l| l["type"] == "budget").unwrap().clone();
        // The shop's $10 for 5 GB, a GB at $2.00, less the reseller's 20 %.
        assert_eq!((budget["pricePerGb"].as_f64(), budget["costPerGb"].as_f64()), (Some(3.0), Some(1.6)));

        // The client sees the reseller's prices only, tops up $20 and buys 5 GB for $15.
        let reply = app.get_with(&client, "/api/client/catalogue").await;
        assert_eq!(reply.body, json!({ "prices": [{ "type": "budget", "pricePerGb": 3.0 }] }));
        let id = app.top_up_with(&client, 20.0, "LTC").await;
        app.pay(&id).await;
        assert_eq!(app.balance_cents(CLIENT), 2_000);
        let buy = |body: Value| app.post_json_with(&client, "/api/client/purchases", body);
        let reply = buy(json!({ "type": "premium", "gb": 1 })).await;
        assert_eq!((reply.status, reply.body["fields"]["type"].as_str()), (422, Some("type must be a kind your provider sells")));
        let reply = buy(json!({ "type": "budget", "gb": 1.5 })).await;
        assert_eq!(reply.body["fields"]["gb"], "gb must be a whole number from 1 to 10000");
        let reply = buy(json!({ "type": "budget", "gb": 7 })).await;
        assert_eq!((reply.status, reply.message()), (402, "Insufficient balance"));
        let reply = buy(json!({ "type": "budget", "gb": 5 })).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["user"]["balance"].as_f64(), Some(5.0));
        assert_eq!(app.stored_balance(app.user_id(CLIENT), ProxyKind::Budget).0, 5 * GB);
        // The reseller took $15 and paid the shop $8 (5 GB at the Budget 5 plan, 20 % off).
        assert_eq!(app.balance_cents(RESELLER), 1_500 - 800);
        let sales: Vec<(i64, i64, i64)> = app.with_conn(|conn| reseller_sales::table
            .select((reseller_sales::bytes, reseller_sales::price_cents, reseller_sales::cost_cents))
            .load(conn).unwrap());
        assert_eq!(sales, [(5 * GB, 1_500, 800)]);

        // Priced under the shop's cost with nothing to make it up: nothing is written.
        let reply = app.send(put(json!({ "clientPurchases": true, "prices": [{ "type": "budget", "pricePerGb": 0.1 }] }))).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        app.with_conn(|conn| persistence::wallet::debit(conn, reseller_id, domain::Cents::new(700), domain::EntryKind::AdminAdjustment, "drain", None).unwrap());
        let reply = buy(json!({ "type": "budget", "gb": 5 })).await;
        assert_eq!((reply.status, reply.message()), (409, "This purchase is not available right now: ask your provider"));
        assert_eq!((app.balance_cents(CLIENT), app.balance_cents(RESELLER)), (500, 0));
        assert_eq!(app.stored_balance(app.user_id(CLIENT), ProxyKind::Budget).0, 5 * GB);
        let count: i64 = app.with_conn(|conn| reseller_sales::table.count().get_result(conn).unwrap());
        assert_eq!(count, 1);

        // Closed again: the wallet and the purchases are refused once more.
        let reply = app.send(put(json!({ "clientPurchases": false, "prices": [] }))).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(app.get_with(&client, "/api/user/wallet").await.status, 403);
        assert_eq!(buy(json!({ "type": "budget", "gb": 1 })).await.status, 403);
    }
}
