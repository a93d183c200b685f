//! `GET /api/admin/abuse?status=&page=&perPage=` (the queue, newest first) and
//! `GET /api/admin/abuse/{id}` (a case with the connection records it matches).

use super::view::{AbuseCase, AbuseCaseDetail, AbuseMatch, CustomerBlock};
use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::pagination::{PageQuery, Paged};
use crate::query_text::given;
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, web};
use domain::abuse::CaseStatus;
use domain::{UserId, messages as msg};
use persistence::DbConnection;
use persistence::abuse::{self, ReportRow};
use serde::Deserialize;
use utoipa::IntoParams;

/// The most records a case lists.
pub const MAX_MATCHES: i64 = 500;

#[derive(Debug, Deserialize, IntoParams)]
pub struct CaseFilter {
    /// open, answered or closed; blank for all.
    #[param(schema_with = crate::openapi::abuse_rules::status_filter)]
    pub status: Option<String>,
}

#[utoipa::path(tag = "admin", params(CaseFilter, PageQuery),
    responses((status = 200, body = Paged<AbuseCase>), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse),
        (status = 422, body = ErrorResponse)))]
#[get("/admin/abuse")]
pub async fn list_cases(
    _admin: AdminUser,
    state: web::Data<AppState>,
    filter: web::Query<CaseFilter>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let status = match given("status", filter.status.as_deref())? {
        Some(s) => Some(
            CaseStatus::parse(s)
                .ok_or_else(|| ApiError::BadRequest(msg::ABUSE_STATUS_INVALID.to_owned()))?,
        ),
        None => None,
    };
    let at = paging.resolve(50)?;
    let (rows, total) = with_conn(&state.services.pool, move |conn| {
        Ok(abuse::list(conn, status, at.per_page, at.offset)?)
    })
    .await?;
    let items = rows.into_iter().map(AbuseCase::from).collect();
    Ok(HttpResponse::Ok().json(Paged::new(items, total, at)))
}

/// The case `id`, or 404 "Abuse report not found".
pub(super) fn existing_case(conn: &mut DbConnection, id: i64) -> Result<ReportRow, ApiError> {
    abuse::get(conn, id)?.ok_or(ApiError::NotFoundWith(msg::ABUSE_CASE_NOT_FOUND))
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = AbuseCaseDetail), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "Abuse report not found")))]
#[get("/admin/abuse/{id}")]
pub async fn show_case(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let days_kept = state.settings.usage_records_days;
    let detail = with_conn(&state.services.pool, move |conn| {
        let case = existing_case(conn, id)?;
        let mut found = abuse::matches(
            conn,
            &case.destination,
            case.port,
            case.window_from,
            case.window_to,
            MAX_MATCHES + 1,
        )?;
        let truncated = found.len() > MAX_MATCHES as usize;
        found.truncate(MAX_MATCHES as usize);
        let mut customers: Vec<UserId> = found.iter().map(|m| m.user_id).collect();
        customers.sort_unstable_by_key(|u| u.get());
        customers.dedup();
        let mut blocks = Vec::new();
        for user in customers {
            blocks.extend(
                abuse::blocks_of(conn, user)?
                    .into_iter()
                    .filter(|b| b.destination == case.destination)
                    .map(CustomerBlock::from),
            );
        }
        Ok(AbuseCaseDetail {
            case: AbuseCase::from(case),
            matches: found.into_iter().map(AbuseMatch::from).collect(),
            truncated,
            days_kept,
            blocks,
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(detail))
}
