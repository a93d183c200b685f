//! The history's line count on both backends: rows written before the `quantity` column existed
//! count one line once the migration has run, a row stands for at least one line, and
//! `insert_lines` keeps the count it is given.

use diesel::prelude::*;
use diesel_migrations::MigrationHarness;
use domain::ProxyKind;
use persistence::connection::{POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
use persistence::schema::proxy_history;
use persistence::testing::insert_user;
use persistence::{DbConnection, both_backends, proxy_history as history, run_migrations};

/// The version of `2026-12-12-000003_history_quantity`, digits only.
const QUANTITY_MIGRATION: &str = "20261212000003";

both_backends! {
    fn rows_from_before_the_migration_count_one_line(db) {
        let backend = db.backend;
        let mut conn = db.pool.get().unwrap();
        let user = insert_user(&mut conn, "old");
        let mut reverted = 0;
        loop {
            let version = match &mut *conn {
                DbConnection::Sqlite(c) => c.revert_last_migration(SQLITE_MIGRATIONS),
                DbConnection::Postgres(c) => c.revert_last_migration(POSTGRES_MIGRATIONS),
            }
            .unwrap()
            .to_string();
            reverted += 1;
            let digits: String = version.chars().filter(char::is_ascii_digit).collect();
            if digits == QUANTITY_MIGRATION {
                break;
            }
        }
        for line in ["h:8000:u1-type-premium:pw", "h:8000:u1-type-premium:pw"] {
            diesel::sql_query(format!(
                "INSERT INTO proxy_history (user_id, kind, proxy, created_at) VALUES ({}, 'premium', '{line}', 1)",
                user.get()
            ))
            .execute(&mut conn)
            .unwrap();
        }
        assert_eq!(run_migrations(&mut conn).unwrap(), reverted);
        let rows = history::for_user(&mut conn, user, ProxyKind::Premium, 10).unwrap();
        assert_eq!(rows.iter().map(|r| r.quantity).collect::<Vec<_>>(), [1, 1], "{backend:?}");
    }

    fn a_row_keeps_its_count_and_never_stands_for_none(db) {
        let backend = db.backend;
        let mut conn = db.pool.get().unwrap();
        let user = insert_user(&mut conn, "many");
        history::insert_lines(&mut conn, user, ProxyKind::Premium, "h:8000:u-type-premium:pw", 1000, None, 5).unwrap();
        history::insert(&mut conn, user, ProxyKind::Static, "h:9000:pc:pw", Some(9), 6).unwrap();
        let (rows, total) = history::page(&mut conn, user, None, None, 0, 10).unwrap();
        assert_eq!(total, 2);
        assert_eq!(rows.iter().map(|r| r.quantity).collect::<Vec<_>>(), [1, 1000], "{backend:?}");
        let zero = diesel::insert_into(proxy_history::table)
            .values((
                proxy_history::user_id.eq(user),
                proxy_history::kind.eq(ProxyKind::Premium),
                proxy_history::proxy.eq("h:8000:x:pw"),
                proxy_history::quantity.eq(0),
                proxy_history::created_at.eq(7),
            ))
            .execute(&mut conn);
        assert!(zero.is_err(), "{backend:?}: a row of no lines");
    }
}
