//! Sub-user sign-ins in tests: a sub-user made, its invitee invited by mail, the link's token
//! read from the mail folder, the password set and the invitee signed in in a browser of its
//! own.

use super::{PASSWORD, Reply, TestApp};
use serde_json::{Value, json};

/// A signed-in sub-user: its browser and the sub-user as its owner's list shows it.
pub struct SubuserSignIn {
    pub client: reqwest::Client,
    pub subuser: Value,
}

impl TestApp {
    /// `POST /api/user/subusers` from `owner`; expects 201.
    pub async fn add_subuser(&self, owner: &reqwest::Client, name: &str) -> Value {
        let body = json!({ "name": name, "type": "premium" });
        let reply = self.post_json_with(owner, "/api/user/subusers", body).await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        reply.body
    }

    pub async fn invite(&self, owner: &reqwest::Client, subuser_id: i64, email: &str) -> Reply {
        let path = format!("/api/user/subusers/{subuser_id}/login");
        self.post_json_with(owner, &path, json!({ "email": email }))
            .await
    }

    /// The `token` of the newest invitation link mailed to `email` (the long link's line makes
    /// the body quoted-printable: its soft line breaks and `=3D` are undone first).
    pub fn invitation_token(&self, email: &str) -> String {
        let raw = std::fs::read_to_string(self.latest_mail(email)).unwrap();
        let text = raw
            .replace("=\r\n", "")
            .replace("=\n", "")
            .replace("=3D", "=");
        let start = text.find("&token=").expect("invitation link") + 7;
        text[start..]
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect()
    }

    pub async fn accept_invitation(&self, email: &str, token: &str, password: &str) -> Reply {
        let body = json!({ "email": email, "token": token, "password": password, "confirmPassword": password });
        self.post_json_with(&self.new_client(), "/api/invitation/accept", body)
            .await
    }

    /// The whole journey: `owner` adds sub-user `name` and invites `email`, who sets the
    /// password from the mail and signs in.
    pub async fn subuser_sign_in(
        &self,
        owner: &reqwest::Client,
        name: &str,
        email: &str,
    ) -> SubuserSignIn {
        let subuser = self.add_subuser(owner, name).await;
        let reply = self
            .invite(owner, subuser["id"].as_i64().unwrap(), email)
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let token = self.invitation_token(email);
        let reply = self.accept_invitation(email, &token, PASSWORD).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let client = self.new_client();
        let body = json!({ "email": email, "password": PASSWORD });
        let reply = self.post_json_with(&client, "/api/login", body).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        SubuserSignIn { client, subuser }
    }
}

impl TestApp {
    /// The status of a sign-in as `email` from a fresh browser.
    pub async fn login_elsewhere(&self, email: &str) -> u16 {
        let body = json!({ "email": email, "password": PASSWORD });
        self.post_json_with(&self.new_client(), "/api/login", body)
            .await
            .status
    }
}
