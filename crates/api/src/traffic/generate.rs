//! `POST /api/user/generate` (Premium) and `POST /api/user/generate_budget` (Budget): proxy
//! credentials on our metering gateway, with the targeting in the username (the local source,
//! DESIGN.md §5). Each proxy generated is recorded in the customer's history.

use crate::blocking::{in_transaction, with_conn};
use crate::dto::ErrorResponse;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use actix_web::{HttpResponse, web};
use domain::targeting::MAX_LIFETIME_MINUTES;
use domain::{FieldErrors, ProxyKind, Targeting, locations, messages as msg};
use persistence::{proxy_history, traffic};
use rand::Rng;
use serde::{Deserialize, Serialize};
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

fn session_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::thread_rng();
    (0..8)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

/// The validated request: what to target, how many, over which protocol.
struct Order {
    targeting: Targeting,
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
    let unknown = || ApiError::field("country", "Unknown location");
    let place = locations::country(&country).ok_or_else(unknown)?;
    let (state, city, lifetime) = if kind == ProxyKind::Premium {
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
        let lifetime = match (sticky, body.lifetime.unwrap_or(15)) {
            (true, _) => Some(MAX_LIFETIME_MINUTES),
            (false, m) if ROTATION_MINUTES.contains(&m) => Some(m),
            (false, _) => {
                return Err(ApiError::field(
                    "lifetime",
                    "Choose one of the rotation times",
                ));
            }
        };
        (None, Some(city), lifetime)
    };
    // Rotating Premium proxies change exit on every request: no session. Budget's rotation time
    // is a session that lasts that long; sticky ones keep theirs for the longest lifetime.
    let needs_session = lifetime.is_some();
    Ok(Order {
        targeting: Targeting {
            kind,
            country: Some(country),
            state,
            city,
            session: needs_session.then(session_id),
            lifetime_minutes: lifetime,
        },
        quantity,
        socks,
    })
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
    let gateway = &state.settings.gateway;
    let port = if order.socks {
        gateway.socks_port
    } else {
        gateway.http_port
    };
    let proxies: Vec<String> = (0..order.quantity)
        .map(|i| {
            let mut t = order.targeting.clone();
            if i > 0 && t.session.is_some() {
                t.session = Some(session_id());
            }
            let username = t.username(&user.0.proxy_username);
            format!(
                "{}:{port}:{username}:{}",
                gateway.host, user.0.proxy_password
            )
        })
        .collect();
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
