//! API key tests: creating keys over the main client's session, calling with a key, and reading
//! or ageing the stored rows.

use super::{Reply, TestApp};
use diesel::prelude::*;
use persistence::schema::api_keys;
use serde_json::{Value, json};

/// A stored key: (id, prefix, key_hash, revoked_at, last_used_at).
pub type KeyRow = (i64, String, String, Option<i64>, Option<i64>);

impl TestApp {
    /// `POST /api/user/api-keys` from the main client; expects 201 and returns the key.
    pub async fn create_key(&self, name: &str, scopes: &[&str]) -> String {
        self.create_key_with(json!({ "name": name, "scopes": scopes }))
            .await
    }

    pub async fn create_key_with(&self, body: Value) -> String {
        let reply = self.post_json("/api/user/api-keys", body).await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        reply.body["key"].as_str().unwrap().to_owned()
    }

    /// `method path` with `Authorization: Bearer <key>`, from a client without cookies.
    pub async fn with_key(&self, key: &str, method: &str, path: &str, body: Value) -> Reply {
        let client = reqwest::Client::new();
        let url = self.url(path);
        let request = match method {
            "get" => client.get(url),
            "post" => client.post(url).json(&body),
            "put" => client.put(url).json(&body),
            "patch" => client.patch(url).json(&body),
            "delete" => client.delete(url),
            other => panic!("{other}: a method this helper does not know"),
        };
        self.send(request.bearer_auth(key)).await
    }

    /// Every stored key row, oldest first.
    pub fn key_rows(&self) -> Vec<KeyRow> {
        self.with_conn(|conn| {
            api_keys::table
                .order(api_keys::id.asc())
                .select((
                    api_keys::id,
                    api_keys::prefix,
                    api_keys::key_hash,
                    api_keys::revoked_at,
                    api_keys::last_used_at,
                ))
                .load(conn)
                .unwrap()
        })
    }

    pub fn set_key_times(&self, id: i64, expires_at: Option<i64>, last_used_at: Option<i64>) {
        self.with_conn(|conn| {
            diesel::update(api_keys::table.find(id))
                .set((
                    api_keys::expires_at.eq(expires_at),
                    api_keys::last_used_at.eq(last_used_at),
                ))
                .execute(conn)
                .unwrap()
        });
    }

    /// Rows of the `sessions` table, whoever they belong to.
    pub fn all_sessions(&self) -> i64 {
        use persistence::schema::sessions;
        self.with_conn(|conn| sessions::table.count().get_result(conn).unwrap())
    }
}
