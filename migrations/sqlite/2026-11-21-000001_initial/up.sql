-- The whole data model (SQLite flavour of migrations/postgres: keep the two in step). Times are unix seconds, money cents, traffic bytes.
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    google_sub TEXT UNIQUE,
    name TEXT NOT NULL,
    phone TEXT,
    avatar_url TEXT,
    role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user')),
    balance_cents BIGINT NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
    ref_code TEXT NOT NULL UNIQUE,
    referred_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    proxy_username TEXT NOT NULL UNIQUE,
    proxy_password TEXT NOT NULL,
    disabled BOOLEAN NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE email_codes (
    email TEXT PRIMARY KEY,
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    sent_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    data TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE plans (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    tag TEXT,
    note TEXT,
    price_cents BIGINT NOT NULL CHECK (price_cents >= 0),
    amount BIGINT NOT NULL CHECK (amount > 0),
    validity_days INTEGER NOT NULL,
    regions TEXT NOT NULL DEFAULT '',
    features TEXT NOT NULL DEFAULT '{}',
    active BOOLEAN NOT NULL DEFAULT 1,
    sort INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX plans_kind ON plans (kind, sort);

CREATE TABLE wallet_ledger (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('topup', 'purchase', 'referral_bonus', 'refund', 'admin_adjustment')),
    amount_cents BIGINT NOT NULL,
    balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
    reference TEXT NOT NULL,
    note TEXT,
    created_at BIGINT NOT NULL,
    UNIQUE (kind, reference)
);
CREATE INDEX wallet_ledger_user ON wallet_ledger (user_id, id);

CREATE TABLE payments (
    id TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    currency TEXT NOT NULL,
    provider TEXT NOT NULL,
    provider_uuid TEXT,
    status TEXT NOT NULL,
    pay_url TEXT,
    raw_callback TEXT,
    expires_at BIGINT,
    credited_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX payments_user ON payments (user_id, created_at);

CREATE TABLE traffic_balances (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    purchased_bytes BIGINT NOT NULL DEFAULT 0 CHECK (purchased_bytes >= 0),
    used_bytes BIGINT NOT NULL DEFAULT 0 CHECK (used_bytes >= 0),
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind)
);

CREATE TABLE usage_daily (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    day TEXT NOT NULL,
    bytes BIGINT NOT NULL DEFAULT 0 CHECK (bytes >= 0),
    PRIMARY KEY (user_id, kind, day)
);

CREATE TABLE proxy_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    proxy TEXT NOT NULL,
    expires_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX proxy_history_user ON proxy_history (user_id, kind, created_at);

CREATE TABLE piece_orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    plan_id BIGINT REFERENCES plans (id) ON DELETE SET NULL,
    country TEXT,
    isp TEXT,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    price_cents BIGINT NOT NULL CHECK (price_cents >= 0),
    status TEXT NOT NULL,
    source TEXT NOT NULL,
    upstream_order_id TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX piece_orders_user ON piece_orders (user_id, created_at);

CREATE TABLE piece_proxies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id BIGINT NOT NULL REFERENCES piece_orders (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    host TEXT NOT NULL,
    port INTEGER NOT NULL,
    username TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    country TEXT,
    city TEXT,
    isp TEXT,
    upstream_id TEXT,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX piece_proxies_user ON piece_proxies (user_id, kind);

CREATE TABLE referral_bonuses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    referrer_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    referred_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    payment_id TEXT NOT NULL UNIQUE REFERENCES payments (id) ON DELETE CASCADE,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    created_at BIGINT NOT NULL
);
CREATE INDEX referral_bonuses_referrer ON referral_bonuses (referrer_id, created_at);

CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    admin_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    action TEXT NOT NULL,
    target TEXT,
    detail TEXT,
    created_at BIGINT NOT NULL
);
