-- Operators' notes on a customer (`/api/admin/users/{id}/notes`, docs/admin-api/customers.md#notes):
-- short text (1–1000 characters), who wrote it and when. Written once, never edited; gone with
-- the customer. The author stays named even if their account goes (author_email is kept).
CREATE TABLE customer_notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    author_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    author_email TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX customer_notes_user ON customer_notes (user_id, id);
