//! `POST /api/user/generate` (Premium) and `POST /api/user/generate_budget` (Budget): proxy
//! credentials from the residential source: our metering gateway with the
//! targeting in the username, or the customer's IPRoyal sub-user with the targeting in the
//! password. With `subuserId` the lines carry one of the customer's sub-users (its username base
//! and password) instead of the main credential. Each proxy generated is recorded in the
//! customer's history.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::extractors::JsonObject;
use crate::number::{self, Quantity};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use app::traffic::{LOCAL, account_for, residential_error};
use domain::targeting::{MAX_LIFETIME_MINUTES, subuser_base};
use domain::{FieldErrors, ProxyKind, locations, messages as msg};
use persistence::{proxy_history, subusers, traffic};
use serde::{Deserialize, Serialize};
use upstream::{Place, ProxyRequest};
use utoipa::ToSchema;

/// The rotation options the Budget generator offers, in minutes (15 min to 1 day).
pub const ROTATION_MINUTES: [u32; 8] = [15, 30, 60, 240, 360, 720, 1080, 1440];
/// The lifetime of a Premium sticky session (Premium's payload carries none).
pub const PREMIUM_STICKY_MINUTES: u32 = 30;
/// The most proxy lines one generate request returns (OpenAPI `maximum` of `quantity`).
pub const MAX_QUANTITY: u32 = 1000;

#[derive(Debug, Deserialize, ToSchema)]
pub struct GenerateRequest {
    #[schema(required = true, schema_with = crate::openapi::rules::non_blank)]
    pub country: Option<String>,
    pub state: Option<String>,
    /// Premium: a city code. Budget: `-city-<code>`.
    #[schema(required = true, schema_with = crate::openapi::rules::non_blank)]
    pub city: Option<String>,
    /// 1 to 1000, as a whole number (`3` or `3.0`) or a string of digits.
    #[schema(required = true, schema_with = crate::openapi::rules::quantity)]
    pub quantity: Option<serde_json::Value>,
    /// Budget only: minutes between rotations, 0 for sticky.
    pub lifetime: Option<u32>,
    /// `random` (Rotating) or `sticky`.
    #[schema(schema_with = crate::openapi::rules::rotation)]
    pub rotation: Option<String>,
    /// `http|https` or `socks5`.
    #[schema(schema_with = crate::openapi::rules::protocol)]
    pub port: Option<String>,
    /// One of the customer's enabled sub-users of this kind: the lines carry its username and
    /// password instead of the main credential (built-in gateway only).
    #[serde(rename = "subuserId")]
    pub subuser_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GenerateResponse {
    /// `host:port:username:password`, one per proxy.
    pub proxies: Vec<String>,
    pub message: String,
}

fn present(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_lowercase)
}

fn all_fields() -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add("country", msg::SELECT_ALL_FIELDS);
    ApiError::Validation(errors)
}

/// The validated request: where (found in the shipped locations), how many, over which
/// protocol.
struct Order {
    country: Place<'static>,
    state: Option<Place<'static>>,
    city: Option<Place<'static>>,
    /// None: a new exit per request; Some(m): one exit kept for m minutes.
    session_minutes: Option<u32>,
    quantity: u32,
    socks: bool,
}

