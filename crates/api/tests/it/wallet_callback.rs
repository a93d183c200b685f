//! `POST /api/payment/callback` (docs/providers.md#cryptomus): a signed final `paid` report credits
//! the wallet exactly once however often (and however concurrently) it arrives; other statuses are
//! recorded without money; forged, tampered, unknown or mismatched reports write nothing.

use crate::common::{PASSWORD, TestApp};
use domain::{Cents, Coin};
use serde_json::json;
use upstream::CheckoutSigner;

const PAYER: &str = "payer@example.com";

/// An app with a signed-in payer who has opened a $25.00 LTC top-up.
async fn with_payment(backend: persistence::Backend) -> (TestApp, String) {
    let app = TestApp::start(backend, |_| {}).await;
    app.register(PAYER, PASSWORD).await;
    let id = app.top_up(25.0).await;
    (app, id)
}

/// The payment is still pending and the payer's wallet untouched.
fn assert_untouched(app: &TestApp, id: &str) {
    let row = app.payment(id);
    assert_eq!(row.status.as_str(), "pending");
    assert!(row.credited_at.is_none());
    assert!(row.raw_callback.is_none());
    assert_eq!(app.balance_cents(PAYER), 0);
    assert!(app.ledger(PAYER).is_empty());
    app.assert_books_balance(&[PAYER]);
}

