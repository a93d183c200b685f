-- Blocked destinations (`/api/admin/blocklist`, docs/admin-api/blocklist.md): the operator's
-- rules the gateway refuses before connecting. `pattern` is canonical (a domain with its
-- subdomains, an address or CIDR range, or a port: `domain::blocklist`), unique; `kinds` the
-- comma-separated proxy kinds it applies to.
CREATE TABLE blocklist_rules (
    id BIGSERIAL PRIMARY KEY,
    pattern TEXT NOT NULL UNIQUE,
    kinds TEXT NOT NULL,
    reason TEXT NOT NULL,
    active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
-- A customer's own blocklist (`/api/user/blocklist`): at most 200 canonical patterns, each once.
CREATE TABLE user_blocklist (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    pattern TEXT NOT NULL,
    PRIMARY KEY (user_id, pattern)
);
