-- The customer API's rate limit: one fixed window of requests per key, kept in the database so
-- that every instance counts against the same limit.
CREATE TABLE api_key_windows (
    key_id BIGINT PRIMARY KEY REFERENCES api_keys (id) ON DELETE CASCADE,
    window_start BIGINT NOT NULL,
    hits INTEGER NOT NULL
);
