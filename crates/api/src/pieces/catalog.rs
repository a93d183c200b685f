//! What can be bought by the piece: `GET /api/user/server_credentials?type=` (static: countries
//! and ISPs; IPv4/IPv6: countries) and `GET /api/user/lte_credentials[?country=]` (the countries
//! with LTE stock, or one country's endpoints), in the shapes of docs/api.md#proxies-by-the-piece,
//! with the stock left.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::form::KindQuery;
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use domain::{ProxyKind, locations, messages as msg};
use persistence::pieces::{self, StockRow};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Serialize, ToSchema)]
pub struct StockCountry {
    /// Lower-case ISO 3166-1 alpha-2.
    pub code: String,
    pub name: String,
    /// Proxies in stock.
    pub amount: i32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StockIsp {
    /// Sent back as `location` when buying.
    pub code: String,
    pub name: String,
    pub amount: i32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaticCredentials {
    #[serde(rename = "supportedCountries")]
    pub supported_countries: Vec<StockCountry>,
    /// ISPs keyed by country code.
    #[serde(rename = "supportedISPs")]
    pub supported_isps: BTreeMap<String, Vec<StockIsp>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DatacenterCountry {
    /// Sent back as `location` when buying.
    pub id: String,
    pub code: String,
    pub name: String,
    pub amount: i32,
}

/// The answer to `?type=static`.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaticCredentialsResponse {
    pub success: bool,
    pub data: StaticCredentials,
}

/// The answer to `?type=ipv4` and `?type=ipv6`.
#[derive(Debug, Serialize, ToSchema)]
pub struct DatacenterCredentialsResponse {
    pub success: bool,
    pub data: Vec<DatacenterCountry>,
}

/// Untagged, so the wire keeps the `{ success, data }` shape; each variant is its own named
/// schema, so the generated client types tell a static answer from a datacenter one.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ServerCredentialsResponse {
    Static(StaticCredentialsResponse),
    Datacenter(DatacenterCredentialsResponse),
}

fn country_name(code: &str) -> String {
    locations::country(code).map_or_else(|| code.to_uppercase(), |c| c.name.clone())
}

fn static_credentials(rows: &[StockRow]) -> StaticCredentials {
    let mut isps: BTreeMap<String, Vec<StockIsp>> = BTreeMap::new();
    for row in rows {
        isps.entry(row.country.clone()).or_default().push(StockIsp {
            code: row.code.clone(),
            name: row.isp_name.clone().unwrap_or_else(|| row.code.clone()),
            amount: row.available(),
        });
    }
    let supported_countries = isps
        .iter()
        .map(|(code, list)| StockCountry {
            code: code.clone(),
            name: country_name(code),
            amount: list.iter().map(|i| i.amount).sum(),
        })
        .collect();
    StaticCredentials {
        supported_countries,
        supported_isps: isps,
    }
}

/// `?type=` of `GET /api/user/server_credentials`: the kinds sold from listed servers.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ServerKindQuery {
    /// static, ipv4 or ipv6.
    #[serde(rename = "type")]
    #[param(required = true, value_type = crate::openapi::rules::ServerKindParam, inline)]
    pub kind: Option<String>,
}

#[utoipa::path(tag = "pieces", params(ServerKindQuery),
    responses((status = 200, body = ServerCredentialsResponse), (status = 401), (status = 422)))]
