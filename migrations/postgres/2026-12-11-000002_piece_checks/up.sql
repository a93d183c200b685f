-- The last check of each piece (`POST /api/user/pieces/{id}/check`, docs/renewals.md#what-a-piece-shows):
-- whether a request through it worked, the exit IP the IP-echo service saw and the time it took,
-- or why it failed in words. One row per piece, replaced by each check.
CREATE TABLE piece_checks (
    piece_id BIGINT PRIMARY KEY REFERENCES piece_proxies (id) ON DELETE CASCADE,
    ok BOOLEAN NOT NULL,
    exit_ip TEXT,
    latency_ms BIGINT,
    error TEXT,
    checked_at BIGINT NOT NULL
);
