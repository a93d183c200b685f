//! `GET /api/user/blocklist` and `PUT /api/user/blocklist {patterns}`: the destinations the
//! customer's own traffic never reaches (ad and analytics hosts a runaway script would spend
//! their traffic on). The list is replaced whole (at most `MAX_CUSTOMER_PATTERNS`, each
//! canonical and once), with the change event that makes every gateway node read it, in one
//! transaction; the gateway refuses a match as blocked by the customer.

use crate::admin::blocklist::pattern;
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, put, web};
use domain::blocklist::{MAX_CUSTOMER_PATTERNS, MAX_PATTERN_LEN};
use domain::messages as msg;
use persistence::blocklist;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};

/// The customer's own blocked destinations.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BlocklistPatterns {
    /// Domains (`example.com`), their subdomains (`*.example.com`), IP addresses or CIDR
    /// ranges, or ports (`:25`); at most 200. Answered canonical, sorted. Required: `[]`
    /// empties the list.
    #[schema(required = true, schema_with = patterns_schema)]
    pub patterns: Vec<String>,
}

fn patterns_schema() -> RefOr<Schema> {
    let item = ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .max_length(Some(MAX_PATTERN_LEN));
    ArrayBuilder::new()
        .items(item)
        .max_items(Some(MAX_CUSTOMER_PATTERNS))
        .into()
}

#[utoipa::path(tag = "blocklist",
    responses((status = 200, body = BlocklistPatterns), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse)))]
#[get("/user/blocklist")]
pub async fn get_blocklist(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let patterns = with_conn(&state.services.pool, move |conn| {
        Ok(blocklist::user_patterns(conn, id)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(BlocklistPatterns { patterns }))
}

#[utoipa::path(tag = "blocklist", request_body = BlocklistPatterns,
    responses((status = 200, body = BlocklistPatterns), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)),
    extensions(("x-max-per-account" = json!(MAX_CUSTOMER_PATTERNS))))]
#[put("/user/blocklist")]
pub async fn put_blocklist(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<BlocklistPatterns>,
) -> Result<HttpResponse, ApiError> {
    let given = body.into_inner().patterns;
    if given.len() > MAX_CUSTOMER_PATTERNS {
        return Err(ApiError::field("patterns", msg::BLOCKLIST_TOO_MANY));
    }
    let mut patterns = given
        .iter()
        .map(|text| pattern(text))
        .collect::<Result<Vec<String>, _>>()
        .map_err(|_| ApiError::field("patterns", msg::BLOCKLIST_PATTERNS))?;
    patterns.sort();
    patterns.dedup();
    let id = user.0.id;
    let patterns = in_transaction(&state.services.pool, move |conn| {
        blocklist::replace_user_patterns(conn, id, &patterns)?;
        Ok(blocklist::user_patterns(conn, id)?)
    })
    .await?;
    tracing::info!(
        user = id.get(),
        patterns = patterns.len(),
        "own blocklist replaced"
    );
    Ok(HttpResponse::Ok().json(BlocklistPatterns { patterns }))
}
