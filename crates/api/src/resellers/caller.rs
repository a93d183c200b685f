//! Who may call the reseller routes: a signed-in customer, or an API key with the `resell`
//! scope (checked by the bearer middleware), whose account is an enabled reseller (403
//! otherwise). A sub-user's sign-in or key is refused by `CurrentUser`, a reseller's client by
//! the guard of the limited callers before this runs.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::key_caller::KeyCaller;
use crate::state::AppState;
use actix_web::{FromRequest, HttpMessage, HttpRequest, dev::Payload, web};
use domain::messages as msg;
use persistence::resellers::accounts::{self, ResellerRow};
use persistence::users::UserRow;
use std::future::Future;
use std::pin::Pin;

pub struct Reseller {
    pub user: UserRow,
    pub terms: ResellerRow,
    /// The API key the request came with; None: the session.
    pub key_id: Option<i64>,
}

impl FromRequest for Reseller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let key_id = req.extensions().get::<KeyCaller>().map(|c| c.key_id);
            let CurrentUser(user) = CurrentUser::from_request(&req, &mut Payload::None).await?;
            if user.reseller_id.is_some() {
                return Err(ApiError::Forbidden(msg::CLIENT_SESSION_REFUSED));
            }
            let state = req
                .app_data::<web::Data<AppState>>()
                .ok_or_else(|| ApiError::internal("app state", "missing"))?;
            let id = user.id;
            let terms = with_conn(&state.services.pool, move |conn| {
                Ok(accounts::enabled(conn, id)?)
            })
            .await?
            .ok_or(ApiError::Forbidden(msg::NOT_A_RESELLER))?;
            Ok(Reseller {
                user,
                terms,
                key_id,
            })
        })
    }
}
