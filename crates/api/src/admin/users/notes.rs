//! `GET /api/admin/users/{id}/notes?page=&perPage=` and `POST /api/admin/users/{id}/notes
//! {text}`: operators' notes on a customer, newest first. A note is 1–1000 characters once
//! trimmed (line breaks kept, no other control characters), kept with its author and time,
//! never edited; adding one is audited (`user.note`) in the same transaction.

use super::customer::{customer_page, existing_customer};
use crate::admin::audit_trail::audit;
use crate::blocking::in_transaction;
use crate::error::ApiError;
use crate::extractors::{AdminUser, JsonObject};
use crate::pagination::{PageQuery, Paged};
use crate::state::AppState;
use crate::view::ErrorResponse;
use actix_web::{HttpResponse, get, post, web};
use domain::{UserId, messages as msg};
use persistence::customer_notes::{self, NoteRow};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

/// The note as kept: trimmed, `domain::rules::NOTE` (no control characters but line breaks);
/// otherwise 422 on the field `text`.
pub(crate) fn note_text(raw: Option<&str>) -> Result<String, ApiError> {
    let text = raw.unwrap_or_default().trim();
    if domain::rules::NOTE.allows(text) {
        Ok(text.to_owned())
    } else {
        Err(ApiError::field("text", msg::NOTE_INVALID))
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NoteRequest {
    /// 1–1000 characters once trimmed; line breaks allowed.
    #[schema(required = true, schema_with = crate::openapi::rules::note_text)]
    pub text: Option<String>,
}

/// One note on a customer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerNote {
    pub id: i64,
    pub text: String,
    /// The operator who wrote it (null once their account is gone).
    pub author_id: Option<i64>,
    pub author_email: String,
    pub created_at: i64,
}

impl From<NoteRow> for CustomerNote {
    fn from(row: NoteRow) -> Self {
        CustomerNote {
            id: row.id,
            text: row.body,
            author_id: row.author_id,
            author_email: row.author_email,
            created_at: row.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NoteEnvelope {
    pub note: CustomerNote,
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path), PageQuery),
    responses((status = 200, body = Paged<CustomerNote>), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "User not found"),
        (status = 422, body = ErrorResponse, description = "page or perPage out of range")))]
#[get("/admin/users/{id}/notes")]
pub async fn list_notes(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    paging: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    customer_page::<_, CustomerNote>(&state, id, &paging, customer_notes::list).await
}

#[utoipa::path(tag = "admin", params(("id" = i64, Path)), request_body = NoteRequest,
    responses((status = 201, body = NoteEnvelope), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse),
        (status = 404, body = ErrorResponse, description = "User not found"),
        (status = 422, body = ErrorResponse, description = "text invalid")))]
#[post("/admin/users/{id}/notes")]
pub async fn add_note(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: JsonObject<NoteRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = UserId::new(path.into_inner());
    let text = note_text(body.text.as_deref())?;
    let (actor, author_email) = (admin.0.id, admin.0.email.clone());
    let note = in_transaction(&state.services.pool, move |conn| {
        existing_customer(conn, id)?;
        let note = customer_notes::add(conn, id, actor, &author_email, &text)?;
        audit(
            conn,
            actor,
            "user.note",
            &format!("user:{id}"),
            None,
            None::<&()>,
            Some(&json!({ "noteId": note.id, "text": note.body })),
        )?;
        Ok(note)
    })
    .await?;
    Ok(HttpResponse::Created().json(NoteEnvelope {
        note: CustomerNote::from(note),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openapi::rules::tests::agree;

    #[test]
    fn the_document_rule_matches_the_parser() {
        let long = "x".repeat(domain::rules::NOTE.max_chars);
        let too_long = "x".repeat(domain::rules::NOTE.max_chars + 1);
        let padded = format!("  {long}\n ");
        let samples = [
            "ok",
            "a",
            " a ",
            "line one\nline two",
            "tab\there",
            "nul\0",
            "bell\u{7}x",
            "c1\u{85}x",
            "",
            "   ",
            "\n\n",
            long.as_str(),
            too_long.as_str(),
            padded.as_str(),
            "é ünïcode ✓",
        ];
        agree(
            crate::openapi::rules::note_text(),
            |s| note_text(Some(s)).is_ok(),
            &samples,
        );
        assert!(note_text(Some("line one\nline two")).is_ok());
        assert!(note_text(Some(&too_long)).is_err());
        assert_eq!(note_text(Some("  hi \n")).ok().as_deref(), Some("hi"));
    }
}