/// Credited exactly once with $25.00.
fn assert_credited_once(app: &TestApp, id: &str, status: &str) {
    let row = app.payment(id);
    assert_eq!(row.status.as_str(), status);
    assert!(row.credited_at.is_some());
    assert_eq!(app.balance_cents(PAYER), 2500);
    let ledger = app.ledger(PAYER);
    assert_eq!(ledger.len(), 1, "{ledger:?}");
    assert_eq!(ledger[0].kind.as_str(), "topup");
    assert_eq!(ledger[0].amount_cents.get(), 2500);
    assert_eq!(ledger[0].balance_after.get(), 2500);
    assert_eq!(ledger[0].reference, id);
    app.assert_books_balance(&[PAYER]);
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_final_paid_report_credits_the_wallet(backend) {
        let (app, id) = with_payment(backend).await;

        let reply = app.callback(app.signed(&id, 2500, Coin::Ltc, "paid", true)).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Payment status recorded" }));
        assert_credited_once(&app, &id, "paid");
        assert!(app.payment(&id).raw_callback.unwrap().contains("\"status\":\"paid\""));
        assert_eq!(app.current_user().await["balance"], json!(25.0));
    }

    async fn a_repeated_paid_report_credits_once(backend) {
        let (app, id) = with_payment(backend).await;

        for _ in 0..5 {
            // Each delivery is freshly signed (a new txid), as a resend would be.
            let reply = app.callback(app.signed(&id, 2500, Coin::Ltc, "paid", true)).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
        }

        assert_credited_once(&app, &id, "paid");
    }

    async fn concurrent_paid_reports_credit_once(backend) {
        let (app, id) = with_payment(backend).await;
        let body = app.signed(&id, 2500, Coin::Ltc, "paid", true);

        let replies =
            futures::future::join_all((0..10).map(|_| app.callback(body.clone()))).await;

        for reply in &replies {
            assert_eq!(reply.status, 200, "{}", reply.text);
        }
        assert_credited_once(&app, &id, "paid");
    }

    async fn paid_over_credits_the_invoice_amount_once(backend) {
        let (app, id) = with_payment(backend).await;

        for _ in 0..2 {
            let reply = app
                .callback(app.signed(&id, 2500, Coin::Ltc, "paid_over", true))
                .await;
            assert_eq!(reply.status, 200, "{}", reply.text);
        }

        assert_credited_once(&app, &id, "paid_over");
    }

    async fn waiting_and_failed_statuses_are_recorded_without_credit(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        app.register(PAYER, PASSWORD).await;

        for (status, is_final) in [
            ("check", false),
            ("confirm_check", false),
            ("process", false),
            ("wrong_amount_waiting", false),
            ("wrong_amount", true),
            ("cancel", true),
            ("fail", true),
            ("system_fail", true),
        ] {
            let id = app.top_up(25.0).await;
            let reply = app.callback(app.signed(&id, 2500, Coin::Ltc, status, is_final)).await;
            assert_eq!(reply.status, 200, "{status}: {}", reply.text);
            let row = app.payment(&id);
            assert_eq!(row.status.as_str(), status);
            assert!(row.credited_at.is_none(), "{status}");
            assert!(row.raw_callback.is_some(), "{status}");
        }
        assert_eq!(app.balance_cents(PAYER), 0);
        assert!(app.ledger(PAYER).is_empty());
        app.assert_books_balance(&[PAYER]);
    }

    async fn a_waiting_report_then_paid_credits_and_a_late_one_changes_nothing(backend) {
        let (app, id) = with_payment(backend).await;

        let reply = app.callback(app.signed(&id, 2500, Coin::Ltc, "check", false)).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(app.payment(&id).status.as_str(), "check");
        assert_eq!(app.balance_cents(PAYER), 0);

        app.pay(&id).await;
        assert_credited_once(&app, &id, "paid");

        // Reports arriving out of order after the credit cannot undo it.
        for (status, is_final) in [("check", false), ("cancel", true), ("fail", true)] {
            let reply = app.callback(app.signed(&id, 2500, Coin::Ltc, status, is_final)).await;
            assert_eq!(reply.status, 200, "{status}: {}", reply.text);
            assert_credited_once(&app, &id, "paid");
        }
    }

    async fn a_paid_report_that_is_not_final_stays_pending(backend) {
        let (app, id) = with_payment(backend).await;

        let reply = app.callback(app.signed(&id, 2500, Coin::Ltc, "paid", false)).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        let row = app.payment(&id);
        assert_eq!(row.status.as_str(), "pending", "not shown as paid before the money is final");
        assert!(row.credited_at.is_none());
        assert_eq!(app.balance_cents(PAYER), 0);
        app.pay(&id).await;
        assert_credited_once(&app, &id, "paid");
    }

    async fn a_closed_payment_is_not_reopened_but_still_takes_money(backend) {
        let (app, id) = with_payment(backend).await;
        app.callback(app.signed(&id, 2500, Coin::Ltc, "cancel", true)).await;

        let late = app.callback(app.signed(&id, 2500, Coin::Ltc, "check", false)).await;
        assert_eq!(late.status, 200, "{}", late.text);
        assert_eq!(app.payment(&id).status.as_str(), "cancel", "a late waiting report does not reopen it");

        // Money that arrives for a cancelled invoice is still credited, once.
        app.callback(app.signed(&id, 2500, Coin::Ltc, "paid", true)).await;
        assert_credited_once(&app, &id, "paid");
    }

    async fn a_report_signed_with_another_key_is_refused(backend) {
        let (app, id) = with_payment(backend).await;
        let forged = app.checkout_with_key("not-the-shop-key").signed_webhook(
            &id,
            Cents::new(2500),
            Coin::Ltc,
            "paid",
            true,
        );

        let reply = app.callback(forged).await;

        assert_eq!(reply.status, 401, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Invalid signature" }));
        assert_untouched(&app, &id);
    }

    async fn a_report_tampered_after_signing_is_refused(backend) {
        let (app, id) = with_payment(backend).await;
        let signed = String::from_utf8(app.signed(&id, 2500, Coin::Ltc, "paid", true)).unwrap();

        let tampered = [
            signed.replacen("\"amount\":\"25.00\"", "\"amount\":\"2500.00\"", 1),
            signed.replacen("\"status\":\"paid\"", "\"status\":\"paid_over\"", 1),
            signed.replacen("\"is_final\":true", "\"is_final\":1", 1),
        ];
        for body in tampered {
            assert_ne!(body, signed);
            let reply = app.callback(body.into_bytes()).await;
            assert_eq!(reply.status, 401, "{}", reply.text);
            assert_eq!(reply.message(), "Invalid signature");
        }

        // Without any sign at all.
        let mut unsigned: serde_json::Value = serde_json::from_str(&signed).unwrap();
        unsigned.as_object_mut().unwrap().shift_remove("sign");
        let reply = app.callback(unsigned.to_string().into_bytes()).await;
        assert_eq!(reply.status, 401, "{}", reply.text);

        assert_untouched(&app, &id);
    }

    async fn a_report_for_an_unknown_payment_is_not_found(backend) {
        let (app, id) = with_payment(backend).await;

        let reply = app
            .callback(app.signed("pay_doesnotexist000000", 2500, Coin::Ltc, "paid", true))
            .await;

        assert_eq!(reply.status, 404, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "Payment not found" }));
        assert_untouched(&app, &id);
    }

    async fn a_report_with_another_amount_is_refused(backend) {
        let (app, id) = with_payment(backend).await;

        for cents in [2499, 2501, 250_000] {
            let reply = app.callback(app.signed(&id, cents, Coin::Ltc, "paid", true)).await;
            assert_eq!(reply.status, 400, "{cents}: {}", reply.text);
        }
        // Nor does a mismatched waiting report get recorded.
        let reply = app.callback(app.signed(&id, 100, Coin::Ltc, "check", false)).await;
        assert_eq!(reply.status, 400, "{}", reply.text);

        assert_untouched(&app, &id);
    }

    async fn a_body_that_is_not_a_payment_report_is_a_bad_request(backend) {
        let (app, id) = with_payment(backend).await;

        for body in ["{not json", "", "[1,2,3]", "\"paid\"", "{\"sign\":"] {
            let reply = app.callback(body.as_bytes().to_vec()).await;
            assert_eq!(reply.status, 400, "{body:?}: {}", reply.text);
        }

        assert_untouched(&app, &id);
    }
}
