-- Pieces a reseller assigns to its clients (docs/resellers.md "Pieces"): the piece stays the
-- reseller's (`user_id`: it paid, it renews, its refunds), `client_id` names the client that
-- holds it now (NULL: the reseller itself). No foreign key, as for `users.reseller_id`.
ALTER TABLE piece_proxies ADD COLUMN client_id BIGINT;
CREATE INDEX piece_proxies_client ON piece_proxies (client_id) WHERE client_id IS NOT NULL;

-- One row per assignment and per taking back, written in its transaction, never changed.
CREATE TABLE reseller_piece_moves (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    reseller_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client_id BIGINT NOT NULL,
    piece_id BIGINT NOT NULL,
    direction TEXT NOT NULL CHECK (direction IN ('assign', 'take_back')),
    created_at BIGINT NOT NULL
);
CREATE INDEX reseller_piece_moves_reseller ON reseller_piece_moves (reseller_id, id);
