//! Sub-users (docs/api.md#sub-users): named extra proxy credentials of one traffic kind, each
//! with its own password and optional traffic and connection caps, whose traffic comes out of
//! the account's balance. `form.rs` checks the bodies, `view.rs` shapes the answers,
//! `manage.rs` lists, adds, changes and removes them, `login.rs` invites someone to sign in to
//! one (docs/subusers.md) and revokes that sign-in.

mod form;
mod login;
mod manage;
mod view;

pub use domain::subusers::MAX_SUBUSERS;
pub use form::{CreateSubuserRequest, MainSettingsRequest, UpdateSubuserRequest};
pub use login::InviteRequest;
pub use view::{MainCredential, SubuserItem, SubuserList, SubuserLoginView};

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(manage::set_main_credential)
        .service(manage::list_subusers)
        .service(manage::add_subuser)
        .service(manage::update_subuser)
        .service(manage::remove_subuser)
        .service(login::invite_subuser_login)
        .service(login::revoke_subuser_login);
}
