-- Limits the operator sets on a plan (docs/admin-api/plans.md, "Limits"), held by every customer
-- whose latest purchase of the plan's kind was this plan: `max_connections` caps that customer's
-- live connections of the kind across the gateway fleet (the nodes lease slots of it as they do
-- the per-customer cap, `gateway_slot_leases`); `max_requests_per_second` caps the requests they
-- open of the kind per second across the fleet (the nodes take blocks of each second's budget
-- from `rate_windows`); `bandwidth_mbps` caps the megabits per second their connections of the
-- kind move together (each node paces its share). A plan without a row has no limit of its own;
-- a row holds at least one.
CREATE TABLE plan_limits (
    plan_id BIGINT PRIMARY KEY REFERENCES plans (id) ON DELETE CASCADE,
    max_connections INTEGER,
    max_requests_per_second INTEGER,
    bandwidth_mbps INTEGER,
    CHECK (max_connections IS NOT NULL OR max_requests_per_second IS NOT NULL
        OR bandwidth_mbps IS NOT NULL),
    CHECK (max_connections >= 1 AND max_requests_per_second >= 1 AND bandwidth_mbps >= 1)
);

-- The latest purchase of a kind, which names the customer's plan: read by the gateway per
-- (customer, kind).
CREATE INDEX traffic_purchases_user_kind ON traffic_purchases (user_id, kind, id);