#[get("/user/server_credentials")]
pub async fn server_credentials(
    state: web::Data<AppState>,
    _user: CurrentUser,
    query: web::Query<ServerKindQuery>,
) -> Result<HttpResponse, ApiError> {
    let kind = KindQuery {
        kind: query.into_inner().kind,
    }
    .parse()?;
    if !matches!(kind, ProxyKind::Static | ProxyKind::Ipv4 | ProxyKind::Ipv6) {
        return Err(ApiError::field("type", msg::UNKNOWN_TYPE));
    }
    let rows = with_conn(&state.services.pool, move |conn| {
        Ok(pieces::stock_of(conn, kind)?)
    })
    .await?;
    let answer = if kind == ProxyKind::Static {
        ServerCredentialsResponse::Static(StaticCredentialsResponse {
            success: true,
            data: static_credentials(&rows),
        })
    } else {
        ServerCredentialsResponse::Datacenter(DatacenterCredentialsResponse {
            success: true,
            data: rows
                .iter()
                .map(|row| DatacenterCountry {
                    id: row.code.clone(),
                    code: row.country.clone(),
                    name: country_name(&row.country),
                    amount: row.available(),
                })
                .collect(),
        })
    };
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(answer))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct LteQuery {
    /// A country code: answer its endpoints instead of the country list.
    pub country: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LteRecord {
    /// Sent back as `location` when buying.
    pub id: String,
    /// Where the customer connects (our gateway for the local source).
    pub ip: String,
    /// HTTPS or WIFI (used over Http/s), SOCKS5 or SOCKS5-WIFI (used over Socks5).
    #[serde(rename = "type")]
    pub conn_type: String,
    /// The carrier.
    pub isp: String,
    pub city: String,
    pub amount: i32,
}

/// The answer without `?country=`: the country codes with LTE stock.
#[derive(Debug, Serialize, ToSchema)]
pub struct LteCountriesResponse {
    pub success: bool,
    pub data: Vec<String>,
}

/// The answer to `?country=CC`: that country's endpoints.
#[derive(Debug, Serialize, ToSchema)]
pub struct LteRecordsResponse {
    pub success: bool,
    pub data: Vec<LteRecord>,
}

/// Untagged for the same `{ success, data }` wire shape, with a named schema per answer.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum LteResponse {
    Countries(LteCountriesResponse),
    Records(LteRecordsResponse),
}

/// Documented as `anyOf`, not the `oneOf` a derive writes for an untagged enum: an empty `data`
/// is a valid answer of both shapes, which `oneOf` forbids.
impl utoipa::PartialSchema for LteResponse {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::AnyOfBuilder;
        AnyOfBuilder::new()
            .item(utoipa::openapi::Ref::from_schema_name(
                LteCountriesResponse::name(),
            ))
            .item(utoipa::openapi::Ref::from_schema_name(
                LteRecordsResponse::name(),
            ))
            .description(Some(
                "The country codes with LTE stock (no `country`), or that country's endpoints.",
            ))
            .into()
    }
}

impl ToSchema for LteResponse {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        use utoipa::PartialSchema;
        schemas.push((
            LteCountriesResponse::name().into(),
            LteCountriesResponse::schema(),
        ));
        <LteCountriesResponse as ToSchema>::schemas(schemas);
        schemas.push((
            LteRecordsResponse::name().into(),
            LteRecordsResponse::schema(),
        ));
        <LteRecordsResponse as ToSchema>::schemas(schemas);
    }
}

#[utoipa::path(tag = "pieces", params(LteQuery),
    responses((status = 200, body = LteResponse), (status = 401)))]
#[get("/user/lte_credentials")]
pub async fn lte_credentials(
    state: web::Data<AppState>,
    _user: CurrentUser,
    query: web::Query<LteQuery>,
) -> Result<HttpResponse, ApiError> {
    let rows = with_conn(&state.services.pool, |conn| {
        Ok(pieces::stock_of(conn, ProxyKind::Lte)?)
    })
    .await?;
    let country = query
        .country
        .as_deref()
        .map(|c| c.trim().to_lowercase())
        .filter(|c| !c.is_empty());
    let answer = match country {
        None => {
            let mut codes: Vec<String> = rows
                .iter()
                .filter(|r| r.available() > 0)
                .map(|r| r.country.clone())
                .collect();
            codes.dedup();
            LteResponse::Countries(LteCountriesResponse {
                success: true,
                data: codes,
            })
        }
        Some(country) => LteResponse::Records(LteRecordsResponse {
            success: true,
            data: rows
                .into_iter()
                .filter(|r| r.country == country)
                .map(|r| LteRecord {
                    amount: r.available(),
                    ip: r
                        .ip
                        .clone()
                        .unwrap_or_else(|| state.settings.gateway.host.clone()),
                    conn_type: r.conn_type.unwrap_or_default(),
                    isp: r.isp_name.unwrap_or_default(),
                    city: r.city.unwrap_or_default(),
                    id: r.code,
                })
                .collect(),
        }),
    };
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(answer))
}
