//! `GET /api/user/get_starts` (sic: the front end's spelling) and `GET /api/user/usage`: what the
//! meter says about the customer's traffic, in GB, how long it lasts at their recent pace
//! (`domain::forecast`), and how many pieces they hold of each kind.

use crate::auth::trial_view::TrialView;
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::form::KindQuery;
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use domain::ProxyKind;
use domain::units::GB;
use persistence::{pieces, traffic, trial_networks};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Serialize, ToSchema)]
pub struct TrafficStat {
    /// GB left: purchased minus used, never below zero.
    #[serde(rename = "availableTraffic")]
    pub available_traffic: f64,
    #[serde(rename = "usedTraffic")]
    pub used_traffic: f64,
    /// When the unused traffic expires (unix seconds); null when there is no bought traffic.
    #[serde(rename = "expiresAt")]
    pub expires_at: Option<i64>,
    /// GB a day on average over the last 7 UTC days (today so far included).
    #[serde(rename = "dailyAverageGb")]
    pub daily_average_gb: f64,
    /// When the traffic left runs out at that pace (unix seconds); null with no usage in those
    /// days or no traffic left. It may come after `expiresAt`: the traffic expires first then.
    #[serde(rename = "runsOutAt")]
    pub runs_out_at: Option<i64>,
}

impl TrafficStat {
    fn from_balance(balance: Option<traffic::Balance>, used_recently: i64, now: i64) -> Self {
        let (purchased, used, expires_at) = balance.map_or((0, 0, None), |b| {
            (b.purchased_bytes, b.used_bytes, b.expires_at)
        });
        let available = (purchased - used).max(0);
        let pace = domain::forecast::forecast(used_recently, available, now);
        TrafficStat {
            available_traffic: available as f64 / GB as f64,
            used_traffic: used as f64 / GB as f64,
            expires_at,
            daily_average_gb: pace.daily_average_gb(),
            runs_out_at: pace.runs_out_at,
        }
    }
}

/// A piece that stops working within this many days counts as "expiring soon".
pub const EXPIRING_SOON_DAYS: i64 = 3;

/// The customer's pieces of one kind that still work.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct PieceStat {
    pub live: i64,
    /// Of the live pieces, those that stop working within `expiringSoonDays`.
    #[serde(rename = "expiringSoon")]
    pub expiring_soon: i64,
    /// When the first live piece stops working (unix seconds); null without live pieces.
    #[serde(rename = "nextExpiresAt")]
    pub next_expires_at: Option<i64>,
}

#[derive(Debug, Default, Serialize, ToSchema)]
pub struct PieceStats {
    #[serde(rename = "static")]
    pub static_: PieceStat,
    pub lte: PieceStat,
    pub ipv4: PieceStat,
    pub ipv6: PieceStat,
}

impl PieceStats {
    fn from_counts(counts: Vec<pieces::LiveCount>) -> Self {
        let mut stats = PieceStats::default();
        for count in counts {
            let slot = match count.kind {
                ProxyKind::Static => &mut stats.static_,
                ProxyKind::Lte => &mut stats.lte,
                ProxyKind::Ipv4 => &mut stats.ipv4,
                ProxyKind::Ipv6 => &mut stats.ipv6,
                ProxyKind::Premium | ProxyKind::Budget => continue,
            };
            *slot = PieceStat {
                live: count.live,
                expiring_soon: count.expiring,
                next_expires_at: Some(count.next_expiry),
            };
        }
        stats
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StatsResponse {
    pub success: bool,
    #[serde(rename = "premiumStat")]
    pub premium_stat: TrafficStat,
    #[serde(rename = "budgetStat")]
    pub budget_stat: TrafficStat,
    /// Pieces per piece kind (static, LTE, IPv4, IPv6).
    #[serde(rename = "pieceStats")]
    pub piece_stats: PieceStats,
    #[serde(rename = "expiringSoonDays")]
    pub expiring_soon_days: i64,
    /// The free trial, while it concerns the customer (no payment of theirs credited yet):
    /// active or ended with its end, or refused with the reason; null otherwise.
    pub trial: Option<TrialView>,
}

// Named apart from the `stats` its body builds; the document keeps the operation id `stats`.
#[utoipa::path(tag = "traffic", operation_id = "stats",
    responses((status = 200, body = StatsResponse), (status = 401)))]
#[get("/user/get_starts")]
pub async fn traffic_stats(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let now = persistence::now();
    let soon = now + EXPIRING_SOON_DAYS * 86_400;
    let window = domain::forecast::window_first_day(now);
    let (premium, budget, recent, counts, trial) = with_conn(&state.services.pool, move |conn| {
        Ok((
            traffic::balance_row(conn, id, ProxyKind::Premium)?,
            traffic::balance_row(conn, id, ProxyKind::Budget)?,
            traffic::used_since(conn, &window, Some(id))?,
            pieces::live_counts(conn, id, now, soon)?,
            trial_networks::account_trial(conn, id)?,
        ))
    })
    .await?;
    let recently = |kind: ProxyKind| {
        recent
            .iter()
            .filter(|(_, k, _)| k == kind.as_str())
            .map(|(_, _, bytes)| bytes)
            .sum::<i64>()
    };
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(StatsResponse {
            success: true,
            premium_stat: TrafficStat::from_balance(premium, recently(ProxyKind::Premium), now),
            budget_stat: TrafficStat::from_balance(budget, recently(ProxyKind::Budget), now),
            piece_stats: PieceStats::from_counts(counts),
            expiring_soon_days: EXPIRING_SOON_DAYS,
            trial: TrialView::of_account(&trial, now),
        }))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct UsageQuery {
    #[serde(rename = "type")]
    #[param(required = true, value_type = crate::openapi::rules::KindParam, inline)]
    pub kind: Option<String>,
    /// How many days back, 1 to 366 (default 30).
    pub days: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UsageDay {
    /// UTC day, YYYY-MM-DD.
    pub day: String,
    pub bytes: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UsageResponse {
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    /// Ascending; only days with traffic.
    pub days: Vec<UsageDay>,
}

#[utoipa::path(tag = "traffic", params(UsageQuery),
    responses((status = 200, body = UsageResponse), (status = 401), (status = 422)))]
#[get("/user/usage")]
pub async fn usage(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<UsageQuery>,
) -> Result<HttpResponse, ApiError> {
    let kind = KindQuery {
        kind: query.kind.clone(),
    }
    .parse()?;
    let days = i64::from(query.days.unwrap_or(30).clamp(1, 366));
    let from = domain::calendar::utc_day(persistence::now() - (days - 1) * 86_400);
    let id = user.0.id;
    let rows = with_conn(&state.services.pool, move |conn| {
        Ok(traffic::daily(conn, id, kind, &from)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(UsageResponse {
            kind,
            days: rows
                .into_iter()
                .map(|(day, bytes)| UsageDay { day, bytes })
                .collect(),
        }))
}
