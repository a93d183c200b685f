-- Connection slots leased by gateway nodes (docs/operations.md, "Gateway fleet"): one row per
-- (limit, customer, node) with the slots of that limit the node holds for the customer. A
-- customer's slots in use fleet-wide are the sum of the unexpired rows of the limit, which a
-- node's take keeps within the cap (the customer's row locked first). `limit_name` names the
-- cap ('customer': the per-customer connection cap). A node renews expires_at at every flush;
-- once past, the row no longer counts and any node deletes it.
CREATE TABLE gateway_slot_leases (
    limit_name TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    node_id TEXT NOT NULL,
    slots BIGINT NOT NULL CHECK (slots >= 0),
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (limit_name, user_id, node_id)
);
CREATE INDEX gateway_slot_leases_expires_at ON gateway_slot_leases (expires_at);
