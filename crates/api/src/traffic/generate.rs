//! `POST /api/user/generate` (Premium) and `POST /api/user/generate_budget` (Budget): proxy
//! credentials of our metering gateway with the targeting in the username, whatever upstream
//! pool carries the traffic (with IPRoyal's pool configured, the place is first checked against
//! IPRoyal's location list). With `subuserId` the lines carry one of the customer's sub-users
//! (its username base and password) instead of the main credential. The targeting is optional at every level (no
//! country: any country). Each generation is recorded in the customer's history: identical
//! (rotating) lines as one row with their count, sticky lines one row per session.

use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::JsonObject;
use crate::extractors::Viewer;
use crate::number::{self, Quantity};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, post, web};
use app::traffic::residential_error;
use domain::targeting::{MAX_LIFETIME_MINUTES, Protocol, Rotation, subuser_base};
use domain::{ProxyKind, locations, messages as msg};
use persistence::resellers::brands;
use persistence::{proxy_history, subusers, traffic};
use serde::{Deserialize, Serialize};
use upstream::{Place, ProxyRequest};
use utoipa::ToSchema;

/// The rotation options the Budget generator offers, in minutes (15 min to 1 day).
pub const ROTATION_MINUTES: [u32; 8] = [15, 30, 60, 240, 360, 720, 1080, 1440];
/// The lifetime of a Premium sticky session (Premium's payload carries none).
pub const PREMIUM_STICKY_MINUTES: u32 = 30;
/// The most proxy lines one generate request returns (OpenAPI `maximum` of `quantity`).
pub const MAX_QUANTITY: u32 = domain::numbers::QUANTITY.max as u32;

/// The targeting is optional at every level: no country targets any country, a country alone
/// any place in it (Premium: a state alone any city in it). A state or city needs its country,
/// a Premium city its state; a value given must be in the location lists.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GenerateRequest {
    /// ISO 3166-1 alpha-2 code; omitted, null or blank for any country.
    pub country: Option<String>,
    /// Premium: a state code of the country, or blank for any. Budget targets no state and
    /// ignores it (a state without a country is refused all the same).
    pub state: Option<String>,
    /// Premium: a city code of the state. Budget: `-city-<code>`. Blank for any.
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
    /// password instead of the main credential.
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

type Places = (
    Option<Place<'static>>,
    Option<Place<'static>>,
    Option<Place<'static>>,
);

/// The validated request: where (found in the shipped locations; None: anywhere), how many,
/// over which protocol.
struct Order {
    country: Option<Place<'static>>,
    state: Option<Place<'static>>,
    city: Option<Place<'static>>,
    /// None: a new exit per request; Some(m): one exit kept for m minutes.
    session_minutes: Option<u32>,
    quantity: u32,
    socks: bool,
}

