-- The abuse desk (docs/admin-api/abuse.md): reports sent through the public form `/abuse`
-- (`POST /api/abuse`), each a case an operator answers and closes. `destination` is a host
-- name (lower case, no trailing dot) or an IP address as the gateway records it in
-- `connection_records.host`; the window is Unix seconds, at most 24 hours.
CREATE TABLE abuse_reports (
    id BIGSERIAL PRIMARY KEY,
    reporter_email TEXT NOT NULL,
    destination TEXT NOT NULL,
    port INTEGER,
    window_from BIGINT NOT NULL,
    window_to BIGINT NOT NULL,
    description TEXT NOT NULL,
    evidence TEXT,
    status TEXT NOT NULL DEFAULT 'open',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX abuse_reports_status ON abuse_reports (status, id);

-- A destination blocked for one customer by the abuse desk. Kept here until the customer
-- blocklist of the gateway takes these rows over; one row per (customer, destination).
CREATE TABLE abuse_customer_blocks (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    destination TEXT NOT NULL,
    report_id BIGINT REFERENCES abuse_reports (id) ON DELETE SET NULL,
    created_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (user_id, destination)
);

-- A case's attribution: the records of one destination in a window of at most 24 hours, a
-- seek on (host, started_at) however many millions of records there are.
CREATE INDEX connection_records_host_started ON connection_records (host, started_at);
