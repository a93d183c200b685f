//! Automatic top-up of traffic (docs/notifications.md, "Auto top-up"): the customer's settings
//! (`GET/PUT /api/user/auto_topup`). The check run where the API sees traffic change (a setting
//! saved already below its threshold, a provider's usage read back) is
//! `traffic::check_auto_topup`, beside the provider sync it calls. The gateway runs the same
//! check at its lease takes; the purchase itself is `persistence::auto_topup`.

mod form;
mod view;

pub use form::AutoTopupRequest;
pub use view::{AutoTopupItem, AutoTopupReply};

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::state::AppState;
use actix_web::{HttpResponse, get, put, web};
use app::traffic::check_auto_topup;
use domain::messages as msg;
use persistence::auto_topup;
use persistence::plans;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(get_auto_topup).service(put_auto_topup);
}

#[utoipa::path(tag = "traffic",
    responses((status = 200, body = AutoTopupReply), (status = 401)))]
#[get("/user/auto_topup")]
pub async fn get_auto_topup(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let saved = with_conn(&state.services.pool, move |conn| {
        Ok(auto_topup::list(conn, id)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(AutoTopupReply::from_saved(&saved)))
}

#[utoipa::path(tag = "traffic", request_body = AutoTopupRequest,
    responses((status = 200, body = AutoTopupReply), (status = 401), (status = 404),
              (status = 410), (status = 422)))]
#[put("/user/auto_topup")]
pub async fn put_auto_topup(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<AutoTopupRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let parsed = body.parse().map_err(ApiError::Validation)?;
    in_transaction(&state.services.pool, move |conn| {
        let now = persistence::now();
        // Like a purchase naming a plan: unknown or of another kind is 404, off sale 410.
        let plan = plans::find(conn, parsed.plan_id)?
            .filter(|p| p.kind == parsed.kind)
            .ok_or(ApiError::NotFoundWith(msg::PLAN_NOT_FOUND))?;
        if !plan.on_sale(now) {
            return Err(ApiError::Gone(msg::PLAN_UNAVAILABLE));
        }
        let below = parsed.below.get();
        auto_topup::save(
            conn,
            id,
            parsed.kind,
            parsed.enabled,
            below,
            parsed.plan_id,
            now,
        )?;
        Ok(())
    })
    .await?;
    // Saved already below the threshold: the top-up is due now, not at the next traffic.
    if parsed.enabled {
        let window = state.settings.auto_topup_window;
        // The setting is saved either way; a failed check is tried again at the next traffic.
        if let Err(err) = check_auto_topup(&state.services.pool, id, parsed.kind, window).await {
            tracing::warn!(user_id = %id, kind = %parsed.kind, %err, "automatic top-up check failed");
        }
    }
    let saved = with_conn(&state.services.pool, move |conn| {
        Ok(auto_topup::list(conn, id)?)
    })
    .await?;
    Ok(HttpResponse::Ok().json(AutoTopupReply::from_saved(&saved)))
}