fn parse(kind: ProxyKind, body: &GenerateRequest) -> Result<Order, ApiError> {
    let quantity = match number::quantity(body.quantity.as_ref()) {
        Quantity::Missing => return Err(ApiError::field("quantity", msg::SELECT_ALL_FIELDS)),
        Quantity::Invalid => return Err(ApiError::field("quantity", msg::VALID_QUANTITY)),
        Quantity::Whole(q) => u32::try_from(q)
            .ok()
            .filter(|q| (1..=MAX_QUANTITY).contains(q))
            .ok_or_else(|| ApiError::field("quantity", msg::QUANTITY_RANGE))?,
    };
    let sticky = match body
        .rotation
        .as_deref()
        .map_or(Some(Rotation::Random), Rotation::parse)
    {
        Some(rotation) => rotation == Rotation::Sticky,
        None => return Err(ApiError::field("rotation", msg::ROTATION)),
    };
    let socks = match body
        .port
        .as_deref()
        .map_or(Some(Protocol::Http), Protocol::parse)
    {
        Some(protocol) => protocol == Protocol::Socks5,
        None => {
            return Err(ApiError::field(
                "port",
                "Protocol must be http|https or socks5",
            ));
        }
    };
    let (country, state, city) = places(kind, body)?;
    let session_minutes = if kind == ProxyKind::Premium {
        // Rotating Premium proxies change exit on every request: no session.
        sticky.then_some(PREMIUM_STICKY_MINUTES)
    } else {
        // Budget's rotation time is a session that lasts that long; sticky ones keep theirs
        // for the longest lifetime.
        Some(match (sticky, body.lifetime.unwrap_or(15)) {
            (true, _) => MAX_LIFETIME_MINUTES,
            (false, m) if ROTATION_MINUTES.contains(&m) => m,
            (false, _) => {
                return Err(ApiError::field(
                    "lifetime",
                    "Choose one of the rotation times",
                ));
            }
        })
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

/// The places asked for, each found in the shipped locations: nothing (any country), a country,
/// and below it (Premium) a state and a city of that state, or (Budget) a city of the country.
fn places(kind: ProxyKind, body: &GenerateRequest) -> Result<Places, ApiError> {
    let unknown = || ApiError::field("country", msg::UNKNOWN_LOCATION);
    let state = present(&body.state);
    let city = present(&body.city);
    let Some(country) = present(&body.country) else {
        if state.is_some() || city.is_some() {
            return Err(ApiError::field("country", msg::COUNTRY_FOR_PLACE));
        }
        return Ok((None, None, None));
    };
    let place = locations::country(&country).ok_or_else(unknown)?;
    let country = Some(named(&place.code, &place.name));
    if kind == ProxyKind::Budget {
        // Budget lists cities per country (whichever state they are in) and takes no state.
        let Some(raw) = city else {
            return Ok((country, None, None));
        };
        let code = raw.strip_prefix("-city-").unwrap_or(&raw);
        let city = place
            .states
            .iter()
            .flat_map(|s| s.cities.iter())
            .find(|c| c.code == code)
            .ok_or_else(unknown)?;
        return Ok((country, None, Some(named(&city.code, &city.name))));
    }
    let Some(state) = state else {
        if city.is_some() {
            return Err(ApiError::field("state", msg::STATE_FOR_CITY));
        }
        return Ok((country, None, None));
    };
    let state = place
        .states
        .iter()
        .find(|s| s.code == state)
        .ok_or_else(unknown)?;
    let city = match city {
        None => None,
        Some(code) => {
            let found = state
                .cities
                .iter()
                .find(|c| c.code == code)
                .ok_or_else(unknown)?;
            Some(named(&found.code, &found.name))
        }
    };
    Ok((country, Some(named(&state.code, &state.name)), city))
}

/// The lines as history rows: each run of identical lines (a rotating generation repeats one
/// line) as one line with its count; lines that differ (sticky sessions) stay one each.
fn runs(lines: &[String]) -> Vec<(String, i32)> {
    let mut out: Vec<(String, i32)> = Vec::new();
    for line in lines {
        match out.last_mut() {
            Some((last, count)) if last == line => *count += 1,
            _ => out.push((line.clone(), 1)),
        }
    }
    out
}

fn named(code: &'static str, name: &'static str) -> Place<'static> {
    Place { code, name }
}

async fn generate_for(
    state: web::Data<AppState>,
    viewer: Viewer,
    kind: ProxyKind,
    body: JsonObject<GenerateRequest>,
) -> Result<HttpResponse, ApiError> {
    let order = parse(kind, &body)?;
    let user = viewer.user;
    let id = user.id;
    // A caller limited to a sub-user generates that sub-user's lines only.
    let subuser_id = match (&viewer.subuser, body.subuser_id) {
        (None, asked) => asked,
        (Some(scope), None) => Some(scope.subuser.id),
        (Some(scope), Some(asked)) if asked == scope.subuser.id => Some(asked),
        (Some(_), Some(_)) => return Err(ApiError::Forbidden(msg::SUBUSER_OTHER_DATA)),
    };
    let client = user.reseller_id.is_some();
    let ((purchased, used), subuser, host) = with_conn(&state.services.pool, move |conn| {
        let subuser = match subuser_id {
            Some(sub) => Some(subusers::get(conn, id, sub)?),
            None => None,
        };
        // A reseller's client's lines name its reseller's host for the gateway, when it set one.
        let host = match client {
            true => brands::client_proxy_host(conn, id)?,
            false => None,
        };
        Ok((traffic::balance(conn, id, kind)?, subuser, host))
    })
    .await?;
    // The sub-user's username base and password, or the main ones.
    let (username, password) = match subuser {
        None => (user.proxy_username.clone(), user.proxy_password.clone()),
        Some(Some(row)) if row.enabled && row.kind == kind => {
            (subuser_base(&user.proxy_username, &row.name), row.password)
        }
        Some(_) => return Err(ApiError::field("subuserId", msg::SUBUSER_FOR_GENERATE)),
    };
    if purchased - used <= 0 {
        return Err(ApiError::PaymentRequired(msg::NO_TRAFFIC));
    }
    let proxies = state
        .services
        .residential
        .proxies(&ProxyRequest {
            kind,
            username: &username,
            password: &password,
            country: order.country,
            state: order.state,
            city: order.city,
            session_minutes: order.session_minutes,
            socks: order.socks,
            quantity: order.quantity,
            host: host.as_deref(),
        })
        .await
        .map_err(residential_error)?;
    let recorded = runs(&proxies);
    in_transaction(&state.services.pool, move |conn| {
        let now = persistence::now();
        for (proxy, quantity) in &recorded {
            proxy_history::insert_lines(conn, id, kind, proxy, *quantity, None, now)?;
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
    viewer: Viewer,
    body: JsonObject<GenerateRequest>,
) -> Result<HttpResponse, ApiError> {
    generate_for(state, viewer, ProxyKind::Premium, body).await
}

#[utoipa::path(tag = "traffic", request_body = GenerateRequest,
    responses((status = 200, body = GenerateResponse), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[post("/user/generate_budget")]
pub async fn generate_budget(
    state: web::Data<AppState>,
    viewer: Viewer,
    body: JsonObject<GenerateRequest>,
) -> Result<HttpResponse, ApiError> {
    generate_for(state, viewer, ProxyKind::Budget, body).await
}
