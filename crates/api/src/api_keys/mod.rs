//! The customer API's keys (docs/api-keys.md): managing them (`manage.rs`, session only), the
//! bearer authentication of `/api/user/*` (`bearer.rs`, which hands the extractors a
//! `crate::key_caller::KeyCaller`), which scope each operation needs (`scope.rs`, declared in
//! the OpenAPI document by `security.rs`), the key format (`token.rs`), the allowed source
//! addresses (`networks.rs`).

pub mod bearer;
mod form;
mod manage;
mod networks;
pub mod scope;
pub mod security;
mod token;
mod view;

pub use form::CreateKeyRequest;
pub use view::{ApiKeyCreated, ApiKeyList, ApiKeyView};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(manage::list_api_keys)
        .service(manage::create_api_key)
        .service(manage::revoke_api_key);
}
