-- Gateway nodes take traffic in leases (docs/operations.md, "Gateway fleet"): the bytes of a
-- balance held by nodes and not yet settled as used, and which node holds how much.
ALTER TABLE traffic_balances ADD COLUMN leased_bytes BIGINT NOT NULL DEFAULT 0;

-- One row per (node, customer, kind): bytes leased to the node and not yet settled. A node
-- renews expires_at at every flush; once past, any node settles the row as used.
CREATE TABLE gateway_leases (
    node_id TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    bytes BIGINT NOT NULL CHECK (bytes >= 0),
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (node_id, user_id, kind)
);
CREATE INDEX gateway_leases_expires_at ON gateway_leases (expires_at);

-- Changes every gateway node must obey at once (a customer disabled, a piece ended, a
-- credential changed), written in the transaction of the change and polled by the nodes.
CREATE TABLE gateway_events (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT,
    piece_id BIGINT,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX gateway_events_created_at ON gateway_events (created_at);
