//! `POST /api/user/check` against the real built-in gateway and a local IP-echo server: a good
//! line answers the exit IP and the latency; a wrong password and an empty plan say so in
//! words; a line for any other host or port is refused before any connection; the checks are
//! rate-limited per customer.

use crate::common::{PASSWORD, TestApp};
use api::{CheckSettings, GatewayEndpoints};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

const USER: &str = "checker@example.com";

/// A listener that counts the connections it gets and answers each with `{"ip": <peer>}`.
async fn echo_server() -> (SocketAddr, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let hits = Arc::new(AtomicUsize::new(0));
    let counted = hits.clone();
    actix_web::rt::spawn(async move {
        while let Ok((mut stream, peer)) = listener.accept().await {
            counted.fetch_add(1, Ordering::SeqCst);
            actix_web::rt::spawn(async move {
                let mut head = Vec::new();
                let mut buf = [0u8; 1024];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let body = format!("{{\"ip\":\"{}\"}}", peer.ip());
                let answer = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(answer.as_bytes()).await;
            });
        }
    });
    (addr, hits)
}

/// The shop with a running gateway: the test app (registration, top-ups) and a second API
/// instance on the same database that knows the gateway's ports and the echo server.
pub(crate) struct Shop {
    pub(crate) app: TestApp,
    pub(crate) api: String,
    pub(crate) gateway: SocketAddr,
    pub(crate) echo_hits: Arc<AtomicUsize>,
}

impl Shop {
    pub(crate) async fn start(backend: persistence::Backend, checks_per_user: u32) -> Shop {
        let app = TestApp::start(backend, |_| {}).await;
        let pool = persistence::connect(&app.db.url, &persistence::testing::small_pool()).unwrap();
        let config = gateway::GatewayConfig {
            http_addr: "127.0.0.1:0".parse().unwrap(),
            socks_addr: "127.0.0.1:0".parse().unwrap(),
            allow_private: true,
            ..gateway::GatewayConfig::default()
        };
        let node = gateway::Gateway::bind(config, pool).await.unwrap();
        let (http, socks) = (node.http_addr(), node.socks_addr());
        actix_web::rt::spawn(node.run(std::future::pending()));
        let (echo, echo_hits) = echo_server().await;
        let api = app.second_instance(|s| {
            s.gateway = GatewayEndpoints {
                host: "127.0.0.1".into(),
                http_port: http.port(),
                socks_port: socks.port(),
                allow_private: true,
            };
            s.check = CheckSettings {
                url: format!("http://{echo}/ip"),
                timeout: Duration::from_secs(10),
            };
            s.limits.check_per_user = checks_per_user;
        });
        app.register(USER, PASSWORD).await;
        Shop {
            app,
            api,
            gateway: http,
            echo_hits,
        }
    }

    pub(crate) async fn post(&self, path: &str, body: Value) -> crate::common::Reply {
        let request = self
            .app
            .client
            .post(format!("{}{path}", self.api))
            .json(&body);
        self.app.send(request).await
    }

    pub(crate) async fn check(&self, line: &str) -> crate::common::Reply {
        self.post("/api/user/check", json!({ "proxy": line })).await
    }

