-- Validity of traffic, upstream accounts of the residential source, and piece stock.

-- When the unused traffic of a kind expires (the latest purchase's validity); NULL = never.
ALTER TABLE traffic_balances ADD COLUMN expires_at BIGINT;

-- A plan may stop being sold at a set time (NULL = no end).
ALTER TABLE plans ADD COLUMN available_until BIGINT;

-- The customer's account at an upstream residential provider (one per customer and kind).
CREATE TABLE upstream_accounts (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    provider TEXT NOT NULL,
    external_id TEXT NOT NULL,
    username TEXT NOT NULL,
    password TEXT NOT NULL,
    -- The upstream's lifetime used bytes last seen (usage is recorded as the difference).
    used_bytes BIGINT NOT NULL DEFAULT 0 CHECK (used_bytes >= 0),
    -- Who syncs the account holds it until then (one sync at a time across instances).
    sync_until BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind, provider)
);

-- What can be sold by the piece: one row per static country+ISP, datacenter country or LTE
-- endpoint. A sale is one conditional UPDATE of sold, so stock is never oversold.
CREATE TABLE piece_stock (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    code TEXT NOT NULL,
    country TEXT NOT NULL,
    isp TEXT,
    isp_name TEXT,
    city TEXT,
    conn_type TEXT,
    ip TEXT,
    capacity INTEGER NOT NULL CHECK (capacity >= 0),
    sold INTEGER NOT NULL DEFAULT 0 CHECK (sold >= 0),
    active BOOLEAN NOT NULL DEFAULT TRUE,
    UNIQUE (kind, code),
    CHECK (sold <= capacity)
);
CREATE INDEX piece_stock_kind ON piece_stock (kind, country);

-- Which stock an order and its pieces came from (stock goes back when a piece expires or an
-- order fails); when a piece's slot went back to stock.
ALTER TABLE piece_orders ADD COLUMN stock_id BIGINT;
ALTER TABLE piece_proxies ADD COLUMN stock_id BIGINT;
ALTER TABLE piece_proxies ADD COLUMN released_at BIGINT;
CREATE INDEX piece_proxies_expiry ON piece_proxies (released_at, expires_at);
