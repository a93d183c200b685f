//! The one-time codes of the account settings: drawing them, hashing them (bound to what they
//! are for) and checking a typed code against the stored hash.

use crate::sign_in::{code_hash, code_matches};
use domain::UserId;

/// What a code is for: a reset code cannot confirm an email change, nor the other way round,
/// and an email change code is bound to the address it was sent to.
pub enum Purpose<'a> {
    Reset(UserId),
    EmailChange(UserId, &'a str),
    /// The token of a sub-user sign-in's invitation link (`invitation`).
    Invitation(UserId),
}

impl Purpose<'_> {
    fn subject(&self) -> String {
        match self {
            Purpose::Reset(user) => format!("password-reset:{user}"),
            Purpose::EmailChange(user, email) => format!("email-change:{user}:{email}"),
            Purpose::Invitation(user) => format!("subuser-invitation:{user}"),
        }
    }

    /// The account the code belongs to.
    pub fn account(&self) -> UserId {
        match self {
            Purpose::Reset(user) | Purpose::EmailChange(user, _) | Purpose::Invitation(user) => {
                *user
            }
        }
    }

    pub fn hash(&self, key: &[u8; 32], code: &str) -> String {
        code_hash(key, &self.subject(), code)
    }

    pub fn matches(&self, key: &[u8; 32], code: &str, stored: &str) -> bool {
        code_matches(key, &self.subject(), code, stored)
    }
}
