//! `GET /api/user/plan?type=`: the plan group of a kind (open to guests: the landing page's
//! pricing reads it). A plan's regions are where the kind can be bought right now (the
//! residential locations, or the piece stock with something left), so cards and forms agree.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::MaybeUser;
use crate::form::KindQuery;
use crate::state::AppState;
use crate::view::TierView;
use actix_web::{HttpResponse, get, web};
use domain::plural::plural;
use domain::pricing::Tier;
use domain::{Cents, PlanId, ProxyKind};
use persistence::plan_limits::PlanLimits;
use persistence::plans::{self, PlanRow};
use persistence::{DbConnection, DbResult, pieces};
use serde::Serialize;
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;
use utoipa::ToSchema;

/// A plan with every field a plan card shows.
// Its regions borrow the request's country codes (`buyable_countries`): a traffic plan lists
// about 250, and a string of its own per code and plan cost a thousand allocations per answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Plan<'a> {
    pub id: i64,
    pub tag: Option<String>,
    pub name: String,
    pub note: Option<String>,
    /// "5 GB" or "1 proxy".
    pub size: String,
    /// Dollars: for the whole amount of a traffic plan, per piece otherwise; a signed-in
    /// customer's own price of the kind applied (`listPrice` is then the catalogue's).
    #[schema(value_type = f64)]
    pub price: Cents,
    /// The catalogue's price, when the signed-in customer has their own price of the kind.
    #[serde(rename = "listPrice")]
    #[schema(value_type = Option<f64>)]
    pub list_price: Option<Cents>,
    /// The signed-in customer's own per-cent discount of the kind, when the operator gave one.
    #[serde(rename = "percentOff")]
    pub percent_off: Option<i32>,
    /// Traffic plans: the catalogue's price of one GB of a custom amount without a volume tier
    /// (the plan's price over its GB, rounded up to the cent).
    #[serde(rename = "pricePerGb")]
    #[schema(value_type = Option<f64>)]
    pub price_per_gb: Option<Cents>,
    /// Traffic plans: the catalogue's volume prices for custom amounts, smallest `minGb` first.
    /// A custom amount costs its GB at the tier with the largest `minGb` not above it (or
    /// `pricePerGb`), less `percentOff`.
    pub tiers: Vec<TierView>,
    /// GB for traffic plans, proxies for piece plans.
    pub amount: i64,
    #[serde(rename = "validityPeriod")]
    pub validity_period: String,
    /// Upper-case country codes the kind can be bought in now: the plan's own list first (those
    /// still buyable), then the others alphabetically.
    pub regions: Vec<&'a str>,
    #[serde(rename = "countrySelection")]
    pub country_selection: String,
    pub protocols: bool,
    #[serde(rename = "ipDuration")]
    pub ip_duration: String,
    pub availability: String,
    /// Traffic plans: the most connections at once a customer on this plan may hold (the
    /// gateway refuses more, 429, recorded as `plan_max_connections`); null = no limit of the
    /// plan's own.
    #[serde(rename = "maxConnections")]
    pub max_connections: Option<i32>,
    /// Traffic plans: the most requests a customer on this plan may open per second (the
    /// gateway refuses more, 429, recorded as `plan_max_requests_per_second`); null = no limit
    /// of the plan's own.
    #[serde(rename = "maxRequestsPerSecond")]
    pub max_requests_per_second: Option<i32>,
    /// Traffic plans: the most megabits per second a customer's connections on this plan move
    /// together (the gateway paces them); null = no limit of the plan's own.
    #[serde(rename = "bandwidthMbps")]
    pub bandwidth_mbps: Option<i32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlanGroup<'a> {
    /// The kind, as `type` travels.
    pub name: String,
    pub plans: Vec<Plan<'a>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlanResponse<'a> {
    pub plan: PlanGroup<'a>,
}

/// What prices a plan beyond its list price: the signed-in customer's own discounts and the
/// plans' volume tiers.
struct Pricing {
    percents: HashMap<ProxyKind, i32>,
    tiers: HashMap<PlanId, Vec<Tier>>,
}

/// Every residential location's code, upper-case and sorted: what a traffic kind offers.
fn every_country() -> &'static [String] {
    static CODES: OnceLock<Vec<String>> = OnceLock::new();
    CODES.get_or_init(|| {
        let mut codes: Vec<String> = domain::locations::countries()
            .iter()
            .map(|c| c.code.to_uppercase())
            .collect();
        codes.sort();
        codes.dedup();
        codes
    })
}

/// The countries (upper-case codes, alphabetical) where a kind can be bought now: every
/// residential location for traffic kinds, the active stock with pieces left for the others.
fn buyable_countries(conn: &mut DbConnection, kind: ProxyKind) -> DbResult<Cow<'static, [String]>> {
    if kind.is_traffic() {
        return Ok(Cow::Borrowed(every_country()));
    }
    let mut codes: Vec<String> = pieces::stock_of(conn, kind)?
        .into_iter()
        .filter(|row| row.available() > 0)
        .map(|row| row.country.to_uppercase())
        .collect();
    codes.sort();
    codes.dedup();
    Ok(Cow::Owned(codes))
}

