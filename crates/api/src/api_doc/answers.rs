//! The answers no handler writes but every client can meet, added to each operation of the
//! document where they apply, so that the document lists every status a route can answer:
//! the extractors' 400 (a body or query string that does not parse) and 404 (a path parameter
//! that does not parse), the JSON body's 422 for a field of the wrong type
//! (`crate::extractors::JsonObject`), the origin guard's 403 and 415 (`crate::origin_guard`), the
//! session's 401 and the API key's 401, 403 and 429 (`crate::api_keys::bearer`).

use crate::api_keys::security::{is_public, takes_key};
use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::{Content, OpenApi, Ref, RefOr, ResponseBuilder};

pub fn add(doc: &mut OpenApi) {
    for item in doc.paths.paths.values_mut() {
        let operations = [
            (false, &mut item.get),
            (true, &mut item.put),
            (true, &mut item.post),
            (true, &mut item.delete),
            (true, &mut item.patch),
        ];
        for (changes_state, operation) in operations {
            if let Some(operation) = operation.as_mut() {
                add_to(operation, changes_state);
            }
        }
    }
}

fn add_to(operation: &mut Operation, changes_state: bool) {
    let parameters = operation.parameters.as_deref().unwrap_or_default();
    let has_query = parameters
        .iter()
        .any(|p| matches!(p.parameter_in, ParameterIn::Query));
    let has_path = parameters
        .iter()
        .any(|p| matches!(p.parameter_in, ParameterIn::Path));
    let key = takes_key(operation);
    let mut answers: Vec<(&str, &str)> = Vec::new();
    if operation.request_body.is_some() || has_query {
        answers.push(("400", "The body or the query string does not parse"));
    }
    if !is_public(operation) || key {
        answers.push((
            "401",
            "Not signed in, or an unknown, expired or revoked API key",
        ));
    }
    if changes_state || key {
        answers.push((
            "403",
            "A foreign Origin, or an API key without the scope this operation needs",
        ));
    }
    if has_path {
        answers.push(("404", "Nothing has this id (or the id does not parse)"));
    }
    if changes_state {
        answers.push((
            "415",
            "A body that is neither JSON nor, for uploads, multipart",
        ));
    }
    let json_body = operation
        .request_body
        .as_ref()
        .is_some_and(|body| body.content.contains_key("application/json"));
    if json_body {
        answers.push((
            "422",
            "A field of the wrong type or breaking a rule (the message names the field)",
        ));
    }
    if key {
        answers.push(("429", "The API key's own rate limit"));
    }
    for (status, description) in answers {
        if operation.responses.responses.contains_key(status) {
            continue;
        }
        let answer = ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                Content::new(Some(RefOr::Ref(Ref::from_schema_name("ErrorResponse")))),
            )
            .build();
        operation
            .responses
            .responses
            .insert(status.to_owned(), RefOr::T(answer));
    }
}
