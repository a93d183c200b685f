//! The operator's customer search on both backends: a whole email, id, ref code or proxy
//! username answers that customer alone (through its unique index), anything else is a
//! substring of the email or name; on PostgreSQL the substring search uses the trigram indexes,
//! on SQLite it reads every customer.

use diesel::RunQueryDsl;
use persistence::admin_users::{self, CustomerFilter};
use persistence::testing::{insert_user, insert_user_with_email};
use persistence::{DbConnection, both_backends};

fn search(conn: &mut DbConnection, q: &str) -> Vec<String> {
    let filter = CustomerFilter {
        q: Some(q.into()),
        ..CustomerFilter::default()
    };
    let (rows, total) = admin_users::list(conn, &filter, 100, 0).unwrap();
    assert_eq!(total as usize, rows.len(), "{q}");
    let mut emails: Vec<String> = rows.into_iter().map(|c| c.user.email).collect();
    emails.sort();
    emails
}

both_backends! {
    fn an_exact_email_or_id_finds_the_customer_and_a_substring_still_searches(db) {
        let mut conn = db.pool.get().unwrap();
        let ids: Vec<_> = (0..300).map(|i| insert_user(&mut conn, &format!("cust{i}"))).collect();
        insert_user_with_email(&mut conn, "a@shop.io", "plain").unwrap();
        insert_user_with_email(&mut conn, "ba@shop.io", "other").unwrap();

        assert_eq!(search(&mut conn, "A@Shop.io"), ["a@shop.io"], "the whole email, not every email holding it");
        assert_eq!(search(&mut conn, "@shop.io"), ["a@shop.io", "ba@shop.io"], "a part of an email is a substring");
        let id = ids[42].get();
        assert_eq!(search(&mut conn, &id.to_string()), ["cust42@example.com"], "an id");
        assert_eq!(search(&mut conn, "RCUST7"), ["cust7@example.com"], "a ref code, any case");
        assert_eq!(search(&mut conn, "ucust8"), ["cust8@example.com"], "a proxy username");
        let mut nine: Vec<String> = std::iter::once(29).chain(290..300).map(|i| format!("cust{i}@example.com")).collect();
        nine.sort();
        assert_eq!(search(&mut conn, "UST29"), nine, "a substring of the email or name");
        assert!(search(&mut conn, "999999999").is_empty(), "no such id and no such text");
        let role = CustomerFilter { q: Some("cust5@example.com".into()), role: Some("admin".into()), disabled: None };
        assert!(admin_users::list(&mut conn, &role, 10, 0).unwrap().0.is_empty(), "the other filters still apply");

        let filter = CustomerFilter { q: Some("ust29".into()), ..CustomerFilter::default() };
        if matches!(*conn, DbConnection::Postgres(_)) {
            // 300 customers are cheaper to read whole: ask for the plan the index gives, as
            // 100,000 customers get it.
            diesel::sql_query("ANALYZE users").execute(&mut conn).unwrap();
            diesel::sql_query("SET enable_seqscan = off").execute(&mut conn).unwrap();
            let plan = admin_users::explain_search(&mut conn, &filter).unwrap();
            assert!(plan.contains("Bitmap Index Scan on users_email_trgm"), "{plan}");
            assert!(plan.contains("Bitmap Index Scan on users_name_trgm"), "{plan}");
        } else {
            let plan = admin_users::explain_search(&mut conn, &filter).unwrap();
            assert!(plan.contains("SCAN users"), "SQLite reads every customer for a substring: {plan}");
        }
    }
}
