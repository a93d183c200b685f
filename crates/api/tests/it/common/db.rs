//! Direct database access for arranging and checking what HTTP alone cannot: roles, disabled
//! accounts, code ages, session rows.

use super::TestApp;
use diesel::prelude::*;
use persistence::DbConnection;
use persistence::schema::{email_codes, users};
use persistence::users::UserRow;

impl TestApp {
    /// Runs `f` on a pooled connection to the test database.
    pub fn pool(&self) -> &persistence::DbPool {
        &self.db.pool
    }

    pub fn with_conn<T>(&self, f: impl FnOnce(&mut DbConnection) -> T) -> T {
        let mut conn = self.db.pool.get().unwrap();
        f(&mut conn)
    }

    pub fn user(&self, email: &str) -> Option<UserRow> {
        self.with_conn(|conn| persistence::users::find_by_email(conn, email).unwrap())
    }

    pub fn make_admin(&self, email: &str) {
        let user = self.user(email).expect("user");
        self.with_conn(|conn| persistence::users::set_role(conn, user.id, "admin").unwrap());
    }

    pub fn set_disabled(&self, email: &str, disabled: bool) {
        let changed = self.with_conn(|conn| {
            diesel::update(users::table.filter(users::email.eq(email)))
                .set(users::disabled.eq(disabled))
                .execute(conn)
                .unwrap()
        });
        assert_eq!(changed, 1, "no user {email}");
    }

    pub fn session_count(&self, email: &str) -> i64 {
        let user = self.user(email).expect("user");
        self.with_conn(|conn| {
            persistence::sessions::count_for_user(conn, user.id, persistence::now()).unwrap()
        })
    }

    /// Moves the pending code's times back by `seconds` (as if that much time had passed).
    /// The attempts counted on `email`'s pending sign-up code.
    pub fn code_attempts(&self, email: &str) -> i32 {
        self.with_conn(|conn| {
            email_codes::table
                .find(email)
                .select(email_codes::attempts)
                .first(conn)
                .unwrap()
        })
    }

    pub fn age_code(&self, email: &str, seconds: i64) {
        let changed = self.with_conn(|conn| {
            diesel::update(email_codes::table.filter(email_codes::email.eq(email)))
                .set((
                    email_codes::sent_at.eq(email_codes::sent_at - seconds),
                    email_codes::expires_at.eq(email_codes::expires_at - seconds),
                ))
                .execute(conn)
                .unwrap()
        });
        assert_eq!(changed, 1, "no pending code for {email}");
    }
}
