//! Upstream pools on both backends: created, listed, edited, health recorded, and removed —
//! deleted while they never carried a byte, deactivated once they did.

use domain::Cents;
use domain::upstream_pool::PoolProtocol;
use persistence::both_backends;
use persistence::error::DbError;
use persistence::upstream_pools::{self as pools, NewPool, PoolChanges, Removal};

fn pool(name: &str) -> NewPool {
    NewPool {
        name: name.into(),
        kinds: "premium,budget".into(),
        protocol: PoolProtocol::Http,
        host: "gate.example".into(),
        port: 7000,
        username: "shop".into(),
        password: "s3cret".into(),
        username_template: "user-{username}[-country-{country}]".into(),
        password_template: "{password}".into(),
        cost_per_gb_cents: Cents::new(175),
        weight: 3,
        countries: String::new(),
        active: true,
    }
}

both_backends! {
    fn pools_are_created_listed_and_edited(db) {
        let mut conn = db.pool.get().unwrap();
        let a = pools::create(&mut conn, &pool("a")).unwrap();
        assert_eq!((a.name.as_str(), a.port, a.weight, a.cost_per_gb_cents), ("a", 7000, 3, Cents::new(175)));
        assert!(a.active && a.up && a.failures == 0 && a.carried_bytes == 0);
        assert!(matches!(pools::create(&mut conn, &pool("a")), Err(DbError::UniqueViolation(_))));
        let b = pools::create(&mut conn, &NewPool { protocol: PoolProtocol::Socks5, ..pool("b") }).unwrap();
        let names: Vec<_> = pools::list(&mut conn).unwrap().into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["a", "b"]);

        let edit = PoolChanges { weight: Some(9), password: Some("new".into()), countries: Some("de,us".into()), ..Default::default() };
        assert!(pools::update(&mut conn, b.id, &edit).unwrap());
        let b = pools::find(&mut conn, b.id).unwrap().unwrap();
        assert_eq!((b.weight, b.password.as_str(), b.countries.as_str(), b.protocol), (9, "new", "de,us", PoolProtocol::Socks5));
        assert_eq!(b.username, "shop", "fields not in the edit are kept");
        assert!(pools::update(&mut conn, b.id, &PoolChanges::default()).unwrap());
        assert!(!pools::update(&mut conn, 999_999, &edit).unwrap());
        let rename = PoolChanges { name: Some("a".into()), ..Default::default() };
        assert!(matches!(pools::update(&mut conn, b.id, &rename), Err(DbError::UniqueViolation(_))));

        pools::update(&mut conn, a.id, &PoolChanges { active: Some(false), ..Default::default() }).unwrap();
        let routable: Vec<_> = pools::routable(&mut conn).unwrap().into_iter().map(|p| p.id).collect();
        assert_eq!(routable, [b.id]);
    }

    fn the_debug_form_leaves_the_credentials_out(db) {
        let mut conn = db.pool.get().unwrap();
        let a = pools::create(&mut conn, &pool("a")).unwrap();
        let shown = format!("{a:?}");
        assert!(!shown.contains("s3cret") && !shown.contains("shop\""), "{shown}");
    }

    fn a_pool_that_carried_traffic_is_deactivated_not_deleted(db) {
        let mut conn = db.pool.get().unwrap();
        let idle = pools::create(&mut conn, &pool("idle")).unwrap();
        let used = pools::create(&mut conn, &pool("used")).unwrap();
        pools::add_carried(&mut conn, used.id, 1_500).unwrap();
        pools::add_carried(&mut conn, used.id, 500).unwrap();
        assert_eq!(pools::remove(&mut conn, idle.id).unwrap(), Removal::Deleted);
        assert!(pools::find(&mut conn, idle.id).unwrap().is_none());
        assert_eq!(pools::remove(&mut conn, used.id).unwrap(), Removal::Deactivated);
        let kept = pools::find(&mut conn, used.id).unwrap().unwrap();
        assert!(!kept.active);
        assert_eq!(kept.carried_bytes, 2_000);
        assert_eq!(pools::remove(&mut conn, idle.id).unwrap(), Removal::NotFound);
    }

    fn three_failed_probes_mark_a_pool_down_and_one_success_brings_it_back(db) {
        let mut conn = db.pool.get().unwrap();
        let p = pools::create(&mut conn, &pool("p")).unwrap();
        assert!(pools::record_probe(&mut conn, p.id, Some("connect timed out"), 3).unwrap());
        assert!(pools::record_probe(&mut conn, p.id, Some("connect timed out"), 3).unwrap());
        assert!(!pools::record_probe(&mut conn, p.id, Some("refused"), 3).unwrap());
        let down = pools::find(&mut conn, p.id).unwrap().unwrap();
        assert_eq!((down.up, down.failures, down.last_error.as_deref()), (false, 3, Some("refused")));
        assert!(down.checked_at.is_some());
        assert!(pools::routable(&mut conn).unwrap().is_empty(), "a down pool is not routable");
        assert!(pools::record_probe(&mut conn, p.id, None, 3).unwrap());
        let back = pools::find(&mut conn, p.id).unwrap().unwrap();
        assert_eq!((back.up, back.failures, back.last_error), (true, 0, None));
    }
}
