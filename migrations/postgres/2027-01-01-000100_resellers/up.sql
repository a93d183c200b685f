-- Resellers (docs/resellers.md): a customer the operator made a reseller sells to clients of
-- their own, moving GB from their traffic to their clients' accounts.

-- The operator's grant: whether the account may use the reseller routes, the discount on its
-- own purchases (every kind, beside the customer's own price of a kind: the larger applies),
-- and how many clients it may have. Written only by `PUT /api/admin/users/{id}/reseller`, in
-- the transaction of its audit row.
CREATE TABLE resellers (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    enabled BOOLEAN NOT NULL,
    discount_percent INTEGER NOT NULL CHECK (discount_percent BETWEEN 0 AND 90),
    max_clients INTEGER NOT NULL CHECK (max_clients BETWEEN 1 AND 10000),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- A client is an ordinary account marked with its reseller, so that sign-in, its guard, resets
-- and sessions are the accounts' own; the API gives such a session only the client's own
-- dashboard (api/src/client_access). No foreign key, as for `subuser_id`: the reseller's
-- account is never deleted, and SQLite cannot drop a column that has one.
-- `suspended`: the reseller switched the client off. It is always set together with
-- `disabled` (which the sign-in, the sessions and the gateway obey), so that resuming enables
-- only an account the reseller itself switched off, never one the operator disabled.
-- `client_note`: the reseller's own note on the client.
ALTER TABLE users ADD COLUMN reseller_id BIGINT;
ALTER TABLE users ADD COLUMN suspended BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE users ADD COLUMN client_note TEXT;
CREATE INDEX users_reseller_id ON users (reseller_id, id);

-- Every move of traffic between a reseller and a client, written in the move's transaction:
-- `allocate` moved `bytes` from the reseller's balance of `kind` to the client's (valid until
-- `expires_at`, NULL: no end), `reclaim` moved them back. `api_key_id`: the reseller's key that
-- asked (NULL: the reseller's session). `client_id` has no foreign key: a deleted client's moves
-- stay in the reseller's ledger.
CREATE TABLE reseller_transfers (
    id BIGSERIAL PRIMARY KEY,
    reseller_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    direction TEXT NOT NULL CHECK (direction IN ('allocate', 'reclaim')),
    bytes BIGINT NOT NULL CHECK (bytes > 0),
    expires_at BIGINT,
    api_key_id BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX reseller_transfers_reseller ON reseller_transfers (reseller_id, id);
CREATE INDEX reseller_transfers_client ON reseller_transfers (client_id, id);
