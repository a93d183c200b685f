//! `GET /api/user/billing` and `PUT /api/user/billing`: read and replace the customer's billing
//! details. Each field is optional (absent, null or blank: not set), trimmed, bounded, one line.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, put, web};
use domain::billing::BillingDetails;
use domain::messages as msg;
use persistence::billing;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The billing details as shown; an empty string is a field not set.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BillingView {
    pub company: String,
    pub address: String,
    pub vat_id: String,
}

impl From<BillingDetails> for BillingView {
    fn from(details: BillingDetails) -> Self {
        BillingView {
            company: details.company,
            address: details.address,
            vat_id: details.vat_id,
        }
    }
}

/// `PUT /api/user/billing`: every field replaced; absent or null clears it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BillingRequest {
    /// At most 100 characters, one line.
    #[schema(schema_with = crate::billing::schema::company)]
    pub company: Option<String>,
    /// At most 200 characters, one line (street, city, postcode, country).
    #[schema(schema_with = crate::billing::schema::address)]
    pub address: Option<String>,
    /// At most 32 characters, one line.
    #[schema(schema_with = crate::billing::schema::vat_id)]
    pub vat_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BillingSaved {
    pub message: String,
    pub billing: BillingView,
}

#[utoipa::path(tag = "account",
    responses((status = 200, body = BillingView), (status = 401, body = ErrorResponse)))]
#[get("/user/billing")]
pub async fn get_billing(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let details = with_conn(&state.services.pool, move |conn| {
        Ok(billing::get(conn, id)?)
    })
    .await?;
    Ok(HttpResponse::Ok().json(BillingView::from(details)))
}

#[utoipa::path(tag = "account", request_body = BillingRequest,
    responses((status = 200, body = BillingSaved), (status = 401, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
#[put("/user/billing")]
pub async fn put_billing(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<BillingRequest>,
) -> Result<HttpResponse, ApiError> {
    let details = BillingDetails::parse(
        body.company.as_deref(),
        body.address.as_deref(),
        body.vat_id.as_deref(),
    )
    .map_err(ApiError::Validation)?;
    let id = user.0.id;
    let saved = in_transaction(&state.services.pool, move |conn| {
        billing::save(conn, id, &details)?;
        Ok(billing::get(conn, id)?)
    })
    .await?;
    Ok(HttpResponse::Ok().json(BillingSaved {
        message: msg::BILLING_SAVED.to_owned(),
        billing: BillingView::from(saved),
    }))
}
