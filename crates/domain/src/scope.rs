//! What an API key may do: its scopes. The table of which scope each operation needs is the
//! API's (`api::api_keys::scope`).

use crate::messages as msg;
use crate::names::names;

names! {
    /// One scope of an API key; a key holds at least one.
    #[derive(PartialOrd, Ord)]
    pub enum Scope {
        /// Usage, history, balance, plans, the proxies and locations.
        Read => "read",
        /// Generate residential proxies and test them (`POST /api/user/check`).
        Generate => "generate",
        /// Spend the wallet: buy plans and proxies.
        Buy => "buy",
        /// A reseller's clients and the traffic moved to them (`/api/reseller/*`,
        /// docs/resellers.md); only a reseller account's key may hold it.
        Resell => "resell",
    }
}

impl Scope {
    /// The 403 message of a key without this scope.
    pub fn lacking_message(self) -> &'static str {
        match self {
            Scope::Read => msg::KEY_LACKS_READ,
            Scope::Generate => msg::KEY_LACKS_GENERATE,
            Scope::Buy => msg::KEY_LACKS_BUY,
            Scope::Resell => msg::KEY_LACKS_RESELL,
        }
    }
}
