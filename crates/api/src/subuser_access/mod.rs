//! What a sub-user's sign-in, or an API key limited to a sub-user, may do (docs/subusers.md):
//! default deny. `allowlist.rs` is the one table of the operations they may call at all
//! (the guard middleware refuses every other one, and the user extractors refuse such a
//! caller a second time); each listed operation shows only the sub-user's own data, through
//! [`SubuserScope`] (`extractors::Viewer`).

mod allowlist;
mod guard;

pub use allowlist::{allowed, listed};
pub use guard::guard;

use domain::usage::CredentialKind;
use persistence::subusers::SubuserRow;
use persistence::users::UserRow;

/// The sub-user a caller is limited to.
#[derive(Debug, Clone)]
pub struct SubuserScope {
    pub subuser: SubuserRow,
    /// The sign-in's own account row (its email and name); None for an API key.
    pub login: Option<UserRow>,
}

impl SubuserScope {
    /// The credential the sub-user's records are filed under (`usage::filters`).
    pub fn credential(&self) -> (CredentialKind, String) {
        (CredentialKind::Subuser, self.subuser.name.clone())
    }
}
