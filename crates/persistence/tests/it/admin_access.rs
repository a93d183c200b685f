//! The last-admin rule under concurrency, on both backends: two admins demoting or disabling
//! each other at the same instant (threads released by one barrier, each in its own write
//! transaction) never both succeed, so an enabled admin always remains.

use diesel::prelude::*;
use domain::{Role, UserId};
use persistence::admin_access::{self, Outcome};
use persistence::schema::users;
use persistence::testing::{TestDatabase, concurrently, insert_user};
use persistence::{DbConnection, both_backends, write_transaction};
use std::sync::{Arc, Mutex};

fn reset(conn: &mut DbConnection, ids: &[UserId]) {
    diesel::update(users::table.filter(users::id.eq_any(ids.to_vec())))
        .set((users::role.eq("admin"), users::disabled.eq(false)))
        .execute(conn)
        .unwrap();
}

fn enabled_admins(conn: &mut DbConnection) -> i64 {
    users::table
        .filter(users::role.eq("admin"))
        .filter(users::disabled.eq(false))
        .count()
        .get_result(conn)
        .unwrap()
}

fn race(db: &TestDatabase, change: fn(&mut DbConnection, UserId) -> Outcome) {
    let mut conn = db.pool.get().unwrap();
    let ids = [
        insert_user(&mut conn, "boss"),
        insert_user(&mut conn, "alice"),
    ];
    for round in 0..25 {
        reset(&mut conn, &ids);
        let outcomes = Arc::new(Mutex::new(Vec::new()));
        let seen = outcomes.clone();
        concurrently(db, 2, move |c, i| {
            // Each admin acts on the other.
            let target = ids[1 - i];
            let outcome =
                write_transaction(c, |t| Ok::<_, diesel::result::Error>(change(t, target)))
                    .unwrap();
            seen.lock().unwrap().push(outcome);
        });
        let outcomes = outcomes.lock().unwrap().clone();
        assert_eq!(enabled_admins(&mut conn), 1, "round {round}: {outcomes:?}");
        let mut sorted = outcomes.clone();
        sorted.sort_by_key(|o| *o == Outcome::Changed);
        assert_eq!(
            sorted,
            [Outcome::LastAdmin, Outcome::Changed],
            "round {round}"
        );
    }
}

both_backends! {
    fn two_admins_demoting_each_other_leave_one(db) {
        race(db, |c, id| admin_access::set_role(c, id, Role::User).unwrap());
    }

    fn two_admins_disabling_each_other_leave_one(db) {
        race(db, |c, id| admin_access::disable(c, id).unwrap());
    }
}