/// The plan's stored regions that are buyable, in their order, then the other buyable ones.
/// `buyable` is sorted (`buyable_countries`): a traffic plan offers every country (about 250),
/// so each lookup is a binary search, and only the few stored ones are searched linearly.
fn plan_regions<'a>(stored: &str, buyable: &'a [String]) -> Vec<&'a str> {
    // Positions in `buyable` of the stored codes, in the stored order: the rest is then skipped
    // by position, not by comparing each of about 250 codes with each stored one.
    let mut first: Vec<usize> = Vec::new();
    for code in stored.split(',').map(|r| r.trim().to_uppercase()) {
        if let Ok(at) = buyable.binary_search(&code)
            && !first.contains(&at)
        {
            first.push(at);
        }
    }
    let mut regions: Vec<&'a str> = Vec::with_capacity(buyable.len());
    regions.extend(first.iter().map(|&at| buyable[at].as_str()));
    regions.extend(
        buyable
            .iter()
            .enumerate()
            .filter(|(at, _)| !first.contains(at))
            .map(|(_, code)| code.as_str()),
    );
    regions
}

impl<'a> Plan<'a> {
    fn new(row: PlanRow, buyable: &'a [String], limits: PlanLimits, price: &Pricing) -> Self {
        let features: serde_json::Value = serde_json::from_str(&row.features).unwrap_or_default();
        let text = |key: &str| features[key].as_str().unwrap_or_default().to_owned();
        let traffic = row.kind.is_traffic();
        let size = if traffic {
            format!("{} GB", row.amount)
        } else {
            plural(row.amount, "proxy", "proxies")
        };
        let days = plural(row.validity_days, "day", "days");
        let percent_off = price.percents.get(&row.kind).copied();
        let list = row.price_cents;
        let discount = percent_off.map_or(Cents::ZERO, |p| domain::pricing::percent_of(list, p));
        let price_per_gb = traffic
            .then(|| persistence::prices::base_price_per_gb(&row))
            .flatten();
        Plan {
            id: row.id.get(),
            tag: row.tag,
            name: row.name,
            note: row.note,
            size,
            price: Cents::new(list.get() - discount.get()),
            list_price: percent_off.map(|_| list),
            percent_off,
            price_per_gb,
            tiers: price
                .tiers
                .get(&row.id)
                .map(|t| t.iter().copied().map(TierView::from).collect())
                .unwrap_or_default(),
            amount: row.amount,
            validity_period: days,
            regions: plan_regions(&row.regions, buyable),
            country_selection: text("countrySelection"),
            protocols: features["protocols"].as_bool().unwrap_or(false),
            ip_duration: text("ipDuration"),
            availability: text("availability"),
            max_connections: limits.max_connections,
            max_requests_per_second: limits.max_requests_per_second,
            bandwidth_mbps: limits.bandwidth_mbps,
        }
    }
}

/// Open to guests; a signed-in customer sees their own prices.
#[utoipa::path(tag = "plans", security(()), params(KindQuery),
    responses((status = 200, body = PlanResponse), (status = 422)))]
#[get("/user/plan")]
pub async fn list_plans(
    state: web::Data<AppState>,
    user: MaybeUser,
    query: web::Query<KindQuery>,
) -> Result<HttpResponse, ApiError> {
    let kind = query.parse()?;
    let user = user.0.map(|u| u.id);
    let (rows, buyable, limits, pricing) = with_conn(&state.services.pool, move |conn| {
        let pricing = Pricing {
            percents: match user {
                Some(user) => persistence::prices::effective_percents(conn, user)?,
                None => HashMap::new(),
            },
            tiers: if kind.is_traffic() {
                persistence::prices::all_tiers(conn)?
            } else {
                HashMap::new()
            },
        };
        Ok((
            plans::active_for_kind(conn, kind)?,
            buyable_countries(conn, kind)?,
            persistence::plan_limits::all(conn)?,
            pricing,
        ))
    })
    .await?;
    // Never cached: an operator's price or catalogue change shows on the next request.
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(PlanResponse {
            plan: PlanGroup {
                name: kind.as_str().to_owned(),
                plans: rows
                    .into_iter()
                    .map(|row| {
                        let limit = limits.get(&row.id).copied().unwrap_or_default();
                        Plan::new(row, &buyable, limit, &pricing)
                    })
                    .collect(),
            },
        }))
}

#[cfg(test)]
mod tests {
    use super::plan_regions;

    #[test]
    fn stored_regions_lead_and_unbuyable_ones_drop() {
        let buyable = ["DE", "GB", "NL", "US"].map(String::from);
        assert_eq!(plan_regions("US,UK,de", &buyable), ["US", "DE", "GB", "NL"]);
        assert_eq!(plan_regions("", &buyable), ["DE", "GB", "NL", "US"]);
        assert!(plan_regions("US,DE", &[]).is_empty());
        assert_eq!(
            plan_regions("us, US,DE,us", &buyable),
            ["US", "DE", "GB", "NL"]
        );
    }
}
