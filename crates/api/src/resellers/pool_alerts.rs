//! `GET/PUT /api/reseller/alerts`: the reseller's low-pool alerts (docs/resellers.md
//! "Reports"), the GB of its own premium and budget traffic below which the alerts check
//! (`app::alerts`) notifies it, by mail too when its alert settings say so.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::JsonObject;
use crate::form::{nullable, whole};
use crate::resellers::caller::Reseller;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, put, web};
use domain::{FieldErrors, messages as msg};
use persistence::resellers::accounts::{self, PoolAlerts};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// The GB a low-pool alert may be set to.
const BELOW_GB: std::ops::RangeInclusive<i64> = 1..=100_000;

/// The alerts as the reseller sees and sets them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolAlertsView {
    /// Notify when less than this many GB of the reseller's own premium traffic is left; null:
    /// off.
    pub premium_below_gb: Option<i32>,
    /// The same for budget traffic.
    pub budget_below_gb: Option<i32>,
}

impl From<PoolAlerts> for PoolAlertsView {
    fn from(a: PoolAlerts) -> Self {
        PoolAlertsView {
            premium_below_gb: a.premium_below_gb,
            budget_below_gb: a.budget_below_gb,
        }
    }
}

/// `PUT /api/reseller/alerts`: a field left out stays as it was; null turns it off.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PoolAlertsRequest {
    /// Whole GB from 1 to 100000, or null for off.
    #[serde(deserialize_with = "nullable")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 100000)]
    pub premium_below_gb: Option<Option<Value>>,
    /// Whole GB from 1 to 100000, or null for off.
    #[serde(deserialize_with = "nullable")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 100000)]
    pub budget_below_gb: Option<Option<Value>>,
}

/// A field's new value over `now`: absent keeps it, null clears it.
fn below(
    given: &Option<Option<Value>>,
    now: Option<i32>,
    field: &'static str,
    message: &'static str,
    errors: &mut FieldErrors,
) -> Option<i32> {
    match given {
        None => now,
        Some(None) => None,
        Some(Some(value)) => {
            let gb = value
                .as_f64()
                .and_then(|v| whole(v, BELOW_GB))
                .and_then(|n| i32::try_from(n).ok());
            if gb.is_none() {
                errors.add(field, message);
            }
            gb
        }
    }
}

impl PoolAlertsRequest {
    fn apply(&self, now: PoolAlerts) -> Result<PoolAlerts, FieldErrors> {
        let mut errors = FieldErrors::new();
        let alerts = PoolAlerts {
            premium_below_gb: below(
                &self.premium_below_gb,
                now.premium_below_gb,
                "premiumBelowGb",
                msg::POOL_ALERT_PREMIUM,
                &mut errors,
            ),
            budget_below_gb: below(
                &self.budget_below_gb,
                now.budget_below_gb,
                "budgetBelowGb",
                msg::POOL_ALERT_BUDGET,
                &mut errors,
            ),
        };
        if errors.is_empty() {
            Ok(alerts)
        } else {
            Err(errors)
        }
    }
}

#[utoipa::path(tag = "resellers",
    responses((status = 200, body = PoolAlertsView), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse)))]
#[get("/reseller/alerts")]
pub async fn get_pool_alerts(
    state: web::Data<AppState>,
    reseller: Reseller,
) -> Result<HttpResponse, ApiError> {
    let id = reseller.user.id;
    let alerts = with_conn(&state.services.pool, move |conn| {
        Ok(accounts::pool_alerts(conn, id)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(PoolAlertsView::from(alerts)))
}

#[utoipa::path(tag = "resellers", request_body = PoolAlertsRequest,
    responses((status = 200, body = PoolAlertsView), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[put("/reseller/alerts")]
pub async fn put_pool_alerts(
    state: web::Data<AppState>,
    reseller: Reseller,
    body: JsonObject<PoolAlertsRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = reseller.user.id;
    let body = body.into_inner();
    let alerts = in_transaction(&state.services.pool, move |conn| {
        let alerts = body
            .apply(accounts::pool_alerts(conn, id)?)
            .map_err(ApiError::Validation)?;
        accounts::set_pool_alerts(conn, id, alerts)?;
        Ok(alerts)
    })
    .await?;
    Ok(HttpResponse::Ok().json(PoolAlertsView::from(alerts)))
}
