//! `POST /api/user/get_proxy`: buys proxies by the piece (docs/api.md#proxies-by-the-piece).
//! Static: `{type, plan, country, location (ISP code), quantity}`; IPv4/IPv6: `{type, plan,
//! location (country id), quantity}`; LTE: `{type, location (endpoint id)[, plan]}`.
//!
//! The handler parses the request and hands it to the local stock ([`crate::pieces::local`]) or
//! the provider (`app::pieces::provider`).

use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::extractors::JsonObject;
use crate::number::{self, Quantity};
use crate::pieces::local;
use crate::state::AppState;
use crate::view::{ErrorResponse, User, user_view};
use actix_web::{HttpResponse, post, web};
use app::pieces::order::PieceOrder;
use app::pieces::provider;
use domain::{ProxyKind, messages as msg};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// The most pieces one order may ask for.
pub const MAX_QUANTITY: i64 = domain::numbers::QUANTITY.max;

#[derive(Debug, Deserialize, ToSchema)]
pub struct GetProxyRequest {
    /// static, lte, ipv4 or ipv6.
    #[serde(rename = "type")]
    #[schema(required = true, schema_with = crate::openapi::rules::piece_kind)]
    pub kind: Option<String>,
    /// The plan's id (optional for LTE: the cheapest LTE plan on sale by default).
    #[serde(default, deserialize_with = "domain::numbers::optional_whole")]
    pub plan: Option<i64>,
    /// Static only: the country code.
    pub country: Option<String>,
    /// Static: the ISP code; IPv4/IPv6: the country id; LTE: the endpoint id.
    #[schema(required = true, schema_with = crate::openapi::rules::non_blank)]
    pub location: Option<String>,
    /// A whole number of 1 to 1000 (`3` or `3.0`), or a string of digits (LTE: always 1).
    #[schema(schema_with = crate::openapi::rules::quantity)]
    pub quantity: Option<Value>,
    /// A coupon code (case-insensitive); blank or absent: none. One that does not apply is
    /// refused (422 on `coupon`, saying why) with nothing bought.
    pub coupon: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GetProxyResponse {
    pub success: bool,
    /// `host:port:username:password`, one per piece.
    pub proxies: Vec<String>,
    pub message: String,
    pub user: User,
}

fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// The buy form's rule: an emptied field is "Please enter a valid number"; anything but a whole
/// number (a whole JSON number or a plain digit string, [`crate::number::quantity`]) of at least 1
/// is "Please enter a valid quantity"; more than [`MAX_QUANTITY`] names the range.
fn quantity(value: Option<&Value>) -> Result<i32, ApiError> {
    match number::quantity(value) {
        Quantity::Missing => Err(ApiError::field("quantity", msg::VALID_NUMBER)),
        Quantity::Invalid | Quantity::Whole(0) => {
            Err(ApiError::field("quantity", msg::VALID_QUANTITY))
        }
        Quantity::Whole(q) => match i32::try_from(q) {
            Ok(q) if i64::from(q) <= MAX_QUANTITY => Ok(q),
            _ => Err(ApiError::field("quantity", msg::QUANTITY_RANGE)),
        },
    }
}

fn parse(body: &GetProxyRequest) -> Result<PieceOrder, ApiError> {
    let kind = body
        .kind
        .as_deref()
        .and_then(ProxyKind::parse)
        .filter(|k| !k.is_traffic())
        .ok_or_else(|| ApiError::field("type", msg::UNKNOWN_TYPE))?;
    let select_all = |field| ApiError::field(field, msg::SELECT_ALL_FIELDS);
    let plan = body.plan;
    if plan.is_none() && kind != ProxyKind::Lte {
        return Err(select_all("plan"));
    }
    let country = text(&body.country).map(|c| c.to_lowercase());
    if kind == ProxyKind::Static && country.is_none() {
        return Err(select_all("country"));
    }
    let location = text(&body.location).ok_or_else(|| select_all("location"))?;
    let quantity = if kind == ProxyKind::Lte {
        1
    } else {
        quantity(body.quantity.as_ref())?
    };
    Ok(PieceOrder {
        coupon: crate::form::coupon(body.coupon.as_deref()),
        kind,
        plan,
        country,
        location,
        quantity,
    })
}

#[utoipa::path(tag = "pieces", request_body = GetProxyRequest,
    responses((status = 200, body = GetProxyResponse), (status = 401, body = ErrorResponse),
              (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse), (status = 410, body = ErrorResponse),
              (status = 422, body = ErrorResponse), (status = 429, body = ErrorResponse),
              (status = 502, body = ErrorResponse)))]
#[post("/user/get_proxy")]
pub async fn get_proxy(
    state: web::Data<AppState>,
    user: CurrentUser,
    ip: crate::extractors::ClientIp,
    body: JsonObject<GetProxyRequest>,
) -> Result<HttpResponse, ApiError> {
    let order = parse(&body)?;
    let user_id = user.0.id;
    if order.coupon.is_some() {
        crate::coupons::limit_coupon_tries(&state, user_id, &ip).await?;
    }
    if let Some(source) = state.services.pieces.clone() {
        let updated =
            provider::buy_from_provider(&state.services.pool, source, user_id, order).await?;
        return Ok(HttpResponse::Accepted().json(GetProxyResponse {
            success: true,
            proxies: Vec::new(),
            message: msg::ORDER_PENDING.to_owned(),
            user: user_view(&state.services.pool, &updated).await?,
        }));
    }
    let gateway = state.settings.gateway.clone();
    let (proxies, updated) =
        local::buy_local(&state.services.pool, user_id, order, gateway).await?;
    Ok(HttpResponse::Ok().json(GetProxyResponse {
        success: true,
        proxies,
        message: msg::PIECE_GENERATED.to_owned(),
        user: user_view(&state.services.pool, &updated).await?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn q(value: Value) -> Result<i32, String> {
        quantity(Some(&value)).map_err(|e| match e {
            ApiError::Validation(f) => f.first_message().unwrap_or_default().to_owned(),
            _ => "other".to_owned(),
        })
    }

    #[test]
    fn quantities_follow_the_spec_messages() {
        assert_eq!(q(json!(2)), Ok(2));
        assert_eq!(q(json!("3")), Ok(3));
        // A whole number by value, however it is written (`domain::numbers`).
        assert_eq!(q(json!(2.0)), Ok(2));
        assert_eq!(q(json!(null)), Err(msg::VALID_NUMBER.to_owned()));
        assert_eq!(q(json!("  ")), Err(msg::VALID_NUMBER.to_owned()));
        for bad in [
            json!(0),
            json!(-1),
            json!(1.5),
            json!("abc"),
            json!("1e2"),
            json!(" 3"),
            json!([1]),
        ] {
            assert_eq!(q(bad.clone()), Err(msg::VALID_QUANTITY.to_owned()), "{bad}");
        }
        for over in [json!(1_001), json!("1001"), json!(u64::MAX)] {
            assert_eq!(
                q(over.clone()),
                Err(msg::QUANTITY_RANGE.to_owned()),
                "{over}"
            );
        }
        assert!(quantity(None).is_err());
    }
}
