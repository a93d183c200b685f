-- Attempt counters kept in the database, so that a limit holds across every instance (one
-- fixed window per key, e.g. "2fa:user:42" or "2fa:ip:203.0.113.9").
CREATE TABLE rate_windows (
    key TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    hits INTEGER NOT NULL
);
