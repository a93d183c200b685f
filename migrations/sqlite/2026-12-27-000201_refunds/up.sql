-- Self-serve refunds (docs/refunds.md). `used_before`: the kind's used bytes right after a
-- purchase was added, so that the traffic used since then counts against that purchase (NULL
-- for purchases written before this column and for operators' grants).
ALTER TABLE traffic_purchases ADD COLUMN used_before BIGINT;
-- One row per refund: of a traffic purchase or of a piece, never both. The unique columns are
-- what makes a purchase or a piece refundable once, whichever instance asks first.
CREATE TABLE refunds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    purchase_id BIGINT UNIQUE REFERENCES traffic_purchases (id) ON DELETE CASCADE,
    piece_id BIGINT UNIQUE REFERENCES piece_proxies (id) ON DELETE CASCADE,
    bytes BIGINT NOT NULL DEFAULT 0 CHECK (bytes >= 0),
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    created_at BIGINT NOT NULL,
    CHECK ((purchase_id IS NULL) <> (piece_id IS NULL))
);
CREATE INDEX refunds_user ON refunds (user_id, id);
-- An operator's refusal of a customer's refunds until `refused_until` (seconds), with the reason the
-- customer is told; one per customer, replaced by the next.
CREATE TABLE refund_refusals (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    refused_until BIGINT NOT NULL,
    reason TEXT NOT NULL,
    created_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL
);
