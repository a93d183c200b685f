-- A reseller's white label and catalogue (docs/resellers.md "White label", "Catalogue").

-- The brand its clients see instead of the shop's: the sign-in page at /r/{slug}, the name,
-- logo and colour of their dashboard, a support contact, and the host name their proxy lines
-- name (the reseller's own name for the shop's gateway, a CNAME). The logo is the server's
-- re-encoding of the upload (PNG), kept here so that every instance serves it; `logo_version`
-- changes with each logo so that its address does.
CREATE TABLE reseller_brands (
    reseller_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    colour TEXT NOT NULL,
    support_email TEXT,
    support_url TEXT,
    proxy_host TEXT,
    logo BYTEA,
    logo_version BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Whether the reseller's clients may top up and buy from its catalogue, and its price per GB
-- of each kind it sells them (in cents; a kind without a row is not sold).
ALTER TABLE resellers ADD COLUMN client_purchases BOOLEAN NOT NULL DEFAULT FALSE;
CREATE TABLE reseller_prices (
    reseller_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    cents_per_gb BIGINT NOT NULL CHECK (cents_per_gb > 0),
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (reseller_id, kind)
);

-- Every purchase a client made from its reseller's catalogue, written in the purchase's
-- transaction: the client paid `price_cents` (credited to the reseller's balance), the shop
-- debited the reseller `cost_cents` (its price after the reseller's discount). `client_id`
-- has no foreign key, as in reseller_transfers: a deleted client's sales stay in the report.
CREATE TABLE reseller_sales (
    id BIGSERIAL PRIMARY KEY,
    reseller_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    bytes BIGINT NOT NULL CHECK (bytes > 0),
    price_cents BIGINT NOT NULL CHECK (price_cents >= 0),
    cost_cents BIGINT NOT NULL CHECK (cost_cents >= 0),
    created_at BIGINT NOT NULL
);
CREATE INDEX reseller_sales_reseller ON reseller_sales (reseller_id, client_id, created_at);

-- The ledger takes the kind client_sale: a reseller's takings from a client's purchase.
ALTER TABLE wallet_ledger DROP CONSTRAINT wallet_ledger_kind_check;
ALTER TABLE wallet_ledger ADD CONSTRAINT wallet_ledger_kind_check CHECK (kind IN ('topup', 'purchase', 'referral_bonus', 'refund', 'admin_adjustment', 'sla_credit', 'client_sale'));