fn parse(kind: ProxyKind, body: &GenerateRequest) -> Result<Order, ApiError> {
    let country = present(&body.country).ok_or_else(all_fields)?;
    let quantity = match number::quantity(body.quantity.as_ref()) {
        Quantity::Missing => return Err(ApiError::field("quantity", msg::SELECT_ALL_FIELDS)),
        Quantity::Invalid => return Err(ApiError::field("quantity", msg::VALID_QUANTITY)),
        Quantity::Whole(q) => u32::try_from(q)
            .ok()
            .filter(|q| (1..=MAX_QUANTITY).contains(q))
            .ok_or_else(|| ApiError::field("quantity", msg::QUANTITY_RANGE))?,
    };
    let sticky = match body.rotation.as_deref().unwrap_or("random") {
        "random" => false,
        "sticky" => true,
        _ => {
            return Err(ApiError::field("rotation", msg::ROTATION));
        }
    };
    let socks = match body.port.as_deref().unwrap_or("http|https") {
        "http|https" => false,
        "socks5" => true,
        _ => {
            return Err(ApiError::field(
                "port",
                "Protocol must be http|https or socks5",
            ));
        }
    };
    let unknown = || ApiError::field("country", msg::UNKNOWN_LOCATION);
    let place = locations::country(&country).ok_or_else(unknown)?;
    let (state, city, session_minutes) = if kind == ProxyKind::Premium {
        let state = present(&body.state).ok_or_else(all_fields)?;
        let city = present(&body.city).ok_or_else(all_fields)?;
        let found = place
            .states
            .iter()
            .find(|s| s.code == state)
            .ok_or_else(unknown)?;
        let city = found
            .cities
            .iter()
            .find(|c| c.code == city)
            .ok_or_else(unknown)?;
        // Rotating Premium proxies change exit on every request: no session.
        (
            Some(named(&found.code, &found.name)),
            Some(named(&city.code, &city.name)),
            sticky.then_some(PREMIUM_STICKY_MINUTES),
        )
    } else {
        let raw = present(&body.city).ok_or_else(all_fields)?;
        let code = raw.strip_prefix("-city-").unwrap_or(&raw);
        let city = place
            .states
            .iter()
            .flat_map(|s| s.cities.iter())
            .find(|c| c.code == code)
            .ok_or_else(unknown)?;
        let city = named(&city.code, &city.name);
        // Budget's rotation time is a session that lasts that long; sticky ones keep theirs
        // for the longest lifetime.
        let minutes = match (sticky, body.lifetime.unwrap_or(15)) {
            (true, _) => MAX_LIFETIME_MINUTES,
            (false, m) if ROTATION_MINUTES.contains(&m) => m,
            (false, _) => {
                return Err(ApiError::field(
                    "lifetime",
                    "Choose one of the rotation times",
                ));
            }
        };
        (None, Some(city), Some(minutes))
    };
    Ok(Order {
        country: named(&place.code, &place.name),
        state,
        city,
        session_minutes,
        quantity,
        socks,
    })
}

fn named(code: &'static str, name: &'static str) -> Place<'static> {
    Place { code, name }
}

async fn generate_for(
    state: web::Data<AppState>,
    user: CurrentUser,
    kind: ProxyKind,
    body: JsonObject<GenerateRequest>,
) -> Result<HttpResponse, ApiError> {
    let order = parse(kind, &body)?;
    let id = user.0.id;
    let subuser_id = body.subuser_id;
    if subuser_id.is_some() && state.residential.provider() != LOCAL {
        return Err(ApiError::field("subuserId", msg::SUBUSER_LOCAL_ONLY));
    }
    let ((purchased, used), subuser) = with_conn(&state.pool, move |conn| {
        let subuser = match subuser_id {
            Some(sub) => Some(subusers::get(conn, id, sub)?),
            None => None,
        };
        Ok((traffic::balance(conn, id, kind)?, subuser))
    })
    .await?;
    // The sub-user's username base and password, or the main ones.
    let (username, password) = match subuser {
        None => (user.0.proxy_username.clone(), user.0.proxy_password.clone()),
        Some(Some(row)) if row.enabled && row.kind == kind => (
            subuser_base(&user.0.proxy_username, &row.name),
            row.password,
        ),
        Some(_) => return Err(ApiError::field("subuserId", msg::SUBUSER_FOR_GENERATE)),
    };
    if purchased - used <= 0 {
        return Err(ApiError::PaymentRequired(msg::NO_TRAFFIC));
    }
    let account = account_for(&state.pool, state.residential.as_ref(), id, kind).await?;
    let proxies = state
        .residential
        .proxies(&ProxyRequest {
            kind,
            username: &username,
            password: &password,
            account: account.as_ref(),
            country: order.country,
            state: order.state,
            city: order.city,
            session_minutes: order.session_minutes,
            socks: order.socks,
            quantity: order.quantity,
        })
        .await
        .map_err(residential_error)?;
    let recorded = proxies.clone();
    in_transaction(&state.pool, move |conn| {
        let now = persistence::now();
        for proxy in &recorded {
            proxy_history::insert(conn, id, kind, proxy, None, now)?;
        }
        Ok(())
    })
    .await?;
    Ok(HttpResponse::Ok().json(GenerateResponse {
        proxies,
        message: msg::PROXY_GENERATED.to_owned(),
    }))
}

#[utoipa::path(tag = "traffic", request_body = GenerateRequest,
    responses((status = 200, body = GenerateResponse), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[post("/user/generate")]
pub async fn generate_premium(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<GenerateRequest>,
) -> Result<HttpResponse, ApiError> {
    generate_for(state, user, ProxyKind::Premium, body).await
}

#[utoipa::path(tag = "traffic", request_body = GenerateRequest,
    responses((status = 200, body = GenerateResponse), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[post("/user/generate_budget")]
pub async fn generate_budget(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<GenerateRequest>,
) -> Result<HttpResponse, ApiError> {
    generate_for(state, user, ProxyKind::Budget, body).await
}
