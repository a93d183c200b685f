//! A reseller's catalogue (docs/resellers.md "Catalogue"): the reseller's `GET/PUT
//! /api/reseller/catalogue` (whether its clients may buy, its price per GB of each kind, the
//! shop's cost beside it), and its clients' `GET /api/client/catalogue` and `POST
//! /api/client/purchases`. The sale: `app::resellers::catalogue`.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::{CurrentUser, JsonObject};
use crate::resellers::caller::Reseller;
use crate::state::AppState;
use crate::view::{AuthResponse, ErrorResponse, user_view};
use actix_web::{HttpResponse, get, post, put, web};
use app::resellers::catalogue::{self as use_case, Line};
use domain::numbers::{hundredths_of, whole_of};
use domain::{Cents, FieldErrors, ProxyKind, messages as msg};
use persistence::resellers::catalogue;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// A price per kind; None: not sold.
type Prices = Vec<(ProxyKind, Option<Cents>)>;

/// The highest price per GB a reseller may ask, in cents.
const MAX_PRICE_CENTS: i64 = 1_000_000;

/// One kind of the catalogue.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueLine {
    /// premium or budget.
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    /// The reseller's price per GB in dollars; null: not sold to clients.
    #[schema(value_type = Option<f64>)]
    pub price_per_gb: Option<Cents>,
    /// What the shop charges the reseller for one GB now, its discount applied (larger amounts
    /// may cost less per GB, at the shop's volume prices); null: the shop sells none now.
    #[schema(value_type = Option<f64>)]
    pub cost_per_gb: Option<Cents>,
}

/// `GET /api/reseller/catalogue`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueView {
    /// Whether the reseller's clients may top up and buy its kinds at its prices.
    pub client_purchases: bool,
    pub prices: Vec<CatalogueLine>,
}

impl CatalogueView {
    fn new(open: bool, lines: Vec<Line>) -> Self {
        CatalogueView {
            client_purchases: open,
            prices: lines
                .into_iter()
                .map(|l| CatalogueLine {
                    kind: l.kind,
                    price_per_gb: l.price,
                    cost_per_gb: l.cost,
                })
                .collect(),
        }
    }
}

/// `PUT /api/reseller/catalogue`: the whole catalogue.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CatalogueRequest {
    #[schema(value_type = bool, required = true)]
    pub client_purchases: Value,
    /// Each of premium and budget at most once; a kind left out keeps no price (not sold).
    #[schema(value_type = Vec<CataloguePrice>, required = true)]
    pub prices: Value,
}

/// One price of `PUT /api/reseller/catalogue` (documents the list; read as JSON values, so
/// that each refusal names its field).
#[derive(ToSchema)]
#[allow(dead_code, reason = "documents the request body")]
pub struct CataloguePrice {
    #[schema(rename = "type")]
    kind: String,
    /// Dollars per GB, above 0 with at most 2 decimals, at most 10000; null: not sold.
    #[schema(rename = "pricePerGb")]
    price_per_gb: Option<f64>,
}

impl CatalogueRequest {
    fn validate(&self) -> Result<(bool, Prices), FieldErrors> {
        let mut errors = FieldErrors::new();
        let open = errors.take(
            "clientPurchases",
            self.client_purchases.as_bool().ok_or(msg::CATALOGUE_OPEN),
        );
        let mut prices: Vec<(ProxyKind, Option<Cents>)> =
            use_case::KINDS.iter().map(|k| (*k, None)).collect();
        let mut seen = Vec::new();
        match self.prices.as_array() {
            Some(items) => {
                for item in items {
                    let kind = item["type"].as_str().and_then(ProxyKind::parse);
                    let Some(kind) =
                        kind.filter(|k| use_case::KINDS.contains(k) && !seen.contains(k))
                    else {
                        errors.add("prices", msg::CATALOGUE_PRICES);
                        break;
                    };
                    seen.push(kind);
                    let price = match &item["pricePerGb"] {
                        Value::Null => Some(None),
                        value => hundredths_of(value)
                            .filter(|c| (1..=MAX_PRICE_CENTS).contains(c))
                            .map(|c| Some(Cents::new(c))),
                    };
                    match price {
                        Some(price) => {
                            if let Some(slot) = prices.iter_mut().find(|(k, _)| *k == kind) {
                                slot.1 = price;
                            }
                        }
                        None => errors.add("pricePerGb", msg::CATALOGUE_PRICE),
                    }
                }
            }
            None => errors.add("prices", msg::CATALOGUE_PRICES),
        }
        match open {
            Some(open) if errors.is_empty() => Ok((open, prices)),
            _ => Err(errors),
        }
    }
}

