//! The local checkout pages (`/checkout/{id}`): shown only to the payment's owner, Pay credits
//! once through the same verification as a real callback, Cancel records the cancellation, and
//! closed or expired invoices cannot be paid.

use crate::common::{PASSWORD, Reply, TestApp};

const PAYER: &str = "payer@example.com";

/// The app, the payer's browser (not following redirects) and a $25.00 DOGE payment of theirs.
async fn with_payment(backend: persistence::Backend) -> (TestApp, reqwest::Client, String) {
    let app = TestApp::start(backend, |_| {}).await;
    let payer = app.browser();
    app.register_with(&payer, PAYER, PASSWORD).await;
    let id = app.top_up_with(&payer, 25.0, "DOGE").await;
    (app, payer, id)
}

/// POSTs a checkout form as the browser would: our Origin, no body.
async fn submit(app: &TestApp, client: &reqwest::Client, path: &str) -> Reply {
    app.send(client.post(app.url(path)).header("origin", &app.address))
        .await
}

fn assert_back_to_wallet(app: &TestApp, reply: &Reply, id: &str) {
    assert_eq!(reply.status, 303, "{}", reply.text);
    let expected = format!("{}/onboard/wallet?payment={id}", app.address);
    assert_eq!(reply.header("location"), Some(expected.as_str()));
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_owner_sees_the_invoice_with_pay_and_cancel(backend) {
        let (app, payer, id) = with_payment(backend).await;

        let reply = app.get_with(&payer, &format!("/checkout/{id}")).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert!(reply.header("content-type").unwrap().starts_with("text/html"));
        assert_eq!(reply.header("cache-control"), Some("no-store"));
        assert!(reply.text.contains("$25.00"), "{}", reply.text);
        assert!(reply.text.contains("DOGE"), "{}", reply.text);
        assert!(reply.text.contains(&id), "{}", reply.text);
        assert!(reply.text.contains(&format!("action=\"/checkout/{id}/pay\"")));
        assert!(reply.text.contains(&format!("action=\"/checkout/{id}/cancel\"")));
        assert!(reply.text.contains(">Pay<") && reply.text.contains(">Cancel<"));
    }

    async fn nobody_else_sees_or_settles_the_invoice(backend) {
        let (app, _payer, id) = with_payment(backend).await;
        let other = app.browser();
        app.register_with(&other, "other@example.com", PASSWORD).await;
        let guest = app.browser();

        assert_eq!(app.get_with(&other, &format!("/checkout/{id}")).await.status, 404);
        assert_eq!(app.get_with(&guest, &format!("/checkout/{id}")).await.status, 401);
        assert_eq!(submit(&app, &other, &format!("/checkout/{id}/pay")).await.status, 404);
        assert_eq!(submit(&app, &guest, &format!("/checkout/{id}/pay")).await.status, 401);
        let cancel = submit(&app, &other, &format!("/checkout/{id}/cancel")).await;
        assert_eq!(cancel.status, 404);
        // An unknown invoice is simply not found.
        assert_eq!(app.get_with(&other, "/checkout/pay_nosuchpayment").await.status, 404);

        let row = app.payment(&id);
        assert_eq!(row.status.as_str(), "pending");
        assert_eq!(app.balance_cents(PAYER), 0);
        assert_eq!(app.balance_cents("other@example.com"), 0);
    }

    async fn pay_credits_once_and_returns_to_the_wallet(backend) {
        let (app, payer, id) = with_payment(backend).await;

        for _ in 0..2 {
            let reply = submit(&app, &payer, &format!("/checkout/{id}/pay")).await;
            assert_back_to_wallet(&app, &reply, &id);
        }

        let row = app.payment(&id);
        assert_eq!(row.status.as_str(), "paid");
        assert!(row.credited_at.is_some());
        assert_eq!(app.balance_cents(PAYER), 2500);
        let ledger = app.ledger(PAYER);
        assert_eq!(ledger.len(), 1, "{ledger:?}");
        assert_eq!((ledger[0].kind.as_str(), ledger[0].reference.as_str()), ("topup", id.as_str()));
        app.assert_books_balance(&[PAYER]);

        // The invoice is closed now.
        let page = app.get_with(&payer, &format!("/checkout/{id}")).await;
        assert_eq!(page.status, 200, "{}", page.text);
        assert!(page.text.contains("This invoice is paid"), "{}", page.text);
        assert!(!page.text.contains("/pay\""), "{}", page.text);

        // Cancelling a paid invoice changes nothing.
        let reply = submit(&app, &payer, &format!("/checkout/{id}/cancel")).await;
        assert_back_to_wallet(&app, &reply, &id);
        assert_eq!(app.payment(&id).status.as_str(), "paid");
        assert_eq!(app.balance_cents(PAYER), 2500);
    }

    async fn cancel_records_the_cancellation_without_credit(backend) {
        let (app, payer, paid) = with_payment(backend).await;
        let cancelled = app.top_up_with(&payer, 10.0, "USDT").await;
        submit(&app, &payer, &format!("/checkout/{paid}/pay")).await;

        let reply = submit(&app, &payer, &format!("/checkout/{cancelled}/cancel")).await;

        assert_back_to_wallet(&app, &reply, &cancelled);
        let row = app.payment(&cancelled);
        assert_eq!(row.status.as_str(), "cancel");
        assert!(row.credited_at.is_none());
        // Pay after Cancel does nothing: the invoice is closed.
        submit(&app, &payer, &format!("/checkout/{cancelled}/pay")).await;
        assert_eq!(app.payment(&cancelled).status.as_str(), "cancel");
        assert_eq!(app.balance_cents(PAYER), 2500);
        assert_eq!(app.ledger(PAYER).len(), 1);
        let page = app.get_with(&payer, &format!("/checkout/{cancelled}")).await;
        assert!(page.text.contains("This invoice is cancel"), "{}", page.text);
        app.assert_books_balance(&[PAYER]);
    }

    async fn an_expired_invoice_cannot_be_paid(backend) {
        let (app, payer, id) = with_payment(backend).await;
        app.expire(&id, 60);

        let page = app.get_with(&payer, &format!("/checkout/{id}")).await;
        assert_eq!(page.status, 200, "{}", page.text);
        assert!(page.text.contains("This invoice is expired"), "{}", page.text);
        assert!(!page.text.contains("/pay\""), "{}", page.text);

        let reply = submit(&app, &payer, &format!("/checkout/{id}/pay")).await;

        assert_back_to_wallet(&app, &reply, &id);
        assert_eq!(app.payment(&id).status.as_str(), "pending");
        assert!(app.payment(&id).credited_at.is_none());
        assert_eq!(app.balance_cents(PAYER), 0);
        assert!(app.ledger(PAYER).is_empty());
    }

    async fn a_cross_site_form_post_is_refused(backend) {
        let (app, payer, id) = with_payment(backend).await;

        let request = payer
            .post(app.url(&format!("/checkout/{id}/pay")))
            .header("origin", "https://evil.example");
        let reply = app.send(request).await;

        assert_eq!(reply.status, 403, "{}", reply.text);
        assert_eq!(app.payment(&id).status.as_str(), "pending");
        assert_eq!(app.balance_cents(PAYER), 0);
    }
}
