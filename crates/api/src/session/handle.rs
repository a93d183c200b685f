//! `Session`: a request's session as handlers, extractors and middleware see it (`get`,
//! `insert`, `remove`, `renew`, `purge`; the user row read with it; its client), and what the
//! request did to it, which the middleware stores when the request ends.

use actix_web::dev::{Payload, ServiceRequest};
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use persistence::users::UserRow;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::cell::RefCell;
use std::rc::Rc;

use super::state::{Client, Loaded, State, USER_ID_KEY};

/// What a request did to its session, which decides what the middleware stores afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Status {
    /// Nothing to store.
    Unchanged,
    /// The state changed: stored under the same key (a new one for a session without a row).
    Changed,
    /// Stored under a new key; the old row is deleted.
    Renewed,
    /// The row is deleted and the cookie cleared; later changes in the request are ignored.
    Purged,
}

struct Inner {
    /// The cookie's key, when it named a live session.
    key: Option<String>,
    /// The row id (the key's hash) of that session.
    row: Option<String>,
    state: State,
    status: Status,
    /// The signed-in user's row, read with the session; never stored.
    user: Option<UserRow>,
    /// Whether that user is an enabled reseller, read with it.
    reseller: bool,
    /// When the session's client was last recorded (the row's `last_seen_at`).
    seen: Option<i64>,
    /// The client recorded during this request, for the store to write.
    client: Option<Client>,
}

/// What a request did to its session, for the middleware to store.
pub(super) struct Changes {
    pub status: Status,
    pub key: Option<String>,
    pub state: State,
    pub client: Option<Client>,
}

/// The session of the request being served. Cheap to clone; every clone is the same session.
#[derive(Clone)]
pub struct Session(Rc<RefCell<Inner>>);

impl Session {
    pub(super) fn new(loaded: Option<Loaded>) -> Self {
        let inner = match loaded {
            Some(loaded) => Inner {
                key: Some(loaded.key),
                row: Some(loaded.row),
                state: loaded.state,
                status: Status::Unchanged,
                user: loaded.user,
                reseller: loaded.reseller,
                seen: loaded.seen,
                client: None,
            },
            None => Inner {
                key: None,
                row: None,
                state: State::new(),
                status: Status::Unchanged,
                user: None,
                reseller: false,
                seen: None,
                client: None,
            },
        };
        Session(Rc::new(RefCell::new(inner)))
    }

    /// The value under `key`, if any (an error if it is not a `T`).
    pub fn get<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, serde_json::Error> {
        match self.0.borrow().state.get(key) {
            Some(value) => serde_json::from_str(value).map(Some),
            None => Ok(None),
        }
    }

    /// Sets `key` to `value`. Ignored once the session is purged.
    pub fn insert<T: Serialize>(
        &self,
        key: impl Into<String>,
        value: T,
    ) -> Result<(), serde_json::Error> {
        let value = serde_json::to_string(&value)?;
        let mut inner = self.0.borrow_mut();
        if inner.status != Status::Purged {
            inner.changed();
            inner.state.insert(key.into(), value);
        }
        Ok(())
    }

    /// Removes `key`, returning its JSON text. Ignored once the session is purged.
    pub fn remove(&self, key: &str) -> Option<String> {
        let mut inner = self.0.borrow_mut();
        if inner.status == Status::Purged {
            return None;
        }
        let removed = inner.state.remove(key);
        if removed.is_some() {
            inner.changed();
        }
        removed
    }

    /// Keeps the state under a new key (the cookie changes, the old key stops working): done at
    /// every sign-in, so that a key known before it (session fixation) is worth nothing after.
    pub fn renew(&self) {
        let mut inner = self.0.borrow_mut();
        if inner.status != Status::Purged {
            inner.status = Status::Renewed;
            // A new row, whose client is yet to be recorded.
            inner.seen = None;
        }
    }

    /// Ends the session: its row is deleted and the cookie cleared when the request ends.
    pub fn purge(&self) {
        let mut inner = self.0.borrow_mut();
        inner.status = Status::Purged;
        inner.state.clear();
        inner.user = None;
        inner.reseller = false;
        inner.client = None;
    }

    /// When the session's client was last recorded, if it was.
    pub fn client_seen(&self) -> Option<i64> {
        self.0.borrow().seen
    }

    /// Records where the session is used from; written to its row when the request ends.
    /// Ignored once the session is purged.
    pub fn record_client(&self, client: Client) {
        let mut inner = self.0.borrow_mut();
        if inner.status != Status::Purged {
            inner.changed();
            inner.seen = Some(client.seen);
            inner.client = Some(client);
        }
    }

    /// The row id of the session the request came with, if it named a live one (the session
    /// list marks it as the caller's own).
    pub fn row(&self) -> Option<String> {
        self.0.borrow().row.clone()
    }

