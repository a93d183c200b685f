//! `POST /api/admin/users/{id}/traffic {type, gb, reason}`: grants (gb > 0) or removes (gb < 0)
//! premium or budget traffic. The balance change, its `traffic_purchases` row (source admin,
//! price 0) and the audit row commit together.

use super::customer::existing_customer;
use super::view::{TrafficRow, traffic_row};
use crate::admin::audit_trail::{audit, reason};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::extractors::JsonObject;
use crate::number::hundredths;
use crate::state::AppState;
use actix_web::{HttpResponse, post, web};
use domain::units::GB;
use domain::{Cents, ProxyKind, UserId, messages as msg};
use persistence::traffic_purchases::{self, NewTrafficPurchase, Source};
use persistence::{admin_traffic, plans, traffic};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// How long granted traffic lasts when the kind has no plan on sale.
const DEFAULT_VALIDITY_DAYS: i64 = 30;

#[derive(Debug, Deserialize, ToSchema)]
pub struct TrafficRequest {
    /// premium or budget.
    #[serde(rename = "type")]
    #[schema(required = true, schema_with = crate::openapi::rules::traffic_kind)]
    pub kind: Option<String>,
    /// GB: positive grants, negative removes; non-zero, at most 2 decimals, |gb| ≤ 100000.
    #[schema(required = true, schema_with = crate::openapi::rules::signed_hundredths)]
    pub gb: Option<Value>,
    /// 3–200 characters.
    #[schema(required = true, schema_with = crate::openapi::rules::reason)]
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrafficChanged {
    pub traffic: TrafficRow,
}

fn traffic_kind(raw: Option<&str>) -> Result<ProxyKind, ApiError> {
    match raw.map(str::trim).and_then(ProxyKind::parse) {
        Some(kind) if kind.is_traffic() => Ok(kind),
        Some(_) => Err(ApiError::field("type", msg::TRAFFIC_KIND_ONLY)),
        None => Err(ApiError::field("type", msg::UNKNOWN_TYPE)),
    }
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = TrafficRequest,
    responses((status = 200, body = TrafficChanged), (status = 401), (status = 403),
        (status = 404, description = "User not found"),
        (status = 409, description = "Cannot remove more traffic than is unused"),
        (status = 422, description = "type, gb or reason invalid")))]
#[post("/admin/users/{id}/traffic")]
pub async fn change_traffic(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<TrafficRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let kind = traffic_kind(body.kind.as_deref())?;
    // Hundredths of a GB are 10^7 bytes.
    let bytes = hundredths(body.gb.as_ref())
        .map(|h| h * (GB / 100))
        .ok_or_else(|| ApiError::field("gb", msg::VALID_GB))?;
    let reason = reason(body.reason.as_deref())?;
    let actor = admin.0.id;
    let changed = in_transaction(&state.services.pool, move |conn| {
        existing_customer(conn, id)?;
        let before = traffic_row(conn, id, kind)?;
        if bytes > 0 {
            // Valid as long as the kind's longest plan on sale would make it.
            let days = plans::active_for_kind(conn, kind)?
                .iter()
                .map(|p| i64::from(p.validity_days))
                .max()
                .unwrap_or(DEFAULT_VALIDITY_DAYS);
            let expires_at = persistence::now() + days * 86_400;
            traffic::add_purchased(conn, id, kind, bytes, Some(expires_at))?;
        } else if !admin_traffic::remove_purchased(conn, id, kind, -bytes)? {
            return Err(ApiError::Conflict(msg::TRAFFIC_BELOW_USED));
        }
        traffic_purchases::record(
            conn,
            &NewTrafficPurchase {
                user_id: id,
                kind,
                plan_id: None,
                bytes,
                price: Cents::ZERO,
                source: Source::Admin,
            },
        )?;
        let after = traffic_row(conn, id, kind)?;
        audit(
            conn,
            actor,
            "user.traffic",
            &format!("user:{id}"),
            Some(&reason),
            Some(&before),
            Some(&after),
        )?;
        Ok(TrafficChanged { traffic: after })
    })
    .await?;
    Ok(HttpResponse::Ok().json(changed))
}
