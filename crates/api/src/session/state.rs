//! A session's state: a few named values (the signed-in user, the client last seen, a pending
//! two-factor sign-in), each the JSON text `Session::insert` wrote. Kept as a short list in the
//! order written and searched by name: read on every request, it never holds more than a handful
//! of values, for which hashing every name costs more than comparing it. Stored as a JSON object.

use persistence::users::UserRow;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The state key holding the signed-in user's id.
pub const USER_ID_KEY: &str = "user_id";

/// Where a signed-in session is used from, as `user_sessions::record` notes it; the store
/// writes it to the row's own columns (the session list reads them), never into the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Client {
    pub ip: Option<String>,
    pub agent: Option<String>,
    /// When, in unix seconds.
    pub seen: i64,
}

/// A live session as the store found it.
pub struct Loaded {
    /// The cookie's key.
    pub key: String,
    /// The row id: the key's hash.
    pub row: String,
    pub state: State,
    /// The signed-in user's row; `None` for a signed-out session.
    pub user: Option<UserRow>,
    /// Whether that user is an enabled reseller.
    pub reseller: bool,
    /// When its client was last recorded.
    pub seen: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State(Vec<(String, String)>);

impl State {
    pub fn new() -> Self {
        State(Vec::new())
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value.as_str())
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// Sets `key` to `value`; returns the value it replaced.
    pub fn insert(&mut self, key: String, value: String) -> Option<String> {
        match self.0.iter_mut().find(|(name, _)| *name == key) {
            Some((_, old)) => Some(std::mem::replace(old, value)),
            None => {
                self.0.push((key, value));
                None
            }
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<String> {
        let at = self.0.iter().position(|(name, _)| name == key)?;
        Some(self.0.remove(at).1)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl Serialize for State {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for State {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = State;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of strings")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<State, A::Error> {
                let mut state = State(Vec::with_capacity(map.size_hint().unwrap_or(4)));
                while let Some((name, value)) = map.next_entry::<String, String>()? {
                    // A name written twice: the last value counts, as in any JSON object.
                    state.insert(name, value);
                }
                Ok(state)
            }
        }
        deserializer.deserialize_map(Entries)
    }
}

#[cfg(test)]
mod tests {
    use super::State;

    #[test]
    fn names_are_unique_and_the_state_reads_back_from_its_json() {
        let mut state = State::new();
        assert_eq!(state.insert("a".into(), "1".into()), None);
        assert_eq!(state.insert("b".into(), "\"x\"".into()), None);
        assert_eq!(state.insert("a".into(), "2".into()), Some("1".into()));
        assert_eq!(state.get("a"), Some("2"));
        let json = serde_json::to_string(&state).unwrap();
        assert_eq!(json, r#"{"a":"2","b":"\"x\""}"#);
        assert_eq!(
            serde_json::from_str::<State>(&json).ok(),
            Some(state.clone())
        );
        assert_eq!(state.remove("a"), Some("2".into()));
        assert!(!state.contains_key("a"));
        assert_eq!(state.remove("a"), None);
        let twice: State = serde_json::from_str(r#"{"a":"1","a":"3"}"#).unwrap();
        assert_eq!(twice.get("a"), Some("3"));
        assert!(serde_json::from_str::<State>(r#"{"a":1}"#).is_err());
    }
}
