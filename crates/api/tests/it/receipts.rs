//! Receipts (`GET /api/user/receipts/{id}.pdf`) and billing details (`GET/PUT
//! /api/user/billing`): a top-up's and a purchase's receipt read back from the PDF (the text of
//! its content stream, decoded as the font's declared encoding) match the ledger, the payment
//! and the order; only the owner's top-ups and purchases have receipts; the billing details are
//! checked, trimmed and printed.

use crate::common::{PASSWORD, Reply, TestApp};
use app::settings::ShopIdentity;
use domain::{Cents, EntryKind};
use lopdf::{Document, Object};
use persistence::wallet;
use serde_json::{Value, json};

const USER: &str = "buyer@example.com";

/// The app with a seller of its own, and `USER` signed in with `dollars` paid in.
async fn shop(backend: persistence::Backend, dollars: f64) -> TestApp {
    let app = TestApp::start(backend, |s| {
        s.limits.payments_per_user = 100;
        s.shop = ShopIdentity {
            name: "Example Proxies Ltd".into(),
            address: "1 Main Street, Dublin, Ireland".into(),
            tax_id: "IE1234567T".into(),
        };
    })
    .await;
    app.register(USER, PASSWORD).await;
    app.add_funds(dollars).await;
    app
}

async fn receipt_with(app: &TestApp, client: &reqwest::Client, id: i64) -> reqwest::Response {
    client
        .get(app.url(&format!("/api/user/receipts/{id}.pdf")))
        .send()
        .await
        .unwrap()
}

/// The receipt of ledger row `id` as the lines of text its page draws.
async fn receipt_text(app: &TestApp, id: i64) -> Vec<String> {
    let response = receipt_with(app, &app.client, id).await;
    assert_eq!(response.status(), 200);
    let header = |name: &str| response.headers()[name].to_str().unwrap().to_owned();
    assert_eq!(header("content-type"), "application/pdf");
    assert_eq!(
        header("content-disposition"),
        format!("attachment; filename=\"receipt-{id}.pdf\"")
    );
    assert_eq!(header("cache-control"), "private, no-store");
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-"), "not a PDF");
    pdf_lines(&bytes)
}

/// Every string the page shows (`Tj`), decoded as its font's declared encoding.
fn pdf_lines(bytes: &[u8]) -> Vec<String> {
    let doc = Document::load_mem(bytes).unwrap();
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 1, "one page");
    let page = pages[&1];
    let fonts: Vec<_> = doc
        .objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .filter(|d| d.get(b"Type").and_then(Object::as_name_str).ok() == Some("Font"))
        .collect();
    assert_eq!(fonts.len(), 2, "Helvetica and Helvetica-Bold");
    for font in fonts {
        assert_eq!(
            font.get(b"Encoding").unwrap().as_name_str().unwrap(),
            "WinAnsiEncoding"
        );
    }
    let content = lopdf::content::Content::decode(&doc.get_page_content(page).unwrap()).unwrap();
    content
        .operations
        .iter()
        .filter(|op| op.operator == "Tj")
        .map(|op| match &op.operands[0] {
            Object::String(bytes, _) => encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned(),
            other => panic!("Tj with {other:?}"),
        })
        .collect()
}

fn has(lines: &[String], wanted: &str) {
    assert!(
        lines.iter().any(|l| l == wanted),
        "no line {wanted:?} in {lines:#?}"
    );
}

/// The newest ledger entry of the signed-in customer.
async fn newest_entry(app: &TestApp) -> Value {
    app.get("/api/user/wallet").await.body["entries"][0].clone()
}

