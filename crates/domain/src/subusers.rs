//! Sub-users: how many an account may hold and the limits of a sub-user's settings, which the
//! API checks and its OpenAPI document states.

use crate::rules::Whole;

/// Sub-users one customer may hold.
pub const MAX_SUBUSERS: i64 = 50;

/// The largest connection cap a credential may have.
pub const MAX_CONNECTIONS: i32 = 10_000;

/// A credential's connection cap: 1 to [`MAX_CONNECTIONS`].
pub const CONNECTIONS: Whole = Whole {
    min: 1,
    max: MAX_CONNECTIONS as i64,
};
