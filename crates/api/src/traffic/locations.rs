//! `GET /api/user/residential_location` (countries → states → cities) and
//! `GET /api/user/budget_residential_location` (countries → cities), from the shipped data set.

use actix_web::{HttpResponse, get};
use domain::locations::{BudgetCountry, Country};
use serde::Serialize;
use utoipa::ToSchema;

/// A city (or, for premium, a state's city); `code` is what generation takes.
#[derive(ToSchema)]
#[allow(dead_code, reason = "documents domain::locations::City")]
pub struct LocationCity {
    code: String,
    name: String,
}

#[derive(ToSchema)]
#[allow(dead_code, reason = "documents domain::locations::State")]
pub struct LocationState {
    code: String,
    name: String,
    cities: Vec<LocationCity>,
}

#[derive(ToSchema)]
#[allow(dead_code, reason = "documents domain::locations::Country")]
pub struct PremiumCountry {
    code: String,
    name: String,
    states: Vec<LocationState>,
}

#[derive(ToSchema)]
#[allow(dead_code, reason = "documents domain::locations::BudgetCountry")]
pub struct BudgetLocationCountry {
    code: String,
    name: String,
    cities: Vec<LocationCity>,
}

#[derive(Serialize, ToSchema)]
pub struct PremiumLocations {
    #[schema(value_type = Vec<PremiumCountry>)]
    locations: &'static [Country],
}

#[derive(Serialize, ToSchema)]
pub struct BudgetLocations {
    #[schema(value_type = Vec<BudgetLocationCountry>)]
    locations: Vec<BudgetCountry>,
}

#[utoipa::path(tag = "traffic", security(()), responses((status = 200, body = PremiumLocations)))]
#[get("/user/residential_location")]
pub async fn premium_locations() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .json(PremiumLocations {
            locations: domain::locations::countries(),
        })
}

#[utoipa::path(tag = "traffic", security(()), responses((status = 200, body = BudgetLocations)))]
#[get("/user/budget_residential_location")]
pub async fn budget_locations() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .json(BudgetLocations {
            locations: domain::locations::budget_view(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The schemas above mirror the data set's types: the wire keys must be the documented ones.
    #[test]
    fn the_answers_have_the_documented_keys() {
        let premium = serde_json::to_value(PremiumLocations {
            locations: domain::locations::countries(),
        })
        .unwrap();
        let country = &premium["locations"][0];
        let keys = |v: &serde_json::Value| {
            let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
            k.sort();
            k
        };
        assert_eq!(keys(country), ["code", "name", "states"]);
        assert_eq!(keys(&country["states"][0]), ["cities", "code", "name"]);
        assert_eq!(keys(&country["states"][0]["cities"][0]), ["code", "name"]);
        let budget = serde_json::to_value(BudgetLocations {
            locations: domain::locations::budget_view(),
        })
        .unwrap();
        assert_eq!(keys(&budget["locations"][0]), ["cities", "code", "name"]);
        assert_eq!(keys(&budget["locations"][0]["cities"][0]), ["code", "name"]);
    }
}
