-- What the operator console needs: the before and after of each audited change, the last
-- sign-in, a record of every traffic purchase and grant (sales and GB sold per day), the
-- status history of payments, and indexes for the admin lists and the daily figures.

-- The state of the changed row before and after the change, as JSON (NULL where none).
ALTER TABLE audit_log ADD COLUMN before_state TEXT;
ALTER TABLE audit_log ADD COLUMN after_state TEXT;
CREATE INDEX audit_log_admin ON audit_log (admin_id, id);
CREATE INDEX audit_log_action ON audit_log (action, id);
CREATE INDEX audit_log_target ON audit_log (target, id);

-- When each account last signed in (a table of its own: users stays within 16 columns).
CREATE TABLE user_logins (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    last_login_at BIGINT NOT NULL
);
CREATE INDEX users_created_at ON users (created_at);

-- Every change of purchased traffic: a customer's purchase (with its plan and price) or an
-- operator's grant (positive bytes) or removal (negative bytes, price 0).
CREATE TABLE traffic_purchases (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    plan_id BIGINT REFERENCES plans (id) ON DELETE SET NULL,
    bytes BIGINT NOT NULL,
    price_cents BIGINT NOT NULL CHECK (price_cents >= 0),
    source TEXT NOT NULL CHECK (source IN ('purchase', 'admin')),
    created_at BIGINT NOT NULL
);
CREATE INDEX traffic_purchases_created ON traffic_purchases (created_at);
CREATE INDEX traffic_purchases_user ON traffic_purchases (user_id, created_at);
CREATE INDEX traffic_purchases_plan ON traffic_purchases (plan_id);

-- Each status a payment went through, in order.
CREATE TABLE payment_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    payment_id TEXT NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX payment_events_payment ON payment_events (payment_id, id);

CREATE INDEX wallet_ledger_kind_created ON wallet_ledger (kind, created_at);
CREATE INDEX payments_status ON payments (status, created_at);
CREATE INDEX piece_orders_status ON piece_orders (status, created_at);
CREATE INDEX piece_orders_plan ON piece_orders (plan_id);
