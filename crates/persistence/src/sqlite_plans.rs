//! SQLite's query planner stability guarantee (QPSG), switched on for every SQLite connection
//! this process opens.
//!
//! Without it SQLite lets a bound parameter's value steer the plan, and marks a prepared
//! statement stale whenever such a parameter is bound again: since SQLite 3.45 that includes
//! `LIMIT ?`, which diesel writes for every `.first()` and `.limit(n)`. Every such query was
//! then parsed and planned again on every call even though diesel's statement cache held it
//! (profiled in `crates/api/examples/hello.rs`'s session read: a third of its time). With the
//! guarantee a statement keeps the plan it was prepared with, and the cache saves the parsing.
//! `tests/it/sqlite_plans.rs` counts the re-preparations of a cached statement.

use libsqlite3_sys as ffi;
use std::ffi::{c_char, c_int};
use std::sync::Once;

/// Registers the hook that switches the guarantee on in each SQLite connection opened from now
/// on; the first SQLite connection `establish` makes calls it, later calls do nothing.
#[allow(unsafe_code)]
pub(crate) fn install() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        // SAFETY: `plan_stability` has the signature SQLite calls auto-extensions with and only
        // calls `sqlite3_db_config` on the connection it is given.
        let rc = unsafe { ffi::sqlite3_auto_extension(Some(plan_stability)) };
        if rc != ffi::SQLITE_OK {
            tracing::warn!(rc, "could not register SQLite's plan stability hook");
        }
    });
}

/// Runs inside `sqlite3_open` for each new connection.
#[allow(unsafe_code)]
unsafe extern "C" fn plan_stability(
    db: *mut ffi::sqlite3,
    _error: *mut *mut c_char,
    _api: *const ffi::sqlite3_api_routines,
) -> c_int {
    // SAFETY: SQLite passes the connection being opened; `SQLITE_DBCONFIG_ENABLE_QPSG` takes an
    // int (1: on) and an int pointer for the new setting, which may be null.
    unsafe {
        ffi::sqlite3_db_config(
            db,
            ffi::SQLITE_DBCONFIG_ENABLE_QPSG,
            1 as c_int,
            std::ptr::null_mut::<c_int>(),
        )
    }
}
