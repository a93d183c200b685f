-- Sub-users: named extra proxy credentials of one traffic kind (premium or budget), each with
-- its own password, an optional cap of its own (limit_bytes; NULL: only the parent's balance
-- bounds it) and an optional concurrent-connection cap. Their traffic comes out of the
-- parent's balance: used_bytes and leased_bytes here count the same bytes again, so that the
-- cap holds across gateway nodes exactly as the balance does (docs/operations.md, "Gateway
-- fleet").
CREATE TABLE subusers (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    password TEXT NOT NULL,
    limit_bytes BIGINT CHECK (limit_bytes IS NULL OR limit_bytes >= 0),
    used_bytes BIGINT NOT NULL DEFAULT 0,
    leased_bytes BIGINT NOT NULL DEFAULT 0 CHECK (leased_bytes >= 0),
    max_connections INTEGER CHECK (max_connections IS NULL OR max_connections > 0),
    enabled BOOLEAN NOT NULL DEFAULT TRUE,
    created_at BIGINT NOT NULL,
    UNIQUE (user_id, name)
);

-- Settings of the main proxy credential: its own concurrent-connection cap (no row, or NULL:
-- only the per-customer limit of the gateway).
CREATE TABLE proxy_settings (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    max_connections INTEGER CHECK (max_connections IS NULL OR max_connections > 0)
);

-- A lease is held per credential: the main one (subuser_id 0) or a sub-user's.
ALTER TABLE gateway_leases ADD COLUMN subuser_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE gateway_leases DROP CONSTRAINT gateway_leases_pkey;
ALTER TABLE gateway_leases ADD PRIMARY KEY (node_id, user_id, kind, subuser_id);