#[utoipa::path(tag = "resellers",
    responses((status = 200, body = CatalogueView), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse)))]
#[get("/reseller/catalogue")]
pub async fn get_catalogue(
    state: web::Data<AppState>,
    reseller: Reseller,
) -> Result<HttpResponse, ApiError> {
    let id = reseller.user.id;
    let (open, lines) = with_conn(&state.services.pool, move |conn| {
        use_case::lines(conn, id).map_err(ApiError::from)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(CatalogueView::new(open, lines)))
}

#[utoipa::path(tag = "resellers", request_body = CatalogueRequest,
    responses((status = 200, body = CatalogueView), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 422, body = ErrorResponse)))]
#[put("/reseller/catalogue")]
pub async fn put_catalogue(
    state: web::Data<AppState>,
    reseller: Reseller,
    body: JsonObject<CatalogueRequest>,
) -> Result<HttpResponse, ApiError> {
    let (open, prices) = body.validate().map_err(ApiError::Validation)?;
    let (open, lines) = use_case::set(&state.services.pool, reseller.user.id, open, prices).await?;
    Ok(HttpResponse::Ok().json(CatalogueView::new(open, lines)))
}

/// One kind a client may buy, at its reseller's price.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientPrice {
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    /// Dollars per GB.
    #[schema(value_type = f64)]
    pub price_per_gb: Cents,
}

/// `GET /api/client/catalogue`: what the client may buy; never the shop's prices.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClientCatalogue {
    pub prices: Vec<ClientPrice>,
}

#[utoipa::path(tag = "resellers",
    responses((status = 200, body = ClientCatalogue), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse,
               description = "Not a client, or its reseller does not let its clients buy")))]
#[get("/client/catalogue")]
pub async fn client_catalogue(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let row = user.0;
    let prices = with_conn(&state.services.pool, move |conn| {
        let reseller = use_case::open_reseller(conn, &row)?;
        Ok(catalogue::prices(conn, reseller)?)
    })
    .await?;
    let prices = prices
        .into_iter()
        .map(|(kind, price_per_gb)| ClientPrice { kind, price_per_gb })
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(ClientCatalogue { prices }))
}

/// `POST /api/client/purchases`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ClientPurchaseRequest {
    /// premium or budget, a kind the reseller sells.
    #[serde(rename = "type")]
    #[schema(value_type = String, required = true)]
    pub kind: String,
    /// Whole GB, 1 to 10000.
    #[schema(value_type = i64, required = true)]
    pub gb: Value,
}

#[utoipa::path(tag = "resellers", request_body = ClientPurchaseRequest,
    responses((status = 200, body = AuthResponse), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse, description = "Not enough in the wallet"),
              (status = 403, body = ErrorResponse), (status = 409, body = ErrorResponse),
              (status = 422, body = ErrorResponse)))]
#[post("/client/purchases")]
pub async fn client_purchase(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonObject<ClientPurchaseRequest>,
) -> Result<HttpResponse, ApiError> {
    // Anyone but a client is refused before its body is read.
    if user.0.reseller_id.is_none() {
        return Err(ApiError::Forbidden(msg::CATALOGUE_CLOSED));
    }
    let mut errors = FieldErrors::new();
    let kind = errors.take(
        "type",
        ProxyKind::parse(&body.kind)
            .filter(|k| use_case::KINDS.contains(k))
            .ok_or(msg::MOVE_TYPE),
    );
    let gb = errors.take(
        "gb",
        whole_of(&body.gb)
            .filter(|g| (1..=use_case::MAX_GB).contains(g))
            .ok_or(msg::CATALOGUE_GB),
    );
    let (Some(kind), Some(gb)) = (kind, gb) else {
        return Err(ApiError::Validation(errors));
    };
    let pool = &state.services.pool;
    let row = use_case::buy(pool, user.0.id, kind, gb).await?;
    Ok(HttpResponse::Ok().json(AuthResponse {
        message: msg::CATALOGUE_BOUGHT.to_owned(),
        user: user_view(pool, &row).await?,
    }))
}
