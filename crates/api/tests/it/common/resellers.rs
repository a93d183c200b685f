//! Resellers in tests: the operator's grant written straight into the database (the route has
//! its own test), clients made through the reseller's session, and direct reads of the
//! balances and the transfer ledger that every answer must add up to.

use super::{PASSWORD, Reply, TestApp};
use diesel::prelude::*;
use domain::{ProxyKind, UserId};
use persistence::resellers::accounts::{self, Terms};
use persistence::schema::reseller_transfers;
use serde_json::{Value, json};

impl TestApp {
    /// Makes `email`'s account an enabled reseller of up to `max_clients` clients.
    pub fn grant_reseller(&self, email: &str, max_clients: i32) {
        let id = self.user_id(email);
        let terms = Terms {
            enabled: true,
            discount_percent: 0,
            max_clients,
        };
        self.with_conn(|conn| accounts::set(conn, id, terms).unwrap());
    }

    /// Gives `email` `bytes` of traffic of `kind`, valid until `expires_at` (None: no end).
    pub fn give_traffic(&self, email: &str, kind: ProxyKind, bytes: i64, expires_at: Option<i64>) {
        let id = self.user_id(email);
        self.with_conn(|conn| {
            persistence::traffic::add_purchased(conn, id, kind, bytes, expires_at).unwrap()
        });
    }

    /// `POST /api/reseller/clients` from `reseller` with the test password; expects 201 and
    /// returns the client's id.
    pub async fn add_client(&self, reseller: &reqwest::Client, email: &str) -> i64 {
        let body = json!({ "email": email, "password": PASSWORD });
        let reply = self
            .post_json_with(reseller, "/api/reseller/clients", body)
            .await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        reply.body["client"]["id"].as_i64().unwrap()
    }

    /// `email` signed in on a browser of its own.
    pub async fn signed_in(&self, email: &str) -> reqwest::Client {
        let client = self.new_client();
        let body = json!({ "email": email, "password": PASSWORD });
        let reply = self.post_json_with(&client, "/api/login", body).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        client
    }

    /// `POST /api/reseller/clients/{client}/{way}` (allocate or reclaim) from `reseller`.
    pub async fn move_traffic(
        &self,
        reseller: &reqwest::Client,
        client: i64,
        way: &str,
        body: Value,
    ) -> Reply {
        let path = format!("/api/reseller/clients/{client}/{way}");
        self.post_json_with(reseller, &path, body).await
    }

    /// (purchased, used, leased) bytes of `user`'s balance of `kind`, as stored.
    pub fn stored_balance(&self, user: UserId, kind: ProxyKind) -> (i64, i64, i64) {
        use persistence::schema::traffic_balances;
        self.with_conn(|conn| {
            traffic_balances::table
                .find((user, kind))
                .select((
                    traffic_balances::purchased_bytes,
                    traffic_balances::used_bytes,
                    traffic_balances::leased_bytes,
                ))
                .first(conn)
                .optional()
                .unwrap()
                .unwrap_or((0, 0, 0))
        })
    }

    /// Σ allocated − Σ reclaimed bytes of `kind` in the ledger, per client of `reseller`.
    pub fn net_transfers(&self, reseller: UserId, client: UserId, kind: ProxyKind) -> i64 {
        let rows: Vec<(String, i64)> = self.with_conn(|conn| {
            reseller_transfers::table
                .filter(reseller_transfers::reseller_id.eq(reseller))
                .filter(reseller_transfers::client_id.eq(client))
                .filter(reseller_transfers::kind.eq(kind.as_str()))
                .select((reseller_transfers::direction, reseller_transfers::bytes))
                .load(conn)
                .unwrap()
        });
        rows.iter()
            .map(|(direction, bytes)| match direction.as_str() {
                "allocate" => *bytes,
                "reclaim" => -bytes,
                other => panic!("direction {other}"),
            })
            .sum()
    }
}
