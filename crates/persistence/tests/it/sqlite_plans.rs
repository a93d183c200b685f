//! A cached statement whose query ends in `LIMIT ?` (diesel's `.first()`) is not parsed again
//! each time it is run on SQLite (src/sqlite_plans.rs). Its own test binary: it registers a
//! process-wide SQLite hook to see the connection it opens.
#![allow(clippy::unwrap_used, clippy::expect_used, unsafe_code)]

use diesel::Connection;
use libsqlite3_sys as ffi;
use persistence::testing::TestDatabase;
use persistence::{Backend, DbConnection, now, sessions};
use std::cell::Cell;
use std::ffi::{c_char, c_int};

thread_local! {
    /// The last SQLite connection opened on this thread.
    static OPENED: Cell<*mut ffi::sqlite3> = const { Cell::new(std::ptr::null_mut()) };
}

unsafe extern "C" fn remember(
    db: *mut ffi::sqlite3,
    _error: *mut *mut c_char,
    _api: *const ffi::sqlite3_api_routines,
) -> c_int {
    OPENED.with(|opened| opened.set(db));
    ffi::SQLITE_OK
}

/// How many times SQLite prepared again the statements held open on `db`.
fn reprepares(db: *mut ffi::sqlite3) -> c_int {
    let mut total = 0;
    // SAFETY: `db` is a connection that is still open (the caller holds it); the statements
    // returned belong to it and are only read.
    unsafe {
        let mut stmt = ffi::sqlite3_next_stmt(db, std::ptr::null_mut());
        while !stmt.is_null() {
            total += ffi::sqlite3_stmt_status(stmt, ffi::SQLITE_STMTSTATUS_REPREPARE, 0);
            stmt = ffi::sqlite3_next_stmt(db, stmt);
        }
    }
    total
}

#[test]
fn a_cached_statement_with_a_bound_limit_is_not_prepared_again() {
    // Opening the database through the pool installs the crate's SQLite settings.
    let db = TestDatabase::new(Backend::Sqlite).unwrap();
    let mut setup = db.pool.get().unwrap();
    let user = persistence::testing::insert_user(&mut setup, "plans");
    let t = now();
    sessions::insert(&mut setup, "k", Some(user), "{}", t + 60, t).unwrap();
    drop(setup);

    // SAFETY: `remember` has the auto-extension signature and only stores the pointer.
    assert_eq!(
        unsafe { ffi::sqlite3_auto_extension(Some(remember)) },
        ffi::SQLITE_OK
    );
    let path = db.url.trim_start_matches("sqlite://");
    let mut conn = DbConnection::Sqlite(diesel::SqliteConnection::establish(path).unwrap());
    let handle = OPENED.with(Cell::get);
    assert!(!handle.is_null(), "the hook saw the connection open");

    for i in 0..10 {
        // A new bound value each time, like the clock the session lookup binds.
        let found = sessions::load_with_user(&mut conn, "k", t - i).unwrap();
        assert!(found.is_some());
    }
    assert_eq!(
        reprepares(handle),
        0,
        "parsed once, then reused as prepared"
    );
    drop(conn);
}
