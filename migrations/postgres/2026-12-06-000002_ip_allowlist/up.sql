-- IP allowlist authentication: a customer's source addresses (an address or a CIDR range no
-- wider than an IPv4 /24 or an IPv6 /48) that the gateway lets in without credentials,
-- metered to that customer and kind. `bucket` is the /24 or /48 holding the range: two
-- entries can only overlap inside one bucket, so the one-owner check reads one bucket.
CREATE TABLE ip_allowlist (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    network TEXT NOT NULL,
    bucket TEXT NOT NULL,
    kind TEXT NOT NULL,
    piece_id BIGINT REFERENCES piece_proxies (id) ON DELETE CASCADE,
    country TEXT,
    state TEXT,
    city TEXT,
    rotation TEXT NOT NULL DEFAULT 'random',
    created_at BIGINT NOT NULL
);
CREATE INDEX ip_allowlist_bucket ON ip_allowlist (bucket);
CREATE INDEX ip_allowlist_user_id ON ip_allowlist (user_id);
