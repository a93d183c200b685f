//! Pool probes against local test pools (`upstream::chain::testing`) on both backends: three
//! failed probes in a row mark a pool down (two do not), one success brings it back; the
//! operator's test answers the exit IP through a working pool and a sentence naming nothing of
//! the pool through a refusing one, audited with the recorded outcome.

use super::*;
use domain::upstream_pool::PoolProtocol;
use persistence::audit::AuditFilter;
use persistence::upstream_pools::NewPool;
use std::net::SocketAddr;
use upstream::chain::testing::{Behaviour, EchoServer, TestUpstream, closed_port};

const SECRET: &str = "Pr0vider-S3cret";

fn add_pool(db: &DbPool, name: &str, at: SocketAddr) -> i64 {
    let mut conn = db.get().unwrap();
    let new = NewPool {
        name: name.into(),
        kinds: "premium".into(),
        protocol: PoolProtocol::Http,
        host: at.ip().to_string(),
        port: i32::from(at.port()),
        username: "shopuser".into(),
        password: SECRET.into(),
        username_template: "{username}".into(),
        password_template: "{password}[_country-{country}]".into(),
        cost_per_gb_cents: domain::Cents::new(150),
        weight: 1,
        countries: String::new(),
        active: true,
    };
    persistence::write_transaction(&mut conn, |c| upstream_pools::create(c, &new))
        .unwrap()
        .id
}

fn stored(db: &DbPool, id: i64) -> PoolRow {
    upstream_pools::find(&mut db.get().unwrap(), id)
        .unwrap()
        .unwrap()
}

fn settings(echo: &EchoServer) -> ProbeSettings {
    ProbeSettings {
        url: echo.url(),
        timeout: Duration::from_secs(5),
    }
}

persistence::both_backends! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn three_failed_probes_mark_a_pool_down_and_one_success_brings_it_back(backend) {
        let Some(db) = persistence::testing::TestDatabase::new(backend) else { return };
        let echo = EchoServer::start().await;
        let pool = TestUpstream::http(Behaviour::RejectCredentials).await;
        let id = add_pool(&db.pool, "flaky", pool.addr);
        let settings = settings(&echo);

        for failures in 1..=2 {
            assert_eq!(probe_all(&db.pool, &settings).await.unwrap(), 1);
            let row = stored(&db.pool, id);
            assert_eq!((row.up, row.failures), (true, failures), "two failures are not enough");
        }
        let routable = |db: &DbPool| upstream_pools::routable(&mut db.get().unwrap()).unwrap().len();
        assert_eq!(routable(&db.pool), 1);
        probe_all(&db.pool, &settings).await.unwrap();
        let row = stored(&db.pool, id);
        assert_eq!((row.up, row.failures), (false, 3), "the third failure marks it down");
        assert_eq!(row.last_error.as_deref(), Some("The pool rejected the credentials"));
        assert_eq!(routable(&db.pool), 0, "the gateway's next read skips it");
        assert_eq!(echo.answered(), 0);
        let seen = pool.seen();
        assert_eq!((seen[0].username.as_str(), seen[0].password.as_str()), ("shopuser", SECRET));

        pool.set(Behaviour::Tunnel);
        probe_all(&db.pool, &settings).await.unwrap();
        let row = stored(&db.pool, id);
        assert_eq!((row.up, row.failures, row.last_error), (true, 0, None));
        assert_eq!(echo.answered(), 1, "the probe fetched the check URL through the pool");
        assert_eq!(routable(&db.pool), 1);
    }

    async fn inactive_pools_are_not_probed(backend) {
        let Some(db) = persistence::testing::TestDatabase::new(backend) else { return };
        let echo = EchoServer::start().await;
        let pool = TestUpstream::http(Behaviour::Tunnel).await;
        let id = add_pool(&db.pool, "off", pool.addr);
        let changes = upstream_pools::PoolChanges { active: Some(false), ..Default::default() };
        upstream_pools::update(&mut db.pool.get().unwrap(), id, &changes).unwrap();
        assert_eq!(probe_all(&db.pool, &settings(&echo)).await.unwrap(), 0);
        assert!(pool.seen().is_empty());
        assert_eq!(stored(&db.pool, id).checked_at, None);
    }

    async fn the_operators_test_answers_the_exit_ip_or_a_clean_error_and_is_audited(backend) {
        let Some(db) = persistence::testing::TestDatabase::new(backend) else { return };
        let admin = persistence::testing::insert_user(&mut db.pool.get().unwrap(), "admin");
        let echo = EchoServer::start().await;
        let good = TestUpstream::socks5(Behaviour::Tunnel).await;
        let good_id = add_pool(&db.pool, "good", good.addr);
        let changes = upstream_pools::PoolChanges {
            protocol: Some(PoolProtocol::Socks5),
            ..Default::default()
        };
        upstream_pools::update(&mut db.pool.get().unwrap(), good_id, &changes).unwrap();
        let refusing = closed_port().await;
        let bad_id = add_pool(&db.pool, "refusing", refusing);
        let settings = settings(&echo);

        let report = test_pool(&db.pool, &settings, good_id, admin, "missing").await.unwrap();
        let (ip, _) = report.result.clone().unwrap();
        assert_eq!(ip.to_string(), "127.0.0.1", "the address the echo service saw");
        assert!(report.up);
        assert_eq!(good.seen()[0].target, echo.addr.to_string());

        let report = test_pool(&db.pool, &settings, bad_id, admin, "missing").await.unwrap();
        let error = report.result.clone().unwrap_err();
        assert_eq!(error, "The pool refused the connection or could not be reached");
        for secret in [&refusing.port().to_string(), "127.0.0.1", "shopuser", SECRET] {
            assert!(!error.contains(secret), "{error}");
        }
        assert!(report.up, "one failure does not mark it down");
        assert_eq!(stored(&db.pool, bad_id).failures, 1, "the test's outcome counts");

        let mut conn = db.pool.get().unwrap();
        let filter = AuditFilter { action: Some("upstream.test".into()), ..Default::default() };
        let (rows, total) = persistence::audit::list(&mut conn, &filter, 10, 0).unwrap();
        assert_eq!(total, 2);
        let newest: serde_json::Value =
            serde_json::from_str(rows[0].after_state.as_deref().unwrap()).unwrap();
        assert_eq!(rows[0].target.as_deref(), Some(format!("upstream:{bad_id}").as_str()));
        assert_eq!(newest["ok"], false);
        assert_eq!(newest["error"], error.as_str());
        assert!(!rows[0].after_state.as_deref().unwrap().contains(SECRET));

        assert!(matches!(
            test_pool(&db.pool, &settings, 9_999, admin, "missing").await,
            Err(AppError::NotFoundWith("missing"))
        ));
    }
}
