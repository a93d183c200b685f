//! IP allowlist authentication (docs/api.md#ip-allowlist): the source addresses the gateway
//! lets in without credentials, each metered to its owner and kind. `form.rs` checks an entry;
//! `manage.rs` lists, adds and removes them.

mod form;
mod manage;

pub use form::AllowlistRequest;
pub use manage::{AllowablePiece, AllowablePieces, AllowlistEntry, AllowlistList, MAX_ENTRIES};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(manage::list_allowlist)
        .service(manage::allowable_pieces)
        .service(manage::add_allowlist)
        .service(manage::remove_allowlist);
}
