//! `GET /api/admin/users/{id}/view-as`: what the customer sees on their dashboard, for the
//! operator's read-only "view as customer": balance, traffic, 30 days of usage, the last
//! generated or bought proxy lines with their passwords masked, the live pieces (no passwords)
//! and the last ledger rows. It is a plain admin read: no customer session, key or credential
//! is made or shown, and nothing can be changed through it. Each view is audited
//! (`user.view_as`) in the transaction that reads it, so a view that answers is on the record.

use super::customer::existing_customer;
use super::detail::{AdminUsageDay, AdminUserPiece, live_pieces, recent_usage};
use super::view::{TrafficRow, traffic_row};
use crate::admin::audit_trail::audit;
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::state::AppState;
use crate::view::ErrorResponse;
use crate::view::LedgerEntry;
use actix_web::{HttpResponse, get, web};
use domain::proxy_line::{MASK, mask_password};
use domain::{Cents, ProxyKind, UserId};
use persistence::{proxy_history, wallet};
use serde::Serialize;
use utoipa::ToSchema;

/// Proxy lines and ledger rows the view shows.
const RECENT_LINES: i64 = 20;
const RECENT_LEDGER: i64 = 10;

/// A proxy line the customer generated or bought, its password masked.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MaskedLine {
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    /// The line with `••••••` for the password.
    pub proxy: String,
    pub created_at: i64,
    pub expires_at: Option<i64>,
}

/// What the customer sees, read-only.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerOverview {
    pub id: i64,
    pub email: String,
    pub name: String,
    #[schema(value_type = f64)]
    pub balance: Cents,
    pub proxy_username: String,
    /// Always `••••••`: the view never shows a password.
    pub proxy_password: String,
    /// Premium and budget, always both.
    pub traffic: Vec<TrafficRow>,
    /// The last 30 days (today included), oldest first; days without traffic are absent.
    pub usage: Vec<AdminUsageDay>,
    /// The last 20 lines, newest first.
    pub lines: Vec<MaskedLine>,
    /// The pieces that still work.
    pub pieces: Vec<AdminUserPiece>,
    /// The last 10 ledger rows, newest first.
    pub ledger: Vec<LedgerEntry>,
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = CustomerOverview), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "User not found")))]
#[get("/admin/users/{id}/view-as")]
pub async fn view_as_customer(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let actor = admin.0.id;
    let view = in_transaction(&state.services.pool, move |conn| {
        let user = existing_customer(conn, id)?;
        let now = persistence::now();
        let traffic = [ProxyKind::Premium, ProxyKind::Budget]
            .into_iter()
            .map(|kind| traffic_row(conn, id, kind))
            .collect::<Result<_, _>>()?;
        let (lines, _) = proxy_history::page(conn, id, None, None, 0, RECENT_LINES)?;
        let (ledger, _) = wallet::history(conn, id, RECENT_LEDGER, 0)?;
        let view = CustomerOverview {
            id: id.get(),
            email: user.email,
            name: user.name,
            balance: user.balance_cents,
            proxy_username: user.proxy_username,
            proxy_password: MASK.to_owned(),
            traffic,
            usage: recent_usage(conn, id, now)?,
            lines: lines
                .into_iter()
                .map(|row| MaskedLine {
                    kind: row.kind,
                    proxy: mask_password(&row.proxy),
                    created_at: row.created_at,
                    expires_at: row.expires_at,
                })
                .collect(),
            pieces: live_pieces(conn, id, now)?,
            ledger: ledger.into_iter().map(LedgerEntry::from).collect(),
        };
        audit(
            conn,
            actor,
            "user.view_as",
            &format!("user:{id}"),
            None,
            None::<&()>,
            None::<&()>,
        )?;
        Ok(view)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(view))
}
