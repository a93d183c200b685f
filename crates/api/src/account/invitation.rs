//! `POST /api/invitation/accept`: the page of a sub-user sign-in's invitation link sets its
//! first password with the link's token (docs/subusers.md). It does not sign in: the invitee
//! then signs in with the sign-in form, under its guard, like anyone.

use crate::error::ApiError;
use crate::extractors::{ClientIp, JsonObject};
use crate::state::AppState;
use crate::view::{ErrorResponse, MessageResponse};
use actix_web::{HttpResponse, post, web};
use domain::{InvitationForm, messages as msg};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct AcceptInvitationRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::email)]
    pub email: String,
    /// The `token` of the invitation link.
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::invitation_token)]
    pub token: String,
    #[serde(default)]
    #[schema(required = true, schema_with = crate::openapi::rules::new_password)]
    pub password: SecretString,
    /// The same password again.
    #[serde(default, rename = "confirmPassword")]
    #[schema(required = true, schema_with = crate::openapi::rules::new_password)]
    pub confirm_password: SecretString,
}

#[utoipa::path(tag = "account", security(()), request_body = AcceptInvitationRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorResponse),
              (status = 422, body = ErrorResponse), (status = 429, body = ErrorResponse),
              (status = 503, body = ErrorResponse)))]
#[post("/invitation/accept")]
pub async fn accept_invitation(
    state: web::Data<AppState>,
    ip: ClientIp,
    body: JsonObject<AcceptInvitationRequest>,
) -> Result<HttpResponse, ApiError> {
    let form = InvitationForm::parse(
        &body.email,
        &body.token,
        body.password.expose_secret(),
        body.confirm_password.expose_secret(),
    )
    .map_err(ApiError::Validation)?;
    app::accounts::invitation::accept(&state.services, &state.code_key, form, ip.network()).await?;
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: msg::INVITATION_ACCEPTED.to_owned(),
    }))
}

#[cfg(test)]
mod tests {
    use crate::openapi::rules::tests::agree;
    use domain::InvitationForm;

    #[test]
    fn the_document_rule_matches_the_parser() {
        let token = "aB3".repeat(10) + "xY";
        let padded = format!(" {token} ");
        let short = &token[1..];
        let long = format!("{token}z");
        let dashed = format!("{}-", &token[1..]);
        let samples = [
            token.as_str(),
            padded.as_str(),
            short,
            long.as_str(),
            dashed.as_str(),
            "",
        ];
        agree(
            crate::openapi::rules::invitation_token(),
            |t| InvitationForm::parse("a@example.com", t, "Secret1!", "Secret1!").is_ok(),
            &samples,
        );
    }
}