    /// Buys 5 GB of Premium and generates `quantity` sticky lines in `port`'s protocol.
    async fn generate(&self, port: &str) -> Vec<String> {
        let id = self.app.top_up(15.0).await;
        self.app.pay(&id).await;
        let bought = self
            .post(
                "/api/user/get_plan",
                json!({ "type": "premium", "amount": 5 }),
            )
            .await;
        assert_eq!(bought.status, 200, "{}", bought.text);
        let body = json!({ "country": "us", "state": "ca", "city": "losangeles", "quantity": 2, "rotation": "sticky", "port": port });
        let reply = self.post("/api/user/generate", body).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        reply.body["proxies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_owned())
            .collect()
    }
}

/// host, port, user, pass of a `host:port:user:pass` line.
pub(crate) fn split(line: &str) -> (String, String, String, String) {
    let p: Vec<&str> = line.split(':').collect();
    (p[0].into(), p[1].into(), p[2].into(), p[3].into())
}

persistence::both_backends! {

    #[actix_web::test]
    async fn a_good_line_answers_the_exit_ip_and_latency(backend) {
        let shop = Shop::start(backend, 30).await;
        let lines = shop.generate("http|https").await;
        let (host, port, user, pass) = split(&lines[0]);
        assert_eq!(port, shop.gateway.port().to_string());
        let reply = shop.check(&lines[0]).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body["ok"], true, "{}", reply.text);
        assert_eq!(reply.body["exitIp"], "127.0.0.1");
        assert!(reply.body["latencyMs"].is_u64(), "{}", reply.text);
        assert_eq!(reply.body["error"], Value::Null);
        // The other output formats read the same, and a SOCKS5 line is checked too.
        let reply = shop.check(&format!("{user}:{pass}@{host}:{port}")).await;
        assert_eq!(reply.body["ok"], true, "{}", reply.text);
        let socks = shop.generate("socks5").await;
        let reply = shop.check(&socks[1]).await;
        assert_eq!(reply.body["ok"], true, "{}", reply.text);
        assert_eq!(shop.echo_hits.load(Ordering::SeqCst), 3);
    }

    async fn a_wrong_password_and_an_empty_plan_are_named(backend) {
        let shop = Shop::start(backend, 30).await;
        let lines = shop.generate("http|https").await;
        let (host, port, user, _) = split(&lines[0]);
        let reply = shop.check(&format!("{host}:{port}:{user}:wrongpass")).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.body, json!({ "ok": false, "exitIp": null, "latencyMs": null, "error": "Wrong username or password" }));
        // Budget was never bought: the right password, no traffic.
        let me = shop.app.user(USER).unwrap();
        let budget = format!("{host}:{port}:{}-type-budget:{}", me.proxy_username, me.proxy_password);
        let reply = shop.check(&budget).await;
        assert_eq!((reply.body["ok"].clone(), reply.body["error"].clone()), (json!(false), json!("No traffic left")), "{}", reply.text);
        assert_eq!(shop.echo_hits.load(Ordering::SeqCst), 0, "no request reached the echo");
    }

    async fn only_our_gateway_is_ever_contacted(backend) {
        let shop = Shop::start(backend, 30).await;
        let lines = shop.generate("http|https").await;
        let (_, port, user, pass) = split(&lines[0]);
        let foreign = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let foreign_port = foreign.local_addr().unwrap().port();
        for line in [
            format!("127.0.0.1:{foreign_port}:{user}:{pass}"),
            format!("evil.example:{port}:{user}:{pass}"),
            format!("{user}:{pass}@127.0.0.2:{port}"),
        ] {
            let reply = shop.check(&line).await;
            assert_eq!((reply.status, reply.message()), (400, "Only proxies generated here can be tested"), "{line}");
        }
        for junk in ["hello", "http://127.0.0.1:1/", "a:b:c"] {
            let reply = shop.check(junk).await;
            assert_eq!(reply.status, 400, "{junk}: {}", reply.text);
        }
        let reply = shop.post("/api/user/check", json!({ "proxy": "  " })).await;
        assert_eq!((reply.status, reply.message()), (422, "Please paste a proxy line to test"));
        // Nothing connected to the foreign listener, nothing reached the echo server.
        let accepted = tokio::time::timeout(Duration::from_millis(1), foreign.accept()).await;
        assert!(accepted.is_err(), "the foreign host was contacted");
        assert_eq!(shop.echo_hits.load(Ordering::SeqCst), 0);
        // Guests may not check.
        let guest = shop.app.new_client().post(format!("{}/api/user/check", shop.api)).json(&json!({ "proxy": lines[0] }));
        assert_eq!(shop.app.send(guest).await.status, 401);
    }

    async fn checks_are_rate_limited_per_customer(backend) {
        let shop = Shop::start(backend, 3).await;
        let lines = shop.generate("http|https").await;
        for _ in 0..3 {
            assert_eq!(shop.check(&lines[0]).await.body["ok"], true);
        }
        let reply = shop.check(&lines[0]).await;
        assert_eq!((reply.status, reply.message()), (429, "Too many requests. Please try again later"));
        assert!(reply.header("retry-after").is_some());
        assert_eq!(shop.echo_hits.load(Ordering::SeqCst), 3);
    }
}