async fn put_billing(app: &TestApp, client: &reqwest::Client, body: Value) -> Reply {
    app.send(client.put(app.url("/api/user/billing")).json(&body))
        .await
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_top_up_receipt_shows_the_seller_the_customer_and_the_transaction(backend) {
        let app = shop(backend, 25.0).await;
        let saved = put_billing(&app, &app.client, json!({
            "company": "  Müller GmbH ", "address": "Hauptstraße 5, 10115 Berlin, Germany", "vatId": "DE123456789",
        })).await;
        assert_eq!(saved.status, 200, "{}", saved.text);
        let entry = newest_entry(&app).await;
        assert_eq!(entry["kind"], "topup");
        let id = entry["id"].as_i64().unwrap();
        let payment = app.payment(entry["reference"].as_str().unwrap());
        let report: Value = serde_json::from_str(payment.raw_callback.as_deref().unwrap()).unwrap();
        let txid = report["txid"].as_str().unwrap();
        assert_eq!(txid.len(), 64);

        let lines = receipt_text(&app, id).await;

        for wanted in [
            "Example Proxies Ltd", "1 Main Street, Dublin, Ireland", "Tax ID: IE1234567T",
            "RECEIPT", &format!("Receipt no. R-{id:08}"),
            "Müller GmbH", USER, "Hauptstraße 5, 10115 Berlin, Germany", "VAT ID: DE123456789",
            "Wallet top-up", "Wallet top-up paid in LTC", "1", "$25.00", "Total (USD)",
            "Cryptocurrency (LTC)", &payment.id, txid,
        ] {
            has(&lines, wanted);
        }
        let created = entry["createdAt"].as_i64().unwrap();
        let date = time::OffsetDateTime::from_unix_timestamp(created).unwrap();
        has(&lines, &format!("Date: {}-{:02}-{:02} {:02}:{:02} UTC", date.year(), u8::from(date.month()), date.day(), date.hour(), date.minute()));
        // The amount appears as the unit price, the line's amount and the total.
        assert_eq!(lines.iter().filter(|l| *l == "$25.00").count(), 3, "{lines:#?}");
    }

    async fn a_piece_purchase_receipt_itemises_the_order(backend) {
        let app = shop(backend, 10.0).await;
        let plans = app.get("/api/user/plan?type=static").await;
        let plan = &plans.body["plan"]["plans"][0];
        let bought = app.post_json("/api/user/get_proxy", json!({
            "type": "static", "plan": plan["id"], "country": "us", "location": "us-comcast", "quantity": 2,
        })).await;
        assert_eq!(bought.status, 200, "{}", bought.text);
        let entry = newest_entry(&app).await;
        assert_eq!((entry["kind"].clone(), entry["amount"].clone()), (json!("purchase"), json!(-7.0)));

        let lines = receipt_text(&app, entry["id"].as_i64().unwrap()).await;

        let name = plan["name"].as_str().unwrap();
        has(&lines, &format!("Static Residential Proxies, plan {name} (US)"));
        for wanted in ["Purchase", "2", "$3.50", "$7.00", "Wallet balance", "Balance after", "$3.00", USER] {
            has(&lines, wanted);
        }
        // No billing details saved: none printed.
        assert!(!lines.iter().any(|l| l.starts_with("VAT ID")), "{lines:#?}");
    }

    async fn a_traffic_plan_receipt_names_the_plan_and_its_gb(backend) {
        let app = shop(backend, 50.0).await;
        let bought = app.post_json("/api/user/get_plan", json!({ "type": "premium", "amount": 5 })).await;
        assert_eq!(bought.status, 200, "{}", bought.text);
        let entry = newest_entry(&app).await;
        let paid = Cents::from_dollars(-entry["amount"].as_f64().unwrap()).unwrap();
        let note = entry["note"].as_str().unwrap();
        assert!(note.starts_with("premium plan ") && note.ends_with("(5 GB)"), "{note}");

        let lines = receipt_text(&app, entry["id"].as_i64().unwrap()).await;

        has(&lines, &format!("P{}", &note[1..]));
        assert_eq!(lines.iter().filter(|l| **l == paid.to_string()).count(), 3, "{lines:#?}");
    }

    async fn only_the_owner_s_top_ups_and_purchases_have_receipts(backend) {
        let app = shop(backend, 20.0).await;
        let id = newest_entry(&app).await["id"].as_i64().unwrap();
        let other = app.new_client();
        app.register_with(&other, "other@example.com", PASSWORD).await;

        let theirs = receipt_with(&app, &other, id).await;
        assert_eq!(theirs.status(), 404);
        assert_eq!(theirs.json::<Value>().await.unwrap(), json!({ "message": "Receipt not found" }));
        let guest = receipt_with(&app, &app.new_client(), id).await;
        assert_eq!(guest.status(), 401);

        // Ledger rows of other kinds: a referral bonus, an operator's adjustment, a refund.
        let user_id = app.user_id(USER);
        app.with_conn(|conn| {
            persistence::write_transaction(conn, |conn| {
                wallet::credit(conn, user_id, Cents::new(100), EntryKind::ReferralBonus, "pay_x", None)?;
                wallet::credit(conn, user_id, Cents::new(200), EntryKind::AdminAdjustment, "adj_1", None)?;
                wallet::credit(conn, user_id, Cents::new(300), EntryKind::Refund, "piece_0", None)
            })
            .unwrap()
        });
        let entries = app.get("/api/user/wallet").await.body["entries"].as_array().unwrap().clone();
        assert_eq!(entries.len(), 4);
        for entry in &entries[..3] {
            let reply = receipt_with(&app, &app.client, entry["id"].as_i64().unwrap()).await;
            assert_eq!(reply.status(), 404, "{entry}");
        }
        for path in ["999999.pdf", "0.pdf", "-1.pdf", "abc.pdf", &format!("{id}")] {
            let reply = app.get(&format!("/api/user/receipts/{path}")).await;
            assert_eq!(reply.status, 404, "{path}: {}", reply.text);
        }
        assert_eq!(receipt_with(&app, &app.client, id).await.status(), 200);
    }

    async fn billing_details_are_trimmed_bounded_and_one_line(backend) {
        let app = shop(backend, 0.0).await;
        let empty = json!({ "company": "", "address": "", "vatId": "" });
        assert_eq!(app.get("/api/user/billing").await.body, empty);

        let saved = put_billing(&app, &app.client, json!({ "company": " Acme Ltd ", "vatId": "GB123\t" })).await;
        assert_eq!(saved.status, 200, "{}", saved.text);
        let details = json!({ "company": "Acme Ltd", "address": "", "vatId": "GB123" });
        assert_eq!(saved.body, json!({ "message": "Billing details saved", "billing": details }));
        assert_eq!(app.get("/api/user/billing").await.body, details);

        let bad = put_billing(&app, &app.client, json!({
            "company": "x".repeat(101), "address": "Line 1\nLine 2", "vatId": "DE\u{0}1",
        })).await;
        assert_eq!(bad.status, 422, "{}", bad.text);
        assert_eq!(bad.body["fields"], json!({
            "company": "Company must be at most 100 characters, on one line",
            "address": "Address must be at most 200 characters, on one line",
            "vatId": "VAT ID must be at most 32 characters, on one line",
        }));
        assert_eq!(app.get("/api/user/billing").await.body, details, "a refused change writes nothing");
        let wrong_type = put_billing(&app, &app.client, json!({ "company": 5 })).await;
        assert_eq!(wrong_type.status, 422, "{}", wrong_type.text);
        assert_eq!(wrong_type.body["fields"]["company"], "company must be text");

        let longest = put_billing(&app, &app.client, json!({
            "company": "ü".repeat(100), "address": "a".repeat(200), "vatId": "1".repeat(32),
        })).await;
        assert_eq!(longest.status, 200, "{}", longest.text);
        let cleared = put_billing(&app, &app.client, json!({ "company": null })).await;
        assert_eq!(cleared.body["billing"], empty);

        let guest = app.new_client();
        assert_eq!(app.get_with(&guest, "/api/user/billing").await.status, 401);
        assert_eq!(put_billing(&app, &guest, details.clone()).await.status, 401);
        // Each customer has their own.
        let other = app.new_client();
        app.register_with(&other, "other@example.com", PASSWORD).await;
        assert_eq!(app.get_with(&other, "/api/user/billing").await.body, empty);
    }
}
