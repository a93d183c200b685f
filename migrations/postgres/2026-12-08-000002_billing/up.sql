-- The billing details a customer prints on their receipts (docs/receipts.md): company,
-- address and VAT id, each optional (an empty string: not set). No row: none set.
CREATE TABLE billing_details (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    company TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    vat_id TEXT NOT NULL DEFAULT '',
    updated_at BIGINT NOT NULL
);
