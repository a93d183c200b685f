-- Prices beyond the catalogue's list price (docs/admin-api/prices.md): what a purchase costs is
-- the list price, then the customer's own price of the kind, then a coupon; a custom amount of GB
-- is priced at the plan's volume tier for that amount.

-- Coupons: `code` is kept upper-case (codes are case-insensitive); exactly one of `percent_off`
-- and `amount_off_cents`; `kinds` and `plan_ids` are comma-separated lists (empty: any).
-- `uses` moves in the purchase's transaction, by a conditional update that never takes it past
-- `max_uses` (the CHECK holds it too); what the uses paid and saved is summed from
-- `purchase_prices`.
CREATE TABLE coupons (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL UNIQUE,
    percent_off INTEGER,
    amount_off_cents BIGINT,
    kinds TEXT NOT NULL DEFAULT '',
    plan_ids TEXT NOT NULL DEFAULT '',
    min_spend_cents BIGINT,
    max_uses INTEGER,
    max_uses_per_customer INTEGER NOT NULL DEFAULT 1,
    first_purchase_only BOOLEAN NOT NULL DEFAULT FALSE,
    valid_from BIGINT,
    valid_until BIGINT,
    active BOOLEAN NOT NULL DEFAULT TRUE,
    uses INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    CHECK ((percent_off IS NULL) <> (amount_off_cents IS NULL)),
    CHECK (percent_off BETWEEN 1 AND 90),
    CHECK (amount_off_cents >= 1),
    CHECK (max_uses_per_customer >= 1),
    CHECK (max_uses IS NULL OR uses <= max_uses)
);

-- How a purchase's price was reached, when anything but the list price applied (always with a
-- coupon): one row per
-- ledger reference of the debit (`wallet_ledger.reference`), read by the wallet history and the
-- receipt, and counted per coupon and customer for `max_uses_per_customer`.
CREATE TABLE purchase_prices (
    reference TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    list_cents BIGINT NOT NULL,
    tier_min_gb BIGINT,
    tier_price_cents BIGINT,
    customer_percent INTEGER,
    customer_discount_cents BIGINT NOT NULL DEFAULT 0,
    coupon_id BIGINT REFERENCES coupons (id),
    coupon_code TEXT,
    coupon_discount_cents BIGINT NOT NULL DEFAULT 0,
    -- The order failed and was given back: its use of the coupon no longer counts.
    coupon_released BOOLEAN NOT NULL DEFAULT FALSE,
    paid_cents BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX purchase_prices_coupon ON purchase_prices (coupon_id, user_id);

-- Volume prices of a traffic plan for custom amounts: from `min_gb` GB up, each GB costs
-- `price_per_gb_cents` (the tier with the largest `min_gb` not above the amount applies).
CREATE TABLE plan_tiers (
    plan_id BIGINT NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
    min_gb BIGINT NOT NULL,
    price_per_gb_cents BIGINT NOT NULL,
    PRIMARY KEY (plan_id, min_gb),
    CHECK (min_gb >= 1),
    CHECK (price_per_gb_cents >= 1)
);

-- A customer's own price of a kind, set by the operator: this many per cent off every list
-- price of the kind.
CREATE TABLE customer_prices (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    percent_off INTEGER NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind),
    CHECK (percent_off BETWEEN 1 AND 90)
);
