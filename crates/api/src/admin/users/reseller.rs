//! `PUT /api/admin/users/{id}/reseller {enabled, discountPercent, maxClients, reason?}`: makes
//! a customer a reseller, changes its terms, or switches it off (docs/resellers.md), in one
//! transaction with its audit row (`user.reseller`, the terms before and after). A sub-user's
//! sign-in or a reseller's client cannot be a reseller (422). Lowering `maxClients` below the
//! clients the reseller has keeps them; it only refuses new ones. Switched off, the reseller's
//! routes answer it 403; its clients keep their accounts and traffic.

use super::customer::existing_customer;
use crate::admin::audit_trail::{audit, optional_reason};
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::state::AppState;
use actix_web::{HttpResponse, put, web};
use domain::resellers::{DISCOUNT_PERCENT, MAX_CLIENTS};
use domain::rules::Whole;
use domain::{FieldErrors, UserId, messages as msg};
use persistence::resellers::accounts::{self, ResellerRow, Terms};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ResellerRequest {
    /// Whether the account may use the reseller routes.
    #[schema(required = true, value_type = bool)]
    pub enabled: Option<bool>,
    /// The discount on the reseller's own purchases, every kind (a whole percent, 0–90); the
    /// customer's own price of a kind applies instead when it is larger.
    #[schema(required = true, schema_with = crate::openapi::reseller_rules::discount_percent)]
    pub discount_percent: Option<Value>,
    /// How many clients the reseller may have (1–10000).
    #[schema(required = true, schema_with = crate::openapi::reseller_rules::max_clients)]
    pub max_clients: Option<Value>,
    /// Optional, 3–200 characters when given.
    #[schema(schema_with = crate::openapi::rules::optional_reason)]
    pub reason: Option<String>,
}

/// A reseller's terms as the operator sees them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminReseller {
    pub enabled: bool,
    pub discount_percent: i32,
    pub max_clients: i32,
    /// The clients the reseller has now.
    pub clients: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

impl AdminReseller {
    pub fn new(row: &ResellerRow, clients: i64) -> Self {
        AdminReseller {
            enabled: row.enabled,
            discount_percent: row.discount_percent,
            max_clients: row.max_clients,
            clients,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminResellerEnvelope {
    pub reseller: AdminReseller,
}

/// A whole number of `rule`, or the field's message.
fn whole(value: Option<&Value>, rule: Whole, message: &'static str) -> Result<i32, &'static str> {
    value
        .and_then(domain::numbers::whole_of)
        .filter(|n| rule.contains(*n))
        .and_then(|n| i32::try_from(n).ok())
        .ok_or(message)
}

impl ResellerRequest {
    fn terms(&self) -> Result<Terms, FieldErrors> {
        let mut errors = FieldErrors::new();
        let enabled = errors.take("enabled", self.enabled.ok_or(msg::RESELLER_ENABLED));
        let discount = errors.take(
            "discountPercent",
            whole(
                self.discount_percent.as_ref(),
                DISCOUNT_PERCENT,
                msg::RESELLER_DISCOUNT,
            ),
        );
        let max = errors.take(
            "maxClients",
            whole(
                self.max_clients.as_ref(),
                MAX_CLIENTS,
                msg::RESELLER_MAX_CLIENTS,
            ),
        );
        match (enabled, discount, max) {
            (Some(enabled), Some(discount_percent), Some(max_clients)) => Ok(Terms {
                enabled,
                discount_percent,
                max_clients,
            }),
            _ => Err(errors),
        }
    }
}

fn snapshot(row: Option<&ResellerRow>) -> Value {
    match row {
        Some(r) => serde_json::json!({
            "enabled": r.enabled,
            "discountPercent": r.discount_percent,
            "maxClients": r.max_clients,
        }),
        None => Value::Null,
    }
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = ResellerRequest,
    responses((status = 200, body = AdminResellerEnvelope), (status = 401), (status = 403),
        (status = 404, description = "User not found"),
        (status = 422, description = "a field invalid, or the account is a sub-user sign-in or a reseller's client")))]
#[put("/admin/users/{id}/reseller")]
pub async fn set_reseller(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<ResellerRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let terms = body.terms().map_err(ApiError::Validation)?;
    let reason = optional_reason(body.reason.as_deref())?;
    let actor = admin.0.id;
    let reseller = in_transaction(&state.services.pool, move |conn| {
        let user = existing_customer(conn, id)?;
        if user.subuser_id.is_some() || user.reseller_id.is_some() {
            return Err(ApiError::field("id", msg::RESELLER_NOT_CUSTOMER));
        }
        let before = accounts::find(conn, id)?;
        let same = |r: &ResellerRow| {
            r.enabled == terms.enabled
                && r.discount_percent == terms.discount_percent
                && r.max_clients == terms.max_clients
        };
        // Already these terms: nothing changed, nothing to record.
        let after = match before.as_ref().filter(|r| same(r)) {
            Some(unchanged) => unchanged.clone(),
            None => accounts::set(conn, id, terms)?,
        };
        if !before.as_ref().is_some_and(same) {
            audit(
                conn,
                actor,
                "user.reseller",
                &format!("user:{id}"),
                reason.as_deref(),
                Some(&snapshot(before.as_ref())),
                Some(&snapshot(Some(&after))),
            )?;
        }
        let clients = persistence::resellers::clients::count(conn, id)?;
        Ok(AdminReseller::new(&after, clients))
    })
    .await?;
    tracing::info!(
        admin = actor.get(),
        user = id.get(),
        enabled = reseller.enabled,
        "reseller terms set"
    );
    Ok(HttpResponse::Ok().json(AdminResellerEnvelope { reseller }))
}
