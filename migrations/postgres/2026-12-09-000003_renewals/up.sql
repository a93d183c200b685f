-- Renewals of pieces (docs/renewals.md). A piece renews for another period of its plan when
-- its auto-renew is on (the customer's default for new purchases is in renewal_settings), or
-- by hand. failed_for holds the expiry for which a failed automatic renewal was last reported,
-- so the report goes out once per period whichever instance fails first. No row: auto-renew
-- off, nothing reported.
CREATE TABLE piece_auto_renew (
    piece_id BIGINT PRIMARY KEY REFERENCES piece_proxies (id) ON DELETE CASCADE,
    auto_renew BOOLEAN NOT NULL,
    failed_for BIGINT
);

-- One row per renewal of one period: (piece, the expiry it extends) is unique among the
-- renewals not refunded, so two renewals of the same period (the job on two instances, a double
-- click) cannot both debit, while one the provider refused may be tried again by hand.
-- status: pending (paid, the provider not answered yet), done, refunded (the provider
-- refused; the price went back), unknown (the provider's answer was lost: an operator checks).
CREATE TABLE piece_renewals (
    id BIGSERIAL PRIMARY KEY,
    piece_id BIGINT NOT NULL REFERENCES piece_proxies (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    from_expires_at BIGINT NOT NULL,
    to_expires_at BIGINT NOT NULL,
    price_cents BIGINT NOT NULL,
    status TEXT NOT NULL,
    automatic BOOLEAN NOT NULL,
    created_at BIGINT NOT NULL,
    finished_at BIGINT
);
CREATE UNIQUE INDEX piece_renewals_period ON piece_renewals (piece_id, from_expires_at)
    WHERE status <> 'refunded';
CREATE INDEX piece_renewals_user ON piece_renewals (user_id, id);

-- A customer's default for pieces bought from now on (no row: off).
CREATE TABLE renewal_settings (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    auto_renew BOOLEAN NOT NULL,
    updated_at BIGINT NOT NULL
);
