-- Upstream pools (`/api/admin/upstreams`, docs/admin-api/upstreams.md): the providers the gateway
-- relays Premium and Budget traffic through. `kinds` and `countries` are comma-separated names
-- (countries empty: every country); `password` is write-only in the API and never logged;
-- money is integer cents. `upstream_pool_health.carried_bytes` counts what the pool carried: a pool that carried
-- traffic is deactivated, never deleted. Health (`upstream_pool_health`): `up`, the consecutive
-- failed probes, when it was last checked and the last failure's text (never a credential).
CREATE TABLE upstream_pools (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    kinds TEXT NOT NULL,
    protocol TEXT NOT NULL,
    host TEXT NOT NULL,
    port INTEGER NOT NULL,
    username TEXT NOT NULL,
    password TEXT NOT NULL,
    username_template TEXT NOT NULL,
    password_template TEXT NOT NULL,
    cost_per_gb_cents BIGINT NOT NULL CHECK (cost_per_gb_cents >= 0),
    weight INTEGER NOT NULL CHECK (weight > 0),
    countries TEXT NOT NULL,
    active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
-- One row per pool, written with it: what it carried and its health.
CREATE TABLE upstream_pool_health (
    pool_id BIGINT PRIMARY KEY REFERENCES upstream_pools (id) ON DELETE CASCADE,
    carried_bytes BIGINT NOT NULL DEFAULT 0 CHECK (carried_bytes >= 0),
    up BOOLEAN NOT NULL DEFAULT TRUE,
    failures INTEGER NOT NULL DEFAULT 0,
    checked_at BIGINT,
    last_error TEXT
);