    /// The signed-in user's row as read with the session, while the state still names that
    /// user: not after a purge, nor once the request signed in someone else.
    pub fn loaded_user(&self) -> Option<UserRow> {
        let id = self.get::<domain::UserId>(USER_ID_KEY).ok().flatten()?;
        let inner = self.0.borrow();
        inner.user.as_ref().filter(|user| user.id == id).cloned()
    }

    /// Whether the user `loaded_user` answers is an enabled reseller, as read with the session;
    /// `None` when the row it answers is not `id`'s.
    pub fn loaded_reseller(&self, id: domain::UserId) -> Option<bool> {
        let signed_in = self.get::<domain::UserId>(USER_ID_KEY).ok().flatten()?;
        let inner = self.0.borrow();
        let user = inner.user.as_ref()?;
        (user.id == id && signed_in == id).then_some(inner.reseller)
    }

    /// Puts the session into the request, for the extractors and the handler.
    pub(super) fn attach(&self, req: &ServiceRequest) {
        req.extensions_mut().insert(self.clone());
    }

    /// What the request did, for the middleware after the handler.
    pub(super) fn take(&self) -> Changes {
        let mut inner = self.0.borrow_mut();
        Changes {
            status: inner.status,
            key: inner.key.take(),
            state: std::mem::take(&mut inner.state),
            client: inner.client.take(),
        }
    }
}

impl Inner {
    fn changed(&mut self) {
        if self.status == Status::Unchanged {
            self.status = Status::Changed;
        }
    }
}

/// The session of a request, from the request itself (for middleware and extractors).
pub trait SessionExt {
    fn get_session(&self) -> Session;
}

/// The request's session; a request served without the session middleware gets a fresh one
/// of its own, whose changes are never stored.
fn session_of(req: &impl HttpMessage) -> Session {
    if let Some(session) = req.extensions().get::<Session>() {
        return session.clone();
    }
    let session = Session::new(None);
    req.extensions_mut().insert(session.clone());
    session
}

impl SessionExt for HttpRequest {
    fn get_session(&self) -> Session {
        session_of(self)
    }
}

impl SessionExt for ServiceRequest {
    fn get_session(&self) -> Session {
        session_of(self)
    }
}

impl FromRequest for Session {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Session, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(Ok(req.get_session()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loaded() -> Session {
        let mut state = State::new();
        state.insert(USER_ID_KEY.to_owned(), "7".to_owned());
        Session::new(Some(Loaded {
            key: "k".repeat(64),
            row: "row".to_owned(),
            state,
            user: None,
            reseller: false,
            seen: Some(100),
        }))
    }

    #[test]
    fn reading_changes_nothing_and_writing_marks_the_state_changed() {
        let session = loaded();
        assert_eq!(session.get::<i64>(USER_ID_KEY).unwrap(), Some(7));
        assert_eq!(session.get::<i64>("absent").unwrap(), None);
        assert!(session.get::<String>(USER_ID_KEY).is_err());
        assert_eq!(session.remove("absent"), None);
        assert_eq!(session.client_seen(), Some(100));
        assert_eq!(session.take().status, Status::Unchanged);

        let session = loaded();
        session.insert("note", "x").unwrap();
        let changes = session.take();
        assert_eq!(changes.status, Status::Changed);
        assert_eq!(changes.key, Some("k".repeat(64)));
        assert_eq!(changes.state.get("note"), Some("\"x\""));
        assert_eq!(changes.client, None);

        let session = loaded();
        let client = Client {
            ip: None,
            agent: Some("curl".into()),
            seen: 160,
        };
        session.record_client(client.clone());
        assert_eq!(session.client_seen(), Some(160));
        let changes = session.take();
        assert_eq!(
            (changes.status, changes.client),
            (Status::Changed, Some(client))
        );
    }

    #[test]
    fn a_renewed_session_stays_renewed_when_written_after() {
        let session = loaded();
        session.renew();
        assert_eq!(
            session.client_seen(),
            None,
            "the new row's client is yet to be recorded"
        );
        session.insert(USER_ID_KEY, 8).unwrap();
        let changes = session.take();
        assert_eq!(changes.status, Status::Renewed);
        assert_eq!(changes.state.get(USER_ID_KEY), Some("8"));
    }

    #[test]
    fn nothing_comes_back_after_a_purge() {
        let session = loaded();
        session.purge();
        session.insert(USER_ID_KEY, 8).unwrap();
        session.renew();
        assert_eq!(session.remove(USER_ID_KEY), None);
        assert_eq!(session.get::<i64>(USER_ID_KEY).unwrap(), None);
        session.record_client(Client {
            ip: None,
            agent: None,
            seen: 160,
        });
        assert!(session.loaded_user().is_none());
        let changes = session.take();
        assert_eq!(changes.status, Status::Purged);
        assert!(changes.state.is_empty());
        assert_eq!(changes.client, None);
    }
}
