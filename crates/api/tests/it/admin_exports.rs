//! The operator's CSV exports of payments (`/api/admin/payments.csv`, the list's filters) and
//! of a customer's ledger (`/api/admin/users/{id}/ledger.csv`): streamed past one page by a
//! keyset walk, every row once, spreadsheet-safe, admins only.

use crate::common::TestApp;
use domain::{Cents, EntryKind};
use persistence::wallet;

const ALICE: &str = "alice@example.com";
const BOB: &str = "bob@example.com";

/// The lines of a CSV body, header first.
fn lines(text: &str) -> Vec<&str> {
    text.split_terminator("\r\n").collect()
}

/// No cell of `line` starts with a formula character once its quote is taken off, except the
/// cells at `numbers` (signed amounts, which a spreadsheet must read as numbers).
fn assert_defused(line: &str, numbers: &[usize]) {
    for (index, cell) in line.split(',').enumerate() {
        if numbers.contains(&index) {
            continue;
        }
        assert!(
            !cell
                .trim_start_matches('"')
                .starts_with(['=', '+', '-', '@']),
            "{line}"
        );
    }
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_payments_export_streams_every_match_once(backend) {
        // More than one page of the export (500), written in one go so that many share their
        // creation second: the walk must break ties by id and neither skip nor repeat.
        let app = TestApp::with_admin(backend).await;
        app.customer(ALICE).await;
        app.customer(BOB).await;
        let (alice, bob) = (app.user_id(ALICE), app.user_id(BOB));
        let count = 1_203;
        app.with_conn(|conn| persistence::write_transaction(conn, |c| {
            for n in 0..count {
                let (user, coin) = match n % 4 {
                    0 => (alice, "=HYPERLINK(\"x\")".to_owned()),
                    1 => (alice, "+LTC".to_owned()),
                    2 => (bob, "@DOGE".to_owned()),
                    _ => (bob, "-TRX".to_owned()),
                };
                persistence::payments::insert_pending(c, &format!("pay-{n:05}"), user, Cents::new(100 + n), &coin, "local")?;
            }
            Ok::<_, persistence::DbError>(())
        })).unwrap();

        let reply = app.get("/api/admin/payments.csv").await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("content-type"), Some("text/csv; charset=utf-8"));
        assert_eq!(reply.header("content-disposition"), Some("attachment; filename=\"payments.csv\""));
        assert_eq!(reply.header("cache-control"), Some("no-store"));
        assert_eq!(reply.header("content-length"), None, "streamed");
        let rows = lines(&reply.text);
        assert_eq!(rows[0], "id,user_id,user_email,amount,currency,provider,provider_uuid,status,created_at,updated_at,credited_at,expires_at");
        assert_eq!(rows.len(), 1 + count as usize);
        let mut ids: Vec<&str> = rows[1..].iter().map(|l| l.split(',').next().unwrap()).collect();
        let listed = ids.clone();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), count as usize, "each payment once");
        let list = app.get("/api/admin/payments?perPage=200").await;
        let newest: Vec<&str> = list.body["items"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).collect();
        assert_eq!(&listed[..200], &newest[..], "the list's order");
        for row in &rows[1..] {
            assert_defused(row, &[]);
        }
        let first = rows.iter().find(|l| l.starts_with("pay-00000,")).unwrap();
        let created = first.split(',').nth(9).unwrap();
        assert_eq!(*first, format!("pay-00000,{},{ALICE},1.00,\"'=HYPERLINK(\"\"x\"\")\",local,,pending,{created},{created},,", alice.get()));
        assert!(created.len() == 20 && created.ends_with('Z'), "{created}");
        assert!(rows.iter().any(|l| l.contains(",'+LTC,")));
        assert!(rows.iter().any(|l| l.contains(",'@DOGE,")));
        assert!(rows.iter().any(|l| l.contains(",'-TRX,")));

        let bobs = app.get("/api/admin/payments.csv?q=bob@").await;
        let bob_rows = lines(&bobs.text);
        assert_eq!(bob_rows.len(), 1 + 601, "the list's search");
        assert!(bob_rows[1..].iter().all(|l| l.contains(BOB)));
        let none = app.get("/api/admin/payments.csv?status=paid").await;
        assert_eq!(lines(&none.text).len(), 1, "{}", none.text);
        let unknown = app.get("/api/admin/payments.csv?status=nonsense").await;
        assert_eq!((unknown.status, lines(&unknown.text).len()), (200, 1), "a status that names none matches none, as the list");
        let pending = app.get("/api/admin/payments.csv?status=pending&q=pay-00007").await;
        assert_eq!(lines(&pending.text).len(), 2, "{}", pending.text);
        let bad = app.get("/api/admin/payments.csv?q=%00").await;
        assert_eq!(bad.status, 422, "{}", bad.text);
    }

    async fn the_ledger_export_streams_the_whole_ledger(backend) {
        let app = TestApp::with_admin(backend).await;
        app.customer(ALICE).await;
        app.customer(BOB).await;
        let alice = app.user_id(ALICE);
        let count = 1_001;
        app.with_conn(|conn| persistence::write_transaction(conn, |c| {
            for n in 0..count {
                let note = if n == 0 { Some("=cmd|' /C calc'!A0") } else { None };
                wallet::credit(c, alice, Cents::new(1), EntryKind::Topup, &format!("t-{n}"), note).unwrap();
            }
            wallet::debit(c, alice, Cents::new(250), EntryKind::Purchase, "@order-1", Some("-bulk")).unwrap();
            wallet::credit(c, app.user_id(BOB), Cents::new(7), EntryKind::Topup, "bob-1", None).unwrap();
            Ok::<_, persistence::DbError>(())
        })).unwrap();

        let reply = app.get(&format!("/api/admin/users/{}/ledger.csv", alice.get())).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("content-type"), Some("text/csv; charset=utf-8"));
        assert_eq!(reply.header("content-disposition"), Some(format!("attachment; filename=\"ledger-{}.csv\"", alice.get()).as_str()));
        let rows = lines(&reply.text);
        assert_eq!(rows[0], "id,kind,amount,balance_after,reference,note,created_at");
        assert_eq!(rows.len(), 1 + count as usize + 1, "every row of Alice's, none of Bob's");
        let ids: Vec<i64> = rows[1..].iter().map(|l| l.split(',').next().unwrap().parse().unwrap()).collect();
        assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first, each once");
        let debit = rows[1];
        let created = debit.rsplit(',').next().unwrap();
        assert_eq!(debit, format!("{},purchase,-2.50,7.51,'@order-1,'-bulk,{created}", ids[0]));
        assert!(rows.last().unwrap().contains(",topup,0.01,0.01,t-0,'=cmd|' /C calc'!A0,"), "{}", rows.last().unwrap());
        for row in &rows[1..] {
            assert_defused(row, &[2, 3]);
        }
        let missing = app.get("/api/admin/users/999999/ledger.csv").await;
        assert_eq!((missing.status, missing.message()), (404, "User not found"));
    }

    async fn the_exports_are_for_admins_only(backend) {
        let app = TestApp::with_admin(backend).await;
        let alice = app.customer(ALICE).await;
        let id = app.user_id(ALICE);
        for path in ["/api/admin/payments.csv".to_owned(), format!("/api/admin/users/{id}/ledger.csv")] {
            let member = app.get_with(&alice, &path).await;
            assert_eq!((member.status, member.message()), (403, "You do not have permission to do this"), "{path}");
            let guest = app.get_with(&app.new_client(), &path).await;
            assert_eq!((guest.status, guest.message()), (401, "Please log in to continue"), "{path}");
        }
    }
}
