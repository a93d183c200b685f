-- Exchange rates for the approximate prices shown beside USD (docs/configuration.md, "Display
-- currencies"): one row per currency, the units of it one US dollar buys as the decimal text
-- Cryptomus gave (`per_usd`, kept exactly), and when it was fetched. A refresh overwrites the
-- rows it read; a failed one leaves them, and a row older than three days is not shown.
CREATE TABLE exchange_rates (
    currency TEXT PRIMARY KEY,
    per_usd TEXT NOT NULL,
    fetched_at BIGINT NOT NULL
);
