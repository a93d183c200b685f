//! `GET /api/acceptable-use` (public): what the gateway refuses to every customer, from the
//! same configuration and rules it enforces: internal addresses (unless the shop runs with
//! `PROXYSHOP_GATEWAY_ALLOW_PRIVATE`), the refused ports, the category files of
//! `PROXYSHOP_BLOCKLIST_FILES` (named, with their size) and the operator's active rules with
//! their reasons. The acceptable use page and the terms show it.

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use persistence::blocklist;
use serde::Serialize;
use utoipa::ToSchema;

/// Operator rules listed on the page at most (the count says how many there are).
const RULES_SHOWN: i64 = 500;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedCategory {
    /// The category file's name without its extension.
    pub name: String,
    pub patterns: usize,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedRule {
    pub pattern: String,
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptableUsePolicy {
    /// Private, loopback and link-local destinations are refused.
    pub internal_addresses_refused: bool,
    pub refused_ports: Vec<u16>,
    pub categories: Vec<BlockedCategory>,
    /// The newest active operator rules, at most 500.
    pub rules: Vec<BlockedRule>,
    /// Active operator rules in all.
    pub rule_count: i64,
    /// Days connection records are kept (what an abuse report can be answered from).
    pub records_kept_days: u32,
}

#[utoipa::path(tag = "blocklist", security(()),
    responses((status = 200, body = AcceptableUsePolicy)))]
#[get("/acceptable-use")]
pub async fn acceptable_use(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let configured = &state.settings.acceptable_use;
    let categories = app::blocklist::categories(&configured.blocklist_files)
        .await
        .into_iter()
        .filter(|c| c.readable)
        .map(|c| BlockedCategory {
            name: c.name,
            patterns: c.patterns,
        })
        .collect();
    let (rows, rule_count) = with_conn(&state.services.pool, |conn| {
        Ok(blocklist::page(conn, true, 0, RULES_SHOWN)?)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-cache"))
        .json(AcceptableUsePolicy {
            internal_addresses_refused: !state.settings.gateway.allow_private,
            refused_ports: configured.refused_ports.clone(),
            categories,
            rules: rows
                .into_iter()
                .map(|r| BlockedRule {
                    pattern: r.pattern,
                    reason: r.reason,
                })
                .collect(),
            rule_count,
            records_kept_days: state.settings.usage_records_days,
        }))
}
