//! Sub-users: the limits of a sub-user's settings, which the API's form checks and its OpenAPI
//! document states.

/// The largest connection cap a credential may have.
pub const MAX_CONNECTIONS: i32 = 10_000;
