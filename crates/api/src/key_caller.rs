//! Who a request authenticated with an API key acts as: put into the request's extensions by the
//! bearer middleware, read by the user extractors instead of the session.

use persistence::subusers::SubuserRow;
use persistence::users::UserRow;

#[derive(Debug, Clone)]
pub struct KeyCaller {
    /// The key's owner, loaded with the key (enabled).
    pub user: UserRow,
    pub key_id: i64,
    /// The sub-user the key is limited to (`subuser_access`); None: the whole account.
    pub subuser: Option<SubuserRow>,
}
