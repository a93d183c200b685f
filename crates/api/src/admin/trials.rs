//! The free trial's per-network limit as the operator sees and lifts it (docs/admin-api/trials.md):
//! `GET /api/admin/trials/networks` lists today's networks (UTC) that reached their limit, were
//! refused a trial or were allowed more; `POST /api/admin/trials/networks` allows one network N
//! more trials for today, audited in the same transaction (an office or a university signs up
//! from one address).

use crate::admin::audit_trail::{audit, reason};
use crate::blocking::{in_transaction, with_conn};
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::state::AppState;
use actix_web::{HttpResponse, get, post, web};
use domain::messages as msg;
use domain::rules::TRIAL_ALLOWANCE;
use persistence::trial_networks::{self, NetworkDay};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(trial_networks_today).service(allow_trials);
}

/// At most this many networks are listed.
const MAX_LISTED: i64 = 500;
/// Most trials one lift may add.
/// Most extra trials a network may have in one day.
const MAX_EXTRA: i32 = 10_000;

#[derive(Debug, Serialize, ToSchema)]
pub struct TrialNetworkRow {
    /// An IPv4 /24 or an IPv6 /64, e.g. `203.0.113.0/24`.
    pub network: String,
    /// Trials granted to sign-ups from it today.
    pub trials: i32,
    /// Extra trials the operator allowed it today.
    pub allowance: i32,
    /// Trials it may get today: the configured limit plus the allowance.
    pub limit: i64,
    /// Sign-ups refused a trial today because it had its trials.
    pub refused: i32,
    /// Whether it has used its trials for today.
    #[serde(rename = "atLimit")]
    pub at_limit: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrialNetworks {
    /// The UTC day, `YYYY-MM-DD`.
    pub day: String,
    /// `PROXYSHOP_TRIAL_PER_IP_PER_DAY`: trials a network gets a day without an allowance.
    #[serde(rename = "perNetwork")]
    pub per_network: u32,
    /// Most refusals first, then most trials; at most 500.
    pub networks: Vec<TrialNetworkRow>,
}

fn row(day: &NetworkDay, per_network: u32) -> TrialNetworkRow {
    let limit = i64::from(per_network) + i64::from(day.extra);
    TrialNetworkRow {
        network: day.network.clone(),
        trials: day.grants,
        allowance: day.extra,
        limit,
        refused: day.refused,
        at_limit: i64::from(day.grants) >= limit,
    }
}

#[utoipa::path(tag = "admin",
    responses((status = 200, body = TrialNetworks), (status = 401), (status = 403)))]
#[get("/admin/trials/networks")]
pub async fn trial_networks_today(
    _admin: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let day = domain::calendar::utc_day(persistence::now());
    let per_network = state.settings.trial_per_ip_per_day;
    let listed = day.clone();
    let rows = with_conn(&state.services.pool, move |conn| {
        Ok(trial_networks::limited_on(
            conn,
            &listed,
            per_network,
            MAX_LISTED,
        )?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(TrialNetworks {
            day,
            per_network,
            networks: rows.iter().map(|r| row(r, per_network)).collect(),
        }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AllowTrialsRequest {
    /// An IP address or range; the /24 (IPv4) or /64 (IPv6) holding it is the network.
    #[schema(required = true, schema_with = crate::openapi::rules::trial_network)]
    pub network: Option<String>,
    /// How many more trials the network may get today: 1 to 1000.
    #[schema(required = true, schema_with = crate::openapi::rules::trial_allowance)]
    pub trials: Option<Value>,
    /// 3–200 characters.
    #[schema(required = true, schema_with = crate::openapi::rules::reason)]
    pub reason: Option<String>,
}

/// A whole JSON number from 1 to 1000 (`3.0` is 3, as JSON Schema's `integer`).
fn lift(value: Option<&Value>) -> Option<i32> {
    let n = value?.as_f64()?;
    // A whole float converts exactly within the range, and saturates beyond it.
    (n.fract() == 0.0 && TRIAL_ALLOWANCE.contains(n as i64)).then_some(n as i32)
}

#[utoipa::path(tag = "admin", request_body = AllowTrialsRequest,
    responses((status = 200, body = TrialNetworkRow), (status = 401), (status = 403),
        (status = 422, description = "network, trials or reason invalid, or the allowance \
            would pass 10000")))]
#[post("/admin/trials/networks")]
pub async fn allow_trials(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: JsonObject<AllowTrialsRequest>,
) -> Result<HttpResponse, ApiError> {
    let network = body
        .network
        .as_deref()
        .and_then(domain::network::parse_trial_network)
        .ok_or(ApiError::field("network", msg::VALID_TRIAL_NETWORK))?;
    let more =
        lift(body.trials.as_ref()).ok_or(ApiError::field("trials", msg::VALID_TRIAL_ALLOWANCE))?;
    let reason = reason(body.reason.as_deref())?;
    let per_network = state.settings.trial_per_ip_per_day;
    let actor = admin.0.id;
    let changed = in_transaction(&state.services.pool, move |conn| {
        let day = domain::calendar::utc_day(persistence::now());
        let before = trial_networks::network_day(conn, &network, &day)?;
        if before.as_ref().map_or(0, |b| b.extra) + more > MAX_EXTRA {
            return Err(ApiError::field("trials", msg::TRIAL_ALLOWANCE_TOO_LARGE));
        }
        trial_networks::allow(conn, &network, &day, more)?;
        let after = trial_networks::network_day(conn, &network, &day)?
            .ok_or_else(|| ApiError::internal("trial allowance", "row missing after upsert"))?;
        audit(
            conn,
            actor,
            "trial.network.allow",
            &format!("network:{network}"),
            Some(&reason),
            before.as_ref(),
            Some(&after),
        )?;
        Ok(row(&after, per_network))
    })
    .await?;
    Ok(HttpResponse::Ok().json(changed))
}
