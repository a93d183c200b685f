//! Starting a signed-in session, which every sign-in route shares. What a sign-in decides
//! without HTTP (the guard, codes, recording the sign-in) is the application's
//! (`app::sign_in`), as are password hashing and creating users (`app::accounts`).

use crate::error::ApiError;
use crate::extractors::ClientIp;
use crate::session::Session;
use crate::session::USER_ID_KEY;
use persistence::DbPool;
use persistence::users::UserRow;

/// Records the sign-in, then starts a signed-in session under a new id (defeats session
/// fixation). In that order: a sign-in answered with an error leaves nobody signed in.
pub async fn sign_in(
    pool: &DbPool,
    session: &Session,
    ip: &ClientIp,
    user: &UserRow,
) -> Result<(), ApiError> {
    app::sign_in::record_sign_in(pool, user, ip.network()).await?;
    session.renew();
    session
        .insert(USER_ID_KEY, user.id)
        .map_err(|e| ApiError::internal("session insert", e))?;
    metrics::counter!("proxyshop_sessions_started_total").increment(1);
    Ok(())
}
