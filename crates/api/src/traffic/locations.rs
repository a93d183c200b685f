//! `GET /api/user/residential_location` (countries → states → cities) and
//! `GET /api/user/budget_residential_location` (countries → cities), from the shipped data set.

use actix_web::{HttpResponse, get};
use serde_json::json;

#[utoipa::path(tag = "traffic",
    responses((status = 200, description = "{locations: [{code, name, states: [{code, name, cities: [{code, name}]}]}]}")))]
#[get("/user/residential_location")]
pub async fn premium_locations() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .json(json!({ "locations": domain::locations::countries() }))
}

#[utoipa::path(tag = "traffic",
    responses((status = 200, description = "{locations: [{code, name, cities: [{code, name}]}]}")))]
#[get("/user/budget_residential_location")]
pub async fn budget_locations() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .json(json!({ "locations": domain::locations::budget_view() }))
}
