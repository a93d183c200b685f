//! `GET /api/reseller/reports/clients`: the reseller's report per client (docs/resellers.md
//! "Reports"), as JSON or as a CSV attachment. The figures: `persistence::resellers::reports`.

use crate::blocking::with_conn;
use crate::csv::cell;
use crate::error::ApiError;
use crate::resellers::caller::Reseller;
use crate::state::AppState;
use crate::usage::filters::{given, instant};
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::units::gb;
use domain::{Cents, ProxyKind, messages as msg};
use persistence::resellers::reports::{ClientLine, ReportWindow, client_lines};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The window when none is given: the last 30 days.
const DEFAULT_DAYS: i64 = 30;

#[derive(Debug, Deserialize, IntoParams)]
pub struct ReportQuery {
    /// premium, budget, static, lte, ipv4 or ipv6; blank for all.
    #[serde(rename = "type")]
    #[param(schema_with = crate::openapi::rules::kind_filter)]
    pub kind: Option<String>,
    /// From this day (YYYY-MM-DD, UTC) or time (RFC 3339), inclusive; default 30 days before
    /// `to`.
    #[param(schema_with = crate::openapi::rules::instant_filter)]
    pub from: Option<String>,
    /// Up to this time (RFC 3339), exclusive; a day (YYYY-MM-DD) includes all of it; default now
    /// (this second included).
    #[param(schema_with = crate::openapi::rules::instant_filter)]
    pub to: Option<String>,
    /// json (default) or csv (an attachment).
    pub format: Option<String>,
}

impl ReportQuery {
    fn window(&self, now: i64) -> Result<ReportWindow, ApiError> {
        let bad = |message: &str| ApiError::BadRequest(message.to_owned());
        let kind = match given(self.kind.as_deref()) {
            Some(k) => Some(ProxyKind::parse(k).ok_or_else(|| bad(msg::UNKNOWN_TYPE))?),
            None => None,
        };
        let to = match given(self.to.as_deref()) {
            Some(v) => instant(v, true).ok_or_else(|| bad(msg::BAD_TO))?,
            // Exclusive: the second after now, so that what happened this second is in.
            None => now + 1,
        };
        let from = match given(self.from.as_deref()) {
            Some(v) => instant(v, false).ok_or_else(|| bad(msg::BAD_FROM))?,
            None => to - DEFAULT_DAYS * 86_400,
        };
        if from >= to {
            return Err(bad(msg::FROM_AFTER_TO));
        }
        Ok(ReportWindow { from, to, kind })
    }

    fn csv(&self) -> Result<bool, ApiError> {
        match given(self.format.as_deref()) {
            None | Some("json") => Ok(false),
            Some("csv") => Ok(true),
            Some(_) => Err(ApiError::BadRequest(msg::FORMAT_CSV_OR_JSON.to_owned())),
        }
    }
}

/// The figures of one client, or of all of them (`totals`).
#[derive(Debug, Default, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportFigures {
    /// Bytes moved to the client in the window.
    pub allocated_bytes: i64,
    /// Bytes taken back in the window.
    pub reclaimed_bytes: i64,
    /// Bytes it can still use now (unexpired, unused), whatever the window.
    pub available_bytes: i64,
    /// Bytes its traffic was charged in the window (from the hourly and daily rollups; the
    /// window is taken in whole hours).
    pub used_bytes: i64,
    /// `usedBytes` in GB (10^9 bytes).
    pub used_gb: f64,
    /// What the client paid the reseller in the window (catalogue purchases), in dollars.
    #[schema(value_type = f64)]
    pub revenue: Cents,
    /// What the shop charged the reseller for those purchases, in dollars.
    #[schema(value_type = f64)]
    pub cost: Cents,
}

impl ReportFigures {
    fn of(line: &ClientLine) -> Self {
        ReportFigures {
            allocated_bytes: line.allocated_bytes,
            reclaimed_bytes: line.reclaimed_bytes,
            available_bytes: line.available_bytes,
            used_bytes: line.used_bytes,
            used_gb: gb(line.used_bytes),
            revenue: line.revenue,
            cost: line.cost,
        }
    }

    fn add(self, other: Self) -> Self {
        let used_bytes = self.used_bytes + other.used_bytes;
        ReportFigures {
            allocated_bytes: self.allocated_bytes + other.allocated_bytes,
            reclaimed_bytes: self.reclaimed_bytes + other.reclaimed_bytes,
            available_bytes: self.available_bytes + other.available_bytes,
            used_bytes,
            used_gb: gb(used_bytes),
            revenue: Cents::new(self.revenue.get() + other.revenue.get()),
            cost: Cents::new(self.cost.get() + other.cost.get()),
        }
    }
}

/// One client's line.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientReportLine {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub suspended: bool,
    #[serde(flatten)]
    pub figures: ReportFigures,
}

/// The report: the window it covers, a line per client (oldest client first) and the totals.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientReport {
    /// Unix seconds, inclusive.
    pub from: i64,
    /// Unix seconds, exclusive.
    pub to: i64,
    /// The kind asked for; null: every kind.
    #[serde(rename = "type")]
    #[schema(value_type = Option<String>)]
    pub kind: Option<ProxyKind>,
    pub clients: Vec<ClientReportLine>,
    pub totals: ReportFigures,
}

const CSV_HEADER: &str = "client_id,email,name,suspended,allocated_bytes,reclaimed_bytes,\
available_bytes,used_bytes,used_gb,revenue,cost\n";

fn csv_line(line: &ClientReportLine) -> String {
    let f = &line.figures;
    format!(
        "{},{},{},{},{},{},{},{},{},{},{}\n",
        line.id,
        cell(&line.email),
        cell(&line.name),
        line.suspended,
        f.allocated_bytes,
        f.reclaimed_bytes,
        f.available_bytes,
        f.used_bytes,
        f.used_gb,
        f.revenue.to_decimal_string(),
        f.cost.to_decimal_string(),
    )
}

#[utoipa::path(tag = "resellers", params(ReportQuery),
    responses((status = 200, body = ClientReport,
               description = "JSON, or with format=csv an attachment clients-report.csv"),
              (status = 400, body = ErrorResponse), (status = 401, body = ErrorResponse),
              (status = 403, body = ErrorResponse)))]
#[get("/reseller/reports/clients")]
pub async fn client_report(
    state: web::Data<AppState>,
    reseller: Reseller,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let now = persistence::now();
    let window = query.window(now)?;
    let csv = query.csv()?;
    let id = reseller.user.id;
    let lines = with_conn(&state.services.pool, move |conn| {
        Ok(client_lines(conn, id, window, now)?)
    })
    .await?;
    let clients: Vec<ClientReportLine> = lines
        .iter()
        .map(|line| ClientReportLine {
            id: line.client.id.get(),
            email: line.client.email.clone(),
            name: line.client.name.clone(),
            suspended: line.client.suspended,
            figures: ReportFigures::of(line),
        })
        .collect();
    let totals = clients
        .iter()
        .fold(ReportFigures::default(), |sum, l| sum.add(l.figures));
    if csv {
        let mut body = CSV_HEADER.to_owned();
        body.extend(clients.iter().map(csv_line));
        return Ok(HttpResponse::Ok()
            .content_type("text/csv; charset=utf-8")
            .insert_header((
                "Content-Disposition",
                "attachment; filename=\"clients-report.csv\"",
            ))
            .insert_header(("Cache-Control", "no-store"))
            .body(body));
    }
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(ClientReport {
            from: window.from,
            to: window.to,
            kind: window.kind,
            clients,
            totals,
        }))
}
