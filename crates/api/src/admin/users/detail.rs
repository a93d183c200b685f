//! `GET /api/admin/users/{id}`: one customer with their referrer, traffic, live pieces, last
//! payments, the last 30 days of usage and their reseller terms (or, for a reseller's client,
//! its reseller).

use super::customer::existing_customer_with_logins;
use super::reseller::AdminReseller;
use super::view::{AdminUserRow, TrafficRow, traffic_row};
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use domain::calendar::utc_day;
use domain::{Cents, PaymentStatus, ProxyKind, UserId};
use persistence::{DbConnection, admin_users, email_changes, payments, resellers};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminReferrer {
    pub id: i64,
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserDetail {
    #[serde(flatten)]
    pub row: AdminUserRow,
    pub phone: Option<String>,
    pub avatar_url: Option<String>,
    pub updated_at: i64,
    pub referrer: Option<AdminReferrer>,
    pub referred_count: i64,
    /// The address the customer asked to move to and has not confirmed yet: the one address
    /// an operator can mail a new code to (`POST /api/admin/users/{id}/verification`).
    pub pending_email: Option<String>,
    /// For a reseller's client: the reseller's account id (docs/resellers.md).
    pub reseller_id: Option<i64>,
    /// For a client: suspended by its reseller (and so disabled).
    pub suspended: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserPiece {
    pub id: i64,
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    pub host: String,
    pub port: i32,
    pub username: String,
    pub country: Option<String>,
    pub expires_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserPayment {
    pub id: String,
    #[schema(value_type = f64)]
    pub amount: Cents,
    pub currency: String,
    pub provider: String,
    #[schema(value_type = String)]
    pub status: PaymentStatus,
    pub created_at: i64,
    pub credited_at: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUsageDay {
    pub day: String,
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: ProxyKind,
    pub bytes: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUserView {
    pub user: AdminUserDetail,
    /// Premium and budget, always both.
    pub traffic: Vec<TrafficRow>,
    /// The pieces that still work.
    pub pieces: Vec<AdminUserPiece>,
    /// The last 10.
    pub payments: Vec<AdminUserPayment>,
    /// The last 30 days (today included), oldest first; days without traffic are absent.
    pub usage: Vec<AdminUsageDay>,
    /// The reseller terms (`PUT /api/admin/users/{id}/reseller`); null for an account never
    /// made a reseller.
    pub reseller: Option<AdminReseller>,
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = AdminUserView), (status = 401), (status = 403),
        (status = 404, description = "User not found")))]
#[get("/admin/users/{id}")]
pub async fn user_detail(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let view = with_conn(&state.services.pool, move |conn| {
        let customer = existing_customer_with_logins(conn, id)?;
        let now = persistence::now();
        let user = AdminUserDetail {
            row: AdminUserRow::from(&customer),
            phone: customer.user.phone.clone(),
            avatar_url: customer.user.avatar_url.clone(),
            updated_at: customer.user.updated_at,
            referrer: admin_users::referrer(conn, id)?.map(|(id, email)| AdminReferrer {
                id: id.get(),
                email,
            }),
            referred_count: admin_users::referred_count(conn, id)?,
            pending_email: email_changes::find(conn, id)?.map(|p| p.new_email),
            reseller_id: customer.user.reseller_id.map(UserId::get),
            suspended: customer.user.suspended,
        };
        let reseller = match resellers::accounts::find(conn, id)? {
            Some(row) => Some(AdminReseller::new(
                &row,
                resellers::clients::count(conn, id)?,
            )),
            None => None,
        };
        let traffic = [ProxyKind::Premium, ProxyKind::Budget]
            .into_iter()
            .map(|kind| traffic_row(conn, id, kind))
            .collect::<Result<_, _>>()?;
        let pieces = live_pieces(conn, id, now)?;
        let payments = payments::recent_for_user(conn, id, 10)?
            .into_iter()
            .map(|p| AdminUserPayment {
                id: p.id,
                amount: p.amount_cents,
                currency: p.currency,
                provider: p.provider,
                status: p.status,
                created_at: p.created_at,
                credited_at: p.credited_at,
            })
            .collect();
        let usage = recent_usage(conn, id, now)?;
        Ok(AdminUserView {
            user,
            traffic,
            pieces,
            payments,
            usage,
            reseller,
        })
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(view))
}

/// The customer's pieces that still work at `now` (no passwords).
pub(super) fn live_pieces(
    conn: &mut DbConnection,
    id: UserId,
    now: i64,
) -> Result<Vec<AdminUserPiece>, persistence::DbError> {
    Ok(admin_users::live_pieces(conn, id, now)?
        .into_iter()
        .map(|p| AdminUserPiece {
            id: p.id,
            kind: p.kind,
            host: p.host,
            port: p.port,
            username: p.username,
            country: p.country,
            expires_at: p.expires_at,
        })
        .collect())
}

/// The customer's usage of the 30 days up to `now` (today included), oldest first.
pub(super) fn recent_usage(
    conn: &mut DbConnection,
    id: UserId,
    now: i64,
) -> Result<Vec<AdminUsageDay>, persistence::DbError> {
    let from = utc_day(now - 29 * 86_400);
    Ok(admin_users::usage_since(conn, id, &from)?
        .into_iter()
        .map(|(day, kind, bytes)| AdminUsageDay { day, kind, bytes })
        .collect())
}
