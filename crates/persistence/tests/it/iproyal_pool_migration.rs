//! `2026-12-20-000301_iproyal_pool` on both backends: customers of the IPRoyal sub-user mode keep
//! their traffic balances and daily usage exactly, as our own balances, and the sub-users'
//! accounts (ids, credentials, read-back counters) are gone.

use diesel::prelude::*;
use diesel_migrations::MigrationHarness;
use domain::ProxyKind;
use persistence::connection::{POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
use persistence::testing::insert_user;
use persistence::{DbConnection, both_backends, run_migrations, traffic};

/// The version of `2026-12-20-000301_iproyal_pool`, digits only.
const IPROYAL_POOL_MIGRATION: &str = "20261220000301";

/// Reverts migrations down to and including `version`; returns how many were reverted.
pub fn revert_to(conn: &mut DbConnection, version: &str) -> usize {
    let mut reverted = 0;
    loop {
        let done = match conn {
            DbConnection::Sqlite(c) => c.revert_last_migration(SQLITE_MIGRATIONS),
            DbConnection::Postgres(c) => c.revert_last_migration(POSTGRES_MIGRATIONS),
        }
        .unwrap()
        .to_string();
        reverted += 1;
        let digits: String = done.chars().filter(char::is_ascii_digit).collect();
        if digits == version {
            return reverted;
        }
    }
}

fn exec(conn: &mut DbConnection, sql: &str) {
    diesel::sql_query(sql).execute(conn).unwrap();
}

fn table_exists(conn: &mut DbConnection, name: &str) -> bool {
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let sql = match conn {
        DbConnection::Sqlite(_) => format!(
            "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '{name}'"
        ),
        DbConnection::Postgres(_) => format!(
            "SELECT COUNT(*) AS n FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_name = '{name}'"
        ),
    };
    diesel::sql_query(sql).get_result::<Count>(conn).unwrap().n > 0
}

both_backends! {
    fn subuser_customers_keep_their_balances_untouched(db) {
        let backend = db.backend;
        let mut conn = db.pool.get().unwrap();
        let premium = insert_user(&mut conn, "premium");
        let both = insert_user(&mut conn, "both");
        let reverted = revert_to(&mut conn, IPROYAL_POOL_MIGRATION);
        assert!(table_exists(&mut conn, "upstream_accounts"), "{backend:?}");

        // As the sub-user mode left them: our balance (usage read back from IPRoyal included),
        // the day's usage, and the sub-user with its credential and lifetime counter.
        let far = persistence::now() + 30 * 86_400;
        let rows = [
            (premium, "premium", 5_000_000_000_i64, 1_234_567_891_i64),
            (both, "premium", 2_000_000_000, 2_000_000_000),
            (both, "budget", 10_000_000_000, 3),
        ];
        for (user, kind, purchased, used) in rows {
            let id = user.get();
            exec(&mut conn, &format!(
                "INSERT INTO traffic_balances (user_id, kind, purchased_bytes, used_bytes, updated_at, expires_at) \
                 VALUES ({id}, '{kind}', {purchased}, {used}, 1, {far})"
            ));
            exec(&mut conn, &format!(
                "INSERT INTO usage_daily (user_id, kind, day, bytes) VALUES ({id}, '{kind}', '2026-12-19', {used})"
            ));
            exec(&mut conn, &format!(
                "INSERT INTO upstream_accounts (user_id, kind, provider, external_id, username, password, used_bytes, created_at, updated_at) \
                 VALUES ({id}, '{kind}', 'iproyal', 'hash{id}{kind}', 'ps{id}', 'subUserPw{id}', {used}, 1, 1)"
            ));
        }

        assert_eq!(run_migrations(&mut conn).unwrap(), reverted, "{backend:?}");

        for (user, kind, purchased, used) in rows {
            let kind = ProxyKind::parse(kind).unwrap();
            assert_eq!(
                traffic::balance(&mut conn, user, kind).unwrap(),
                (purchased, used),
                "{backend:?} {kind}"
            );
            assert_eq!(
                traffic::daily(&mut conn, user, kind, "2026-12-01").unwrap(),
                [("2026-12-19".to_owned(), used)],
                "{backend:?} {kind}"
            );
        }
        assert!(!table_exists(&mut conn, "upstream_accounts"), "{backend:?}");
    }
}
