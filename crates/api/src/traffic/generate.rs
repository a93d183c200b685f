//! `POST /api/user/generate` (Premium) and `POST /api/user/generate_budget` (Budget): proxy
//! credentials from the residential source (DESIGN.md §5): our metering gateway with the
//! targeting in the username, or the customer's IPRoyal sub-user with the targeting in the
//! password. Each proxy generated is recorded in the customer's history.

use super::upstream_sync::{residential_error, sync_customer};
use crate::blocking::{in_transaction, with_conn};
use crate::dto::ErrorResponse;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use actix_web::{HttpResponse, web};
use domain::targeting::MAX_LIFETIME_MINUTES;
use domain::{FieldErrors, ProxyKind, locations, messages as msg};
use persistence::{proxy_history, traffic, upstream_accounts};
use serde::{Deserialize, Serialize};
use upstream::{Place, ProxyRequest, UpstreamAccount};
use utoipa::ToSchema;

/// Rotation options of SPEC.md §9, in minutes.
pub const ROTATION_MINUTES: [u32; 8] = [15, 30, 60, 240, 360, 720, 1080, 1440];
/// The lifetime of a Premium sticky session (Premium's payload carries none).
pub const PREMIUM_STICKY_MINUTES: u32 = 30;
const MAX_QUANTITY: u32 = 100;

#[derive(Debug, Deserialize, ToSchema)]
pub struct GenerateRequest {
    pub country: Option<String>,
    pub state: Option<String>,
    /// Premium: a city code. Budget: `-city-<code>`.
    pub city: Option<String>,
    pub quantity: Option<u32>,
    /// Budget only: minutes between rotations, 0 for sticky.
    pub lifetime: Option<u32>,
    /// `random` (Rotating) or `sticky`.
    pub rotation: Option<String>,
    /// `http|https` or `socks5`.
    pub port: Option<String>,
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

/// The validated request: what to target, how many, over which protocol.
struct Order {
    country: String,
    state: Option<String>,
    city: Option<String>,
    /// None: a new exit per request; Some(m): one exit kept for m minutes.
    session_minutes: Option<u32>,
    quantity: u32,
    socks: bool,
}

fn parse(kind: ProxyKind, body: &GenerateRequest) -> Result<Order, ApiError> {
    let country = present(&body.country).ok_or_else(all_fields)?;
    let quantity = body
        .quantity
        .filter(|q| (1..=MAX_QUANTITY).contains(q))
        .ok_or_else(all_fields)?;
    let sticky = match body.rotation.as_deref().unwrap_or("random") {
        "random" => false,
        "sticky" => true,
        _ => {
            return Err(ApiError::field(
                "rotation",
                "Rotation must be random or sticky",
            ));
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
        if !found.cities.iter().any(|c| c.code == city) {
            return Err(unknown());
        }
        // Rotating Premium proxies change exit on every request: no session.
        (
            Some(state),
            Some(city),
            sticky.then_some(PREMIUM_STICKY_MINUTES),
        )
    } else {
        let raw = present(&body.city).ok_or_else(all_fields)?;
        let city = raw.strip_prefix("-city-").unwrap_or(&raw).to_owned();
        if !place
            .states
            .iter()
            .any(|s| s.cities.iter().any(|c| c.code == city))
        {
            return Err(unknown());
        }
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
        country,
        state,
        city,
        session_minutes,
        quantity,
        socks,
    })
}

/// The code and name of the order's country, state and city (the provider may match by name).
fn places(order: &Order) -> Option<(Place<'_>, Option<Place<'_>>, Option<Place<'_>>)> {
    let country = locations::country(&order.country)?;
    let state = match &order.state {
        Some(code) => Some(country.states.iter().find(|s| s.code == *code)?),
        None => None,
    };
    let city = match &order.city {
        Some(code) => Some(
            country
                .states
                .iter()
                .filter(|s| state.is_none_or(|st| st.code == s.code))
                .flat_map(|s| s.cities.iter())
                .find(|c| c.code == *code)?,
        ),
        None => None,
    };
    let place = |code: &'static str, name: &'static str| Place { code, name };
    Some((
        place(&country.code, &country.name),
        state.map(|s| place(&s.code, &s.name)),
        city.map(|c| place(&c.code, &c.name)),
    ))
}

async fn generate_for(
    state: web::Data<AppState>,
    user: CurrentUser,
    kind: ProxyKind,
    body: web::Json<GenerateRequest>,
) -> Result<HttpResponse, ApiError> {
    let order = parse(kind, &body)?;
    let id = user.0.id;
    let (purchased, used) = with_conn(&state.pool, move |conn| {
        Ok(traffic::balance(conn, id, kind.as_str())?)
    })
    .await?;
    if purchased - used <= 0 {
        return Err(ApiError::PaymentRequired(msg::NO_TRAFFIC));
    }
    let source = state.residential.clone();
    let account = if source.provider() == "local" {
        None
    } else {
        let stored = with_conn(&state.pool, move |conn| {
            Ok(upstream_accounts::find(
                conn,
                id,
                kind.as_str(),
                source.provider(),
            )?)
        })
        .await?;
        match stored {
            Some(a) => Some(UpstreamAccount {
                external_id: a.external_id,
                username: a.username,
                password: a.password,
            }),
            None => sync_customer(&state.pool, state.residential.as_ref(), id, kind).await?,
        }
    };
    let (country, region, city) =
        places(&order).ok_or_else(|| ApiError::field("country", msg::UNKNOWN_LOCATION))?;
    let proxies = state
        .residential
        .proxies(&ProxyRequest {
            kind,
            username: &user.0.proxy_username,
            password: &user.0.proxy_password,
            account: account.as_ref(),
            country,
            state: region,
            city,
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
            proxy_history::insert(conn, id, kind.as_str(), proxy, None, now)?;
        }
        Ok(())
    })
    .await?;
    Ok(HttpResponse::Ok().json(GenerateResponse {
        proxies,
        message: msg::PROXY_GENERATED.to_owned(),
    }))
}

#[utoipa::path(post, path = "/api/user/generate", tag = "traffic", request_body = GenerateRequest,
    responses((status = 200, body = GenerateResponse), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
pub async fn generate_premium(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<GenerateRequest>,
) -> Result<HttpResponse, ApiError> {
    generate_for(state, user, ProxyKind::Premium, body).await
}

#[utoipa::path(post, path = "/api/user/generate_budget", tag = "traffic", request_body = GenerateRequest,
    responses((status = 200, body = GenerateResponse), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
pub async fn generate_budget(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<GenerateRequest>,
) -> Result<HttpResponse, ApiError> {
    generate_for(state, user, ProxyKind::Budget, body).await
}
